/**
 * HAProxy in front of an app (`haproxy-proxy.cfg`): the app's answers pass, and Fallback's pages
 * answer what the app cannot and, where the options say so, its errors.
 */
import {
	headersInFrontOfApp,
	MAINTENANCE_STATUS,
	negotiates,
	replacedAppPages,
	requiredStatusPage,
	type PageRoute,
	type RouteContract,
} from '../../contract/contract';
import { fileHeader, haproxyString, haproxyWord, passedFourxx } from '../format';
import { pageName } from '../pageTable';
import { acceptPatterns, type ErrorFormat } from '../mediaType';
import type { HostOptions } from '../../config/hostOptions';
import { comment, renderHaproxyFile, section } from '../syntax/haproxy';
import { errorFiles, haproxyProxyFailureStatuses } from './limits';
import {
	afterResponseRules,
	allowedAcl,
	apiAcl,
	folderLocaleRules,
	frontendStart,
	globalSection,
	httpErrors,
	inLocaleAcl,
	isSet,
	languageOf,
	localeRoutes,
	negotiationRules,
	problemFormatRules,
	underMaintenance,
} from './shared';

/** A backend's name: the app, with the error pages of a locale and a format. */
const backendName = (locale: string, format: ErrorFormat) =>
	`fallback_app_${haproxyWord(locale, 'locale')}_${format}`;

/** HAProxy in front of an app at `upstream`, with the pages at `pagesRoot`. */
export function haproxyProxyConfig(contract: RouteContract, options: HostOptions): string {
	const { pagesRoot } = options;
	const replaced = replacedAppPages(contract);
	const maintenancePage = contract.maintenance ? requiredStatusPage(contract, MAINTENANCE_STATUS) : undefined;
	const { unreachable, timeout } = haproxyProxyFailureStatuses;
	const codes = replaced.map((route) => route.status).join(' ');
	/** A route's file in a format, as a `return`'s payload. */
	const payload = (route: PageRoute, format: ErrorFormat) => {
		const file = errorFiles(route).find((candidate) => candidate.format === format)!;
		return `content-type ${haproxyString(file.type, 'media type')} file ${haproxyString(`${pagesRoot}/${file.file}`, 'page file')}`;
	};
	const header = fileHeader([
		'Fallback for HAProxy 2.6+ in front of an app: the app answers; when it fails, Fallback’s page does.',
		`Copy dist/ to ${pagesRoot} and this file to /etc/haproxy/haproxy.cfg, change bind and the app's`,
		'address (setenv FALLBACK_APP), then `haproxy -c -f /etc/haproxy/haproxy.cfg && systemctl reload haproxy`.',
		`Replaced, keeping the status: the app's answers with ${codes} when HTML or empty,`,
		`an app that cannot be reached (${unreachable}) and one silent longer than timeout server (${timeout}).`,
		`Passed through untouched: everything else, ${passedFourxx(replaced)}, its JSON errors and WebSocket upgrades included.`,
	]);
	return renderHaproxyFile(header, [
		'',
		...globalSection('proxy', options),
		'',
		section('frontend fallback_proxy', [
			...frontendStart('proxy', contract, options),
			'option forwardfor',
			'',
			...negotiationRules(contract),
			...(negotiates(contract)
				? [
						comment("Under a locale's folder, that locale's pages, whatever the browser asks."),
						inLocaleAcl(contract),
						...folderLocaleRules(contract, 'fallback_locale'),
					]
				: []),
			comment('Under the API, an error is a problem document.'),
			...apiAcl(contract),
			...(contract.apiPrefixes.length > 0 ? problemFormatRules('fallback_api') : []),
			...(contract.maintenance
				? [
						'',
						comment(
							`Under maintenance: ${MAINTENANCE_STATUS} with its page and Retry-After, whatever the method; nothing reaches the app.`,
						),
						...allowedAcl(contract),
						`http-request set-var(txn.fallback_maintenance) bool(true)${underMaintenance(contract)}`,
					]
				: []),
			'',
			comment([
				'The app, through the backend of the locale and format asked for: its own errors (unreachable,',
				"too slow) and the app's replaced answers show that locale's page in that format.",
			]),
			`use_backend fallback_app_%[var(txn.fallback_locale,${haproxyWord(contract.defaultLocale, 'default locale')})]_%[var(txn.fallback_format)]`,
			`default_backend ${backendName(contract.defaultLocale, 'page')}`,
			'',
			comment(
				"Anything the backend did not replace is the app's answer, untouched: none of Fallback's headers.",
			),
			'http-response set-var(txn.fallback_from_app) bool(true)',
			`http-after-response allow if ${isSet('fallback_from_app')}`,
			...afterResponseRules(contract, (route) => headersInFrontOfApp(contract, route)),
			'',
			comment("HAProxy's own errors before a backend is chosen show the page of their status."),
			...httpErrors(contract, pagesRoot, contract.defaultLocale, 'page'),
		]),
		...localeRoutes(contract).flatMap(({ locale, routes }) => {
			const inLocale = (status: number) =>
				routes.find((route) => route.status === status && pageName(contract, route) === String(status))!;
			return acceptPatterns.flatMap(({ format }) => [
				'' as const,
				section(`backend ${backendName(locale, format)}`, [
					`http-request set-var(txn.fallback_language) ${languageOf(contract, locale)}`,
					...(maintenancePage
						? [
								`http-request return status ${MAINTENANCE_STATUS} ${payload(inLocale(MAINTENANCE_STATUS), format)} if ${isSet('fallback_maintenance')}`,
							]
						: []),
					'server app "${FALLBACK_APP}"',
					comment([
						`The app's ${codes}, when HTML or without a body, become the page of their status;`,
						'any other body (an API’s JSON error) passes as the app sent it.',
					]),
					`acl fallback_replaced status ${codes}`,
					'acl fallback_app_html res.fhdr(content-type) -m beg -i text/html',
					'acl fallback_app_typed res.fhdr(content-type) -m found',
					'http-response set-var(txn.fallback_replace) bool(true) if fallback_replaced fallback_app_html',
					'http-response set-var(txn.fallback_replace) bool(true) if fallback_replaced !fallback_app_typed',
					...replaced.map(
						(route) =>
							`http-response return status ${route.status} ${payload(inLocale(route.status), format)} if ${isSet('fallback_replace')} { status ${route.status} }`,
					),
					...httpErrors(contract, pagesRoot, locale, format),
				]),
			]);
		}),
	]);
}
