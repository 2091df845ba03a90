/**
 * What a server's config is for: Fallback's pages on a server of their own (standalone), in front of
 * an app (proxy), or added to the block that serves a team's own site (site). The value names the
 * variables and log formats of the files as they are generated (`$fallback_static_locale`), so it
 * stays `static` for the standalone files.
 */
export type HostMode = 'static' | 'proxy' | 'site';
