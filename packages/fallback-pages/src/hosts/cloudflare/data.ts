/**
 * What the Cloudflare Worker knows of the site: the route contract as data, written into the
 * generated worker.js as JSON (cloudflare.ts, workerData). Types only: the Worker imports nothing.
 */

/** A format of an error: its page, its problem document or its text twin (mediaType.ts). */
export type WorkerFormat = 'page' | 'problem' | 'text';

/** An error route as the Worker answers it. */
export interface WorkerRoute {
	/** The page's folder and name: `de/`, `404` for `de/404.html`. */
	folder: string;
	name: string;
	status: number;
	headers: Readonly<Record<string, string>>;
	/** The route's own locale. */
	locale: string;
	/** On a default URL: the page in the language the browser asks for. */
	negotiated: boolean;
}

export interface WorkerData {
	/** In front of an app: where it is, how long it may take, whose errors get a page. */
	app: {
		origin: string;
		timeoutMs: number;
		replaced: Readonly<Record<string, WorkerRoute>>;
		unreachable: WorkerRoute;
		timeout: WorkerRoute;
	} | null;
	/** Each error route by its path (static site only). */
	routes: Readonly<Record<string, WorkerRoute>>;
	notFound: WorkerRoute;
	methodNotAllowed: WorkerRoute;
	maintenancePage: WorkerRoute | null;
	allowedPaths: readonly string[];
	readMethods: readonly string[];
	pageHeaders: Readonly<Record<string, string>>;
	vary: string;
	hiddenFiles: readonly string[];
	hiddenFolders: readonly string[];
	apiPrefixes: readonly string[];
	requestIdHeader: string;
	/** Where the Worker puts each request's ID (the contract's requestId): header and body, header, none. */
	requestIds: 'page' | 'header' | false;
	defaultLocale: string;
	otherLocales: readonly string[];
	/** The site's own locale folders that are not Fallback's (`/pt-BR/`), by the locale answering there. */
	localeAliases: Readonly<Record<string, string>>;
	/** Each shipped locale's Content-Language. */
	languages: Readonly<Record<string, string>>;
	/** Accept patterns in the order they are tried (case-insensitive). */
	accept: readonly { format: WorkerFormat; pattern: string }[];
	formats: Readonly<Record<WorkerFormat, { folder: string; extension: string; type: string }>>;
	/** Per locale, the request ID line around the ID: `[before, after]`. */
	idLines: Readonly<Record<string, readonly string[]>>;
	pageAnchor: string;
	problemAnchor: string;
	/** The problem document's request ID member around the ID. */
	problemWithId: readonly string[];
}
