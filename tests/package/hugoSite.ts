/** A Hugo site's config as a team writes one: English and German, nothing Hugo adds by default that the tests do not need. */
export const hugoToml = [
	'baseURL = "https://acme.example/"',
	'title = "Acme"',
	'defaultContentLanguage = "en"',
	'disableKinds = ["taxonomy", "term", "RSS", "sitemap"]',
	'[languages.en]',
	'  weight = 1',
	'[languages.de]',
	'  weight = 2',
	'',
].join('\n');
