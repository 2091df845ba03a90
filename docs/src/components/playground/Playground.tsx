/**
 * The brand playground: the visitor picks a name, colours for both schemes, a locale and a status,
 * and sees the real page this site built, in the light and the dark scheme at once, with the
 * colours the build would give it (the theme's own functions), every contrast pair's ratio, and the
 * build's own message for a pair that fails. "Copy config" gives a fallback.config.mjs for them.
 */
import { useEffect, useId, useState } from 'react';
import {
	contrastProblems,
	contrasts,
	defaultColors,
	formatRatio,
	opaqueHex,
	SCHEMES,
	type Scheme,
	type BrandColors,
} from '../../../../packages/fallback-pages/src/brand/theme.ts';
import { configSource } from './configSource.ts';
import PagePreview from './PagePreview.tsx';

export interface PlaygroundProps {
	/** Where Fallback's pages are in this site, with `/` around. */
	base: string;
	defaultLocale: string;
	locales: readonly { code: string; endonym: string }[];
	statuses: readonly { code: number; reason: string }[];
	/** The site name the built pages carry, replaced in the preview by the chosen one. */
	builtName: string;
}

type Role = keyof BrandColors;
const ROLES: readonly { role: Role; label: string }[] = [
	{ role: 'accent', label: 'Accent (buttons, focus ring)' },
	{ role: 'text', label: 'Text' },
	{ role: 'background', label: 'Background' },
];

export default function Playground({ base, defaultLocale, locales, statuses, builtName }: PlaygroundProps) {
	const id = useId();
	const [name, setName] = useState(builtName);
	const [inputs, setInputs] = useState<BrandColors>(defaultColors);
	const [locale, setLocale] = useState(defaultLocale);
	const [status, setStatus] = useState(404);
	const [copied, setCopied] = useState('');

	// A colour being typed that is no colour yet keeps the last one that was.
	const [colors, setColors] = useState<BrandColors>(defaultColors);
	const invalid = ROLES.flatMap(({ role }) =>
		SCHEMES.filter((scheme) => opaqueHex(inputs[role][scheme]) === undefined).map(
			(scheme) => `${role}.${scheme}`,
		),
	);
	useEffect(() => {
		if (invalid.length > 0) return;
		setColors({
			accent: { light: opaqueHex(inputs.accent.light)!, dark: opaqueHex(inputs.accent.dark)! },
			text: { light: opaqueHex(inputs.text.light)!, dark: opaqueHex(inputs.text.dark)! },
			background: { light: opaqueHex(inputs.background.light)!, dark: opaqueHex(inputs.background.dark)! },
		});
	}, [inputs, invalid.length]);

	const pageName = name.trim() === '' ? builtName : name.trim();

	const src = `${base}page-markup/${locale === defaultLocale ? '' : `${locale}/`}${status}.html`;
	const ratios = contrasts(colors);
	const problems = contrastProblems(colors);
	const config = configSource({ name: pageName, colors, locale, defaultLocale });

	const setColor = (role: Role, scheme: Scheme, value: string) =>
		setInputs((current) => ({ ...current, [role]: { ...current[role], [scheme]: value } }));

	async function copy() {
		try {
			await navigator.clipboard.writeText(config);
			setCopied('Copied fallback.config.mjs to the clipboard.');
		} catch {
			setCopied('The clipboard is not available here: select the config below and copy it.');
		}
	}

	return (
		<div className="playground not-content">
			<form className="playground-controls" onSubmit={(event) => event.preventDefault()}>
				<p>
					<label htmlFor={`${id}-name`}>Site name</label>
					<input
						id={`${id}-name`}
						value={name}
						maxLength={60}
						onChange={(event) => setName(event.target.value)}
					/>
				</p>
				<fieldset>
					<legend>Colours</legend>
					<table>
						<thead>
							<tr>
								<td />
								<th scope="col">Light</th>
								<th scope="col">Dark</th>
							</tr>
						</thead>
						<tbody>
							{ROLES.map(({ role, label }) => (
								<tr key={role}>
									<th scope="row">{label}</th>
									{SCHEMES.map((scheme) => {
										const field = `${id}-${role}-${scheme}`;
										const value = inputs[role][scheme];
										const valid = opaqueHex(value) !== undefined;
										return (
											<td key={scheme}>
												<span className="colour-field">
													<input
														type="color"
														aria-label={`${label}, ${scheme} scheme, picker`}
														value={opaqueHex(value) ?? colors[role][scheme]}
														onChange={(event) => setColor(role, scheme, event.target.value)}
													/>
													<input
														id={field}
														aria-label={`${label}, ${scheme} scheme`}
														aria-invalid={!valid}
														value={value}
														spellCheck={false}
														onChange={(event) => setColor(role, scheme, event.target.value)}
													/>
												</span>
											</td>
										);
									})}
								</tr>
							))}
						</tbody>
					</table>
					{invalid.length > 0 && (
						<p className="playground-invalid" role="alert">
							{invalid.map((option) => `fallback.brand.${option}`).join(', ')}: must be an opaque CSS colour,
							e.g. #0b5fff, rgb(11 95 255) or oklch(55% 0.2 260)
						</p>
					)}
				</fieldset>
				<p>
					<label htmlFor={`${id}-locale`}>Language</label>
					<select id={`${id}-locale`} value={locale} onChange={(event) => setLocale(event.target.value)}>
						{locales.map((option) => (
							<option key={option.code} value={option.code}>
								{option.endonym} ({option.code})
							</option>
						))}
					</select>
				</p>
				<p>
					<label htmlFor={`${id}-status`}>Status</label>
					<select
						id={`${id}-status`}
						value={status}
						onChange={(event) => setStatus(Number(event.target.value))}
					>
						{statuses.map((option) => (
							<option key={option.code} value={option.code}>
								{option.code} {option.reason}
							</option>
						))}
					</select>
				</p>
			</form>

			<div className="playground-previews">
				{SCHEMES.map((scheme) => (
					<figure key={scheme}>
						<PagePreview
							src={src}
							scheme={scheme}
							colors={colors}
							name={pageName}
							title={`The ${status} page, ${scheme} scheme`}
						/>
						<figcaption>{scheme === 'light' ? 'Light' : 'Dark'} scheme</figcaption>
					</figure>
				))}
			</div>

			<section aria-labelledby={`${id}-contrast`}>
				<h2 id={`${id}-contrast`}>Contrast</h2>
				<div className="playground-problems" role="status">
					{problems.length === 0 ? (
						<p>Every pair meets WCAG 2.2 AA in both schemes: the build accepts these colours.</p>
					) : (
						<>
							<p>The build stops on these colours, saying:</p>
							<ul>
								{problems.map((problem) => (
									<li key={problem}>
										<code>{problem}</code>
									</li>
								))}
							</ul>
						</>
					)}
				</div>
				<div className="playground-table" tabIndex={0} role="region" aria-label="Contrast of every pair">
					<table>
						<thead>
							<tr>
								<th scope="col">Pair</th>
								<th scope="col">Scheme</th>
								<th scope="col">Colours</th>
								<th scope="col">Ratio</th>
								<th scope="col">Needs</th>
							</tr>
						</thead>
						<tbody>
							{ratios.map(({ scheme, pair, foreground, background, ratio }) => (
								<tr key={`${scheme}-${pair.what}`} data-passes={ratio >= pair.minimum}>
									<th scope="row">{pair.what}</th>
									<td>{scheme}</td>
									<td>
										<code>{foreground}</code> on <code>{background}</code>
									</td>
									<td>
										{formatRatio(ratio)}:1 {ratio >= pair.minimum ? '✓' : '✗ too low'}
									</td>
									<td>{pair.minimum}:1</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			</section>

			<section aria-labelledby={`${id}-config`}>
				<h2 id={`${id}-config`}>Your config</h2>
				<p>
					<button type="button" onClick={copy} disabled={problems.length > 0 || invalid.length > 0}>
						Copy config
					</button>{' '}
					<span role="status">{copied}</span>
				</p>
				<pre className="playground-config" tabIndex={0} aria-label="fallback.config.mjs">
					<code>{config}</code>
				</pre>
			</section>
		</div>
	);
}
