/**
 * A lucide icon as inline SVG markup: the React component, rendered once at build time with
 * react-dom/server. No JSX renderer is involved, so a site's own (React, Preact, Solid…) is left
 * as it was, and no client runtime reaches its dist/.
 *
 * Inline in HTML an `<svg>` needs no `xmlns` (the parser puts it in the SVG namespace), so it is
 * left out: every page carries several icons. So are lucide's classes (`lucide lucide-house
 * lucide-home`): no rule of Fallback's reads them, and in a site's layout a site's own rules for
 * its lucide icons would restyle Fallback's (31 B gzip on a page of three icons).
 *
 * The package bundles this module with the icons it uses into dist/icons.js (lucide-react itself is
 * not installed with the package: its 50 MB hold thousands of icons Fallback never draws).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { icons, type IconName } from '../catalog/icons';

export type { IconName };

export function iconSvg(name: IconName, size = 24): string {
	const svg = renderToStaticMarkup(
		createElement(icons[name], { size, 'aria-hidden': true, xmlns: undefined }),
	);
	return svg.replace(/^(<svg[^>]*?) class="[^"]*"/, '$1');
}
