/**
 * What `fallback-pages --help` and each command's `--help` print: one module, which the commands
 * and the docs' command reference both read.
 */
import { hostProfiles } from '../verify/hosts.ts';

export const usage = `Usage: fallback-pages <command> [options]

Commands:
  build    every error page, the Netlify rules and every host's config, from fallback.config.mjs
  verify   checks a live deploy against a build's route contract
  embed    adds (or updates, or --remove) the pages and their rules in a site's publish folder

Run fallback-pages <command> --help for a command's options.
  -v, --version   the installed version`;

export const buildUsage = `Usage: fallback-pages build [options]

Builds every error page, the Netlify rules beside them and the configs of every other host (under a
base, the site-mode ones for nginx, Caddy and Apache alone), with the options of a config file (the
same as fallback({ ... }) in an Astro site).

  --config <file>   the options: an ES module whose default export is the options object
                    (default fallback.config.mjs; without it, the defaults)
  --out <folder>    where the pages go (default fallback); the host configs and the route
                    contract go beside it, in <folder>-hosts
  --base <path>     the pages' folder in the site, e.g. /errors/ (default /, or the config's base);
                    with a base, only the site-mode configs (nginx, Caddy, Apache), and the
                    contract goes into the base folder too
  -h, --help        this text

The build is a production build unless its platform says it is a preview (Netlify's CONTEXT,
Vercel's VERCEL_ENV, a pull request on GitHub Actions or Render, a merge request on GitLab, a
branch other than the productionBranch option on Cloudflare) or the config's preview option does:
a preview carries a banner with its branch and commit, and noindex. The first line says which.`;

export const verifyUsage = `Usage: fallback-pages verify <url> [options]

  --host <kind>         how the deploy is served: ${Object.keys(hostProfiles).join(', ')} (default netlify)
  --dist <folder>       the build's pages (default dist, or fallback where \`fallback-pages build\`
                        wrote them: the first that holds a build's contract)
  --contract <file>     the build's route contract (default <folder>-hosts/contract.json, where a
                        build puts it; name it when the hostsDir option put it elsewhere, e.g.
                        hosts/contract.json in the release archive)
  --base <path>         the pages' folder in the site, for pages embedded in a site (embed, the
                        Netlify plugin) or built with a base: their contract is <dist><path>contract.json;
                        unknown paths are checked at the site's root, nothing else outside the folder
  --site-catch-all      the site answers every path outside the pages' folder itself (an SPA's
                        /* rule): unknown paths are checked inside the folder, the API not at all
  --server-function     a server function takes every path no file answers (a framework that
                        renders on the server, on Netlify): only the status pages are checked
  --report-dir <folder> where report.html, report.json and junit.xml go (default node_modules/.cache/fallback-pages/verify, outside the site's sources)
  --concurrency <n>     cases in flight at once (default 6)
  --budget <n>          most requests the run may make, retries included (default 2000)
  --timeout <seconds>   per request (default 15)
  --retries <n>         more tries after a network error, never after a wrong answer (default 2)
  --lighthouse          also run Lighthouse on a sample of pages (needs Chromium, and the
                        lighthouse and chrome-launcher packages)
  --axe                 also run axe on a sample of pages (needs Chromium, @playwright/test and
                        @axe-core/playwright)
  -h, --help            this text`;

export const embedUsage = `Usage: fallback-pages embed --into <folder> [options]

Adds the pages to a site's publish folder, in a folder of their own, and Fallback's rules in one
block at the end of its _redirects and _headers (the site's own rules keep winning). Run it again
to update: it replaces exactly what it wrote before.

  --into <folder>   the site's publish folder (or the folder copied into it, such as public/)
  --base <path>     the pages' folder in the site (default: the config's base, else /fallback/)
  --config <file>   the options (default fallback.config.mjs; without it, the defaults)
  --not-found <who> who answers unknown paths outside the pages' folder where the site has its own
                    404.html: site (default: the site's page, as before) or fallback; not with
                    --hosts (there your server block's own directive for 404 decides)
  --hosts <folder>  for a site served by its own nginx, Caddy or Apache: write their site-mode
                    files and the route contract to <folder> (outside the publish folder),
                    instead of the rules, which only Netlify-style hosts read
  --remove          take the pages and Fallback's rules (and the --hosts folder) out again
  -h, --help        this text

The site's files stay as they were: the pages go in their own folder (a folder of the site's
there stops the command) and the rules in one block after the site's own.
On Netlify, the build plugin netlify-plugin-fallback-pages does this on every deploy instead.`;
