/** The site's own script: shows a line once it ran (a check a browser test can read). */
export function markRan(): void {
	const line = document.getElementById('script-ran');
	if (line) line.hidden = false;
	document.documentElement.dataset['teamScript'] = 'ran';
	// Long enough that Vite writes it as a file in /_astro/ rather than inline in the page.
	for (const link of document.querySelectorAll<HTMLAnchorElement>('header.masthead a')) {
		if (link.pathname === location.pathname) link.setAttribute('aria-current', 'page');
	}
}
