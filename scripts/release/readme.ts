/** The README inside a release archive: what is where, and what to copy, include and change. */
export function releaseReadme(version: string, locales: readonly string[]): string {
	return `# Fallback ${version}: every HTTP error page, prebuilt

Error pages for every HTTP status, in ${locales.length} languages, with the configs that serve each
one with its own status, in the visitor's language, and as a problem document (JSON) to API
clients. Built with fallback-pages ${version} and its default look and options.

    dist/               the pages (dist/404.html, dist/de/404.html …), their problem documents
                        (dist/problem/404.json …) and a gallery of them all (dist/index.html)
    hosts/              a config for each server and CDN, written for these pages
    hosts/contract.json what a server of these pages must answer, for \`fallback-pages verify\`
    SHA256SUMS          the checksum of every file here: \`sha256sum -c SHA256SUMS\`

## Serving them

1. Copy \`dist/\` to \`/var/www/fallback\`, where every config looks for it. Somewhere else: replace
   \`/var/www/fallback\` in the config with that folder.
2. Take your server's config. The first lines of each file say where it goes and what to change:
   - nginx: \`hosts/nginx/fallback-static.conf\` (pages alone) or \`fallback-proxy.conf\` (in front of
     your app), included inside \`http {}\`.
   - Caddy: \`hosts/caddy/Caddyfile.static\` or \`Caddyfile.proxy\`.
   - Apache httpd 2.4: \`hosts/apache/fallback-static.conf\` or \`fallback-proxy.conf\`, with
     \`hosts/apache/languages/\` where the config's paths say.
   - HAProxy: \`hosts/haproxy/haproxy-static.cfg\` or \`haproxy-proxy.cfg\`.
   - Kubernetes (ingress-nginx): \`hosts/kubernetes/\`; Traefik: \`hosts/traefik/\`; Cloudflare
     Workers: \`hosts/cloudflare/\`; Amazon CloudFront: \`hosts/cloudfront/\`; Vercel: \`hosts/vercel/\`.
3. Change what is yours: the port the server listens on (\`listen 80;\` in nginx), your server name,
   and in front of an app its address (\`127.0.0.1:3000\`).
4. Check it from any machine with Node 22.12 or later, in this folder:
   \`npx fallback-pages@${version} verify https://your.site --host nginx\` (or caddy, apache, haproxy…).

## Updating

The configs do not depend on the pages' build: each page carries its own Content-Security-Policy
for its inline style, and the server sends the part that never changes. A later release with the
same statuses, languages and API prefixes needs only its \`dist/\` copied over the old one (HAProxy
reads its pages at start: reload it). When a release's \`hosts/contract.json\` differs from the one
you installed, take its configs too.

Your own brand, fewer languages, your API prefixes or maintenance mode: build your own pages and
configs with \`npx fallback-pages build --config fallback.config.mjs\` (Node 22.12 or later).
`;
}
