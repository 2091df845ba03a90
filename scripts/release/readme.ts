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
   - nginx: \`hosts/nginx/fallback-standalone.conf\` (pages alone) or \`fallback-proxy.conf\` (in front of
     your app), included inside \`http {}\`.
   - Caddy: \`hosts/caddy/Caddyfile.standalone\` or \`Caddyfile.proxy\`.
   - Apache httpd 2.4: \`hosts/apache/fallback-standalone.conf\` or \`fallback-proxy.conf\`, with
     \`hosts/apache/languages/\` where the config's paths say.
   - HAProxy: \`hosts/haproxy/haproxy-standalone.cfg\` or \`haproxy-proxy.cfg\`.
   - Kubernetes (ingress-nginx): \`hosts/kubernetes/\`; Traefik: \`hosts/traefik/\`; Cloudflare
     Workers: \`hosts/cloudflare/\`; Amazon CloudFront: \`hosts/cloudfront/\`; Vercel: \`hosts/vercel/\`.
3. Change what is yours. The first lines of each config name every line to change, and nothing
   else names them. For nginx's \`fallback-standalone.conf\`, three lines:
   - \`listen 80;\`: the port (and address) the server listens on;
   - \`server_name _;\`: your domain, e.g. \`server_name errors.example.com;\`;
   - \`root /var/www/fallback;\`: the folder you copied \`dist/\` to.
   In front of an app (\`fallback-proxy.conf\`), also the app's address (\`server 127.0.0.1:3000;\`)
   and the \`root\` line in the pages' location. Caddy names the folder once (\`root\`); Apache and
   HAProxy name it on many lines: \`sed -i 's#/var/www/fallback#/srv/errors#g' <config>\` changes them all.
4. Mind the distribution's own site. Debian and Ubuntu's nginx package enables
   \`/etc/nginx/sites-enabled/default\`, which listens on port 80 as \`default_server\`: next to it, a
   server named \`_\` never answers, and \`nginx -t\` only warns (\`conflicting server name "_"\`).
   Remove that file (\`rm /etc/nginx/sites-enabled/default\`), then
   \`nginx -t && systemctl reload nginx\`. If another site must keep the port, give Fallback's server
   your domain in \`server_name\`: it then answers that name, but requests nginx cannot read (a
   malformed request line, headers too large) still get the default server's own answer. Apache's
   \`000-default.conf\` is the same case (\`a2dissite 000-default\`).
5. Check that Fallback's server is the one answering: \`curl -sI http://your.site/503\` must say
   \`HTTP/1.1 503\` with a \`Content-Security-Policy\` header; a 404 or 200 there is another server's
   answer. Then check everything from any machine with Node 22.12 or later, in this folder:
   \`npx fallback-pages@${version} verify https://your.site --host nginx --contract hosts/contract.json\`
   (or caddy, apache, haproxy…).

The problem documents' \`type\` is a path (\`/404\`): clients resolve it against the address they
asked, so it names your site without any change.

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
