/**
 * Where a server that writes its request ID into a page (nginx, the Cloudflare Worker, Kubernetes)
 * puts the line: Fallback's mark, once in the page, the last thing in Fallback's screen, whatever
 * the layout around it (its own `<main>`, none, Starlight's frame).
 */
import { requestIdMarkup } from '../../packages/fallback-pages/src/contract/contract';
import { parseHtml, walkElements, type HtmlNode } from '../../packages/fallback-pages/src/html/pageAnalysis';

/** The screen's last child, when it is a comment: its text (`request-id`); else what is there. */
export function lastInScreen(html: string): string | undefined {
	let screen: HtmlNode | undefined;
	walkElements(parseHtml(html), (element) => {
		if (
			(element.attrs ?? []).some(
				(a) => a.name === 'class' && a.value.split(/\s+/).includes('fallback-screen'),
			)
		)
			screen ??= element;
	});
	const last = screen?.childNodes?.at(-1);
	if (!last) return undefined;
	return last.nodeName === '#comment'
		? `<!--${(last as HtmlNode & { data: string }).data}-->`
		: last.nodeName;
}

/** The number of marks in the page (one: a server replaces the first). */
export const marksIn = (html: string) => html.split(requestIdMarkup.pageAnchor).length - 1;
