/** The gallery: every page this site built, in the light and the dark scheme, side by side. */
import { SCHEMES, type BrandColors } from '../../../../packages/fallback-pages/src/brand/theme.ts';
import PagePreview from './PagePreview.tsx';

export interface GalleryProps {
	base: string;
	colors: BrandColors;
	pages: readonly { path: string; label: string }[];
}

export default function Gallery({ base, colors, pages }: GalleryProps) {
	return (
		<ul className="gallery not-content">
			{pages.map(({ path, label }) => (
				<li key={path}>
					<h2>
						<a href={`${base}${path}`}>{label}</a>
					</h2>
					<div className="gallery-schemes">
						{SCHEMES.map((scheme) => (
							<PagePreview
								key={scheme}
								src={`${base}page-markup/${path}.html`}
								scheme={scheme}
								colors={colors}
								title={`${label}, ${scheme} scheme`}
								lazy
							/>
						))}
					</div>
				</li>
			))}
		</ul>
	);
}
