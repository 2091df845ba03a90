/**
 * The project's netlify.toml as Netlify Build reads it (@netlify/config, offline, production
 * context): shared by the tests of the build settings and of the plugin it declares.
 */
import { join } from 'node:path';
import { resolveConfig } from '@netlify/config';

const root = new URL('../', import.meta.url).pathname;

export const projectNetlifyConfig = () =>
	resolveConfig({
		config: join(root, 'netlify.toml'),
		repositoryRoot: root,
		cwd: root,
		offline: true,
		context: 'production',
		buffer: true,
	});
