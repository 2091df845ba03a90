/**
 * The package's version, from its package.json, which a bundler puts in with the code: in
 * fallback-pages's own dist/ and in what the Netlify plugin bundles of it alike, so that neither
 * has to find the package's folder to know it.
 */
import manifest from '../package.json' with { type: 'json' };

export const packageVersion: string = manifest.version;
