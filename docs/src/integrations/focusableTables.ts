/**
 * A rehype plugin: every table of the docs' Markdown gets `tabindex="0"`. Starlight lets a wide
 * table scroll sideways; a keyboard user must be able to reach it to scroll it (WCAG 2.1.1, axe's
 * scrollable-region-focusable).
 */
import type { Element, Root } from 'hast';
import { visit } from 'unist-util-visit';

export default function focusableTables() {
	return (tree: Root) => {
		visit(tree, 'element', (node: Element) => {
			if (node.tagName === 'table') node.properties['tabIndex'] = 0;
		});
	};
}
