/**
 * The site configuration: edit these values. Everything has a working default, so the site
 * builds and looks finished without edits. Validated at build time (see ./schema.ts).
 */
import { parseSiteConfig, type SiteConfigInput } from './schema';
import { deploy } from './deploy';

const siteConfig: SiteConfigInput = {
	siteName: 'Fallback',
	// On Netlify the site's main URL (the `URL` build variable) wins over this default.
	siteUrl: deploy.siteUrl ?? 'https://example.com',
	homeUrl: '/',
	// supportEmail: 'support@example.com',
	// statusPageUrl: 'https://status.example.com',
	// help: { 503: 'We are upgrading the database and will be back by 10:00 UTC.' },
};

export const site = parseSiteConfig(siteConfig);
