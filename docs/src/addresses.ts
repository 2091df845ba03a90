/**
 * Where the docs site and Fallback's repository will be public: the one place that names them.
 * Neither answers yet, so until `published` is true no page links to either (no GitHub link, no
 * "Edit page" links); the docs test refuses a link to any address not listed in
 * tests/docs/external-links.json.
 */
export const docsAddress = 'https://fallback-pages.netlify.app';
export const repositoryAddress = 'https://github.com/fallback-pages/fallback';
export const published = false;
