/**
 * What a layout gets for each of Fallback's pages: the props a site's layout usually takes, and
 * the status the page answers with. Fallback's screen comes in its default slot. The option
 * `layout` names the site's; without one, Fallback's own page (Page.astro) takes the same props.
 */
export interface LayoutProps {
	/** The page's title, for `<title>`: "404: This page could not be found." */
	title: string;
	/** The page's help line, for `<meta name="description">`. */
	description: string;
	/** The page's language, for `<html lang>`: `en`, `de`, `ar`. */
	lang: string;
	/** The page's direction, for `<html dir>`. */
	dir: 'ltr' | 'rtl';
	/** The status the page answers with: 404, 503; 500 for the application error pages. */
	status: number;
}
