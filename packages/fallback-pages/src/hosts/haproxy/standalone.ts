/** HAProxy, standalone: Fallback's pages alone (`haproxy-standalone.cfg`), every answer from memory. */
import {
	MAINTENANCE_STATUS,
	negotiates,
	methodNotAllowedPage,
	notFoundPage,
	requiredStatusPage,
	type PageRoute,
	type RouteContract,
} from '../../contract/contract';
import { fileHeader, haproxyRegex, haproxyWord } from '../format';
import { pageGroupPattern, pageGroups, pageName } from '../pageTable';
import { acceptPatterns } from '../mediaType';
import type { HostOptions } from '../../config/hostOptions';
import { comment, renderHaproxyFile, section } from '../syntax/haproxy';
import {
	afterResponseRules,
	allowedAcl,
	apiAcl,
	folderLocaleRules,
	frontendStart,
	globalSection,
	haproxySample,
	httpErrors,
	inLocaleAcl,
	isSet,
	localeRoutes,
	negotiationRules,
	pagesBackend,
	pagesBackendSection,
	problemFormatRules,
	regsub,
	str,
	underMaintenance,
} from './shared';

/** Fallback's pages alone: dist/ at `pagesRoot`, every answer from the config. */
export function haproxyStandaloneConfig(contract: RouteContract, options: HostOptions): string {
	const notFound = notFoundPage(contract);
	const { pagesRoot } = options;
	const groups = pageGroups(contract);
	const pageAcl = (index: number) => `fallback_page_${index + 1}`;
	// Until the rule for anything else names one, a name is set only where a page's pattern matched:
	// the patterns run once, not again in each rule below.
	const notPage = `!${isSet('fallback_name')}`;
	const gallery = isSet('fallback_gallery');
	const otherLocales = contract.otherLocales.map((locale) => haproxyWord(locale, 'locale')).join('|');
	/**
	 * What a page or gallery set, forgotten where `condition` makes the answer another page; a path
	 * in a locale's folder keeps that locale (set again: for the others it is what it was).
	 */
	const forget = (condition: string) => [
		...['fallback_page_locale', 'fallback_gallery', 'fallback_api'].map(
			(variable) => `http-request unset-var(txn.${variable})${condition}`,
		),
		...(negotiates(contract) ? folderLocaleRules(contract, 'fallback_page_locale') : []),
	];
	const methodNotAllowed = contract.methodNotAllowedStatus;
	const nameOf = (route: PageRoute) => str(pageName(contract, route), 'page name');
	const notRead = ` unless { method ${contract.readMethods.map((method) => haproxyWord(method, 'method')).join(' ')} }`;
	const header = fileHeader([
		"Fallback for HAProxy 2.6+, standalone: a server of Fallback's pages alone; every error answers with its",
		'own page and status (HAProxy serves the pages from memory: it cannot serve a site of its own).',
		`Copy dist/ to ${pagesRoot} and this file to /etc/haproxy/haproxy.cfg, change bind,`,
		'then `haproxy -c -f /etc/haproxy/haproxy.cfg && systemctl reload haproxy`. HAProxy reads every',
		'page at startup: reload it after copying new pages.',
	]);
	return renderHaproxyFile(header, [
		'',
		...globalSection('static', options),
		'',
		section('frontend fallback_static', [
			...frontendStart('static', contract, options),
			'',
			...negotiationRules(contract),
			'',
			comment([
				'Which page answers: txn.fallback_name (404), found by one pattern for every page in every',
				'locale; /{code} and /{code}.html answer {code}, the app-error pages their status. Anything in',
				"a locale's folder (a page, an unknown path) and a gallery are in their own locale",
				'(txn.fallback_page_locale).',
			]),
			...(negotiates(contract)
				? [inLocaleAcl(contract), ...folderLocaleRules(contract, 'fallback_page_locale')]
				: []),
			...groups.flatMap((group, index) => {
				const pattern = pageGroupPattern(contract, group);
				return [
					`acl ${pageAcl(index)} path -m reg ${haproxyRegex(pattern, 'page paths')}`,
					`http-request set-var(txn.fallback_name) ${haproxySample(`path,${regsub(pattern, 2, 'page paths')}`, 'page name')} if ${pageAcl(index)}`,
				];
			}),
			comment('The galleries.'),
			`acl fallback_gallery path -m reg ${haproxyRegex(`^/${negotiates(contract) ? `(?:(?:${otherLocales})/)?` : ''}(?:${contract.indexFile.replace('.', '[.]')})?$`, 'gallery paths')}`,
			`http-request set-var(txn.fallback_gallery) bool(true) if ${notPage} fallback_gallery`,
			`http-request set-var(txn.fallback_page_locale) ${str(contract.defaultLocale, 'default locale')} if ${gallery}`,
			...(negotiates(contract)
				? [`http-request set-var(txn.fallback_page_locale) path,field(2,/) if ${gallery} fallback_in_locale`]
				: []),
			comment([
				`Anything else is ${notFound.status}: rule files for other hosts, the problem documents (only an error`,
				`shows them), HAProxy serves no file the rules do not name. Under the API, as a problem document.`,
			]),
			...apiAcl(contract),
			...(contract.apiPrefixes.length > 0
				? [`http-request set-var(txn.fallback_api) bool(true) if fallback_api ${notPage} !${gallery}`]
				: []),
			`http-request set-var(txn.fallback_name) ${nameOf(notFound)} if ${notPage} !${gallery}`,
			comment(
				`A static site answers ${contract.readMethods.join(' and ')}; any other method gets the ${methodNotAllowed} page.`,
			),
			`http-request set-var(txn.fallback_name) ${nameOf(methodNotAllowedPage(contract))}${notRead}`,
			...forget(notRead),
			...(contract.maintenance
				? [
						comment(
							`Under maintenance: ${MAINTENANCE_STATUS} with its page and Retry-After, whatever the method (fallback.maintenance).`,
						),
						...allowedAcl(contract),
						`http-request set-var(txn.fallback_name) ${nameOf(requiredStatusPage(contract, MAINTENANCE_STATUS))}${underMaintenance(contract)}`,
						...forget(underMaintenance(contract)),
					]
				: []),
			comment('A page of the default URLs is in the locale asked for; the others in their own.'),
			`http-request set-var(txn.fallback_locale) var(txn.fallback_page_locale) if ${isSet('fallback_page_locale')}`,
			...problemFormatRules(isSet('fallback_api')),
			`http-request set-var(txn.fallback_format) ${str('page', 'format')} if ${gallery}`,
			'',
			comment([
				"The locale's backend of the format answers: its gallery, or the page, whole (no conditional",
				'or partial answer to an error), with its status.',
			]),
			`use_backend fallback_%[var(txn.fallback_locale,${haproxyWord(contract.defaultLocale, 'default locale')})]_%[var(txn.fallback_format)]`,
			`default_backend ${pagesBackend(contract.defaultLocale, 'page')}`,
			'',
			...afterResponseRules(contract, (route) => route.headers),
			'',
			comment("HAProxy's own errors (before the rules above) show the page of their status."),
			...httpErrors(contract, pagesRoot, contract.defaultLocale, 'page'),
		]),
		...localeRoutes(contract).flatMap(({ locale, routes }) =>
			acceptPatterns.flatMap(({ format }) => [
				'' as const,
				pagesBackendSection(contract, pagesRoot, locale, routes, format),
			]),
		),
	]);
}
