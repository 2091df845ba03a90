/**
 * One of this site's built pages in a frame, in one scheme, in given colours. The frame holds the
 * page's own markup, fetched from its address: the page's headers forbid framing it by address
 * (frame-ancestors 'none'). Its colours are set the way the build sets them: the theme's custom
 * properties, computed by the theme's own functions.
 */
import { useEffect, useRef, useState } from 'react';
import {
	schemeColors,
	schemeProperties,
	type BrandColors,
	type Scheme,
} from '../../../../packages/fallback-pages/src/brand/theme.ts';

/** Each page is fetched once, whichever frames show it. */
const pages = new Map<string, Promise<string>>();
const pageText = (src: string) => {
	let page = pages.get(src);
	if (!page) {
		page = fetch(src)
			.then((answer) => answer.text())
			.catch(() => '<p>The page could not be loaded.</p>');
		pages.set(src, page);
	}
	return page;
};

export function paint(frame: HTMLIFrameElement | null, colors: BrandColors, scheme: Scheme, name?: string) {
	const document = frame?.contentDocument;
	if (!document?.documentElement) return;
	const root = document.documentElement.style;
	root.setProperty('color-scheme', scheme);
	for (const [name, value] of schemeProperties(schemeColors(colors, scheme))) root.setProperty(name, value);
	if (name === undefined) return;
	const header = document.querySelector('header');
	const label = [...(header?.childNodes ?? [])].find(
		(node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
	);
	if (label) label.textContent = name;
}

export interface PagePreviewProps {
	src: string;
	scheme: Scheme;
	colors: BrandColors;
	/** The site name to show in place of the built one. */
	name?: string;
	title: string;
	/** Fetch the page only once the frame comes near the viewport. */
	lazy?: boolean;
}

export default function PagePreview({ src, scheme, colors, name, title, lazy = false }: PagePreviewProps) {
	const frame = useRef<HTMLIFrameElement>(null);
	const [visible, setVisible] = useState(!lazy);
	const [page, setPage] = useState<{ src: string; html: string }>();

	useEffect(() => {
		if (visible || !frame.current) return;
		const observer = new IntersectionObserver(
			(entries) => {
				if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
			},
			{ rootMargin: '400px' },
		);
		observer.observe(frame.current);
		return () => observer.disconnect();
	}, [visible]);

	useEffect(() => {
		if (!visible) return;
		let current = true;
		void pageText(src).then((html) => {
			if (current) setPage({ src, html });
		});
		return () => {
			current = false;
		};
	}, [src, visible]);

	useEffect(() => paint(frame.current, colors, scheme, name), [colors, scheme, name]);

	return (
		<iframe
			ref={frame}
			className="page-preview"
			srcDoc={page?.html ?? ''}
			title={title}
			// A picture of the page: its links and landmarks are not this page's, so they are out of
			// reach of the keyboard and of assistive technology; the page itself is a link away.
			inert
			data-scheme={scheme}
			data-src={page?.src}
			onLoad={(event) => paint(event.currentTarget, colors, scheme, name)}
		/>
	);
}
