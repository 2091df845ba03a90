/** The Netlify plugin's inputs, read from its manifest.yml, the file Netlify itself reads. */
import { parse } from 'yaml';
import manifestText from '../../../packages/netlify-plugin-fallback-pages/manifest.yml?raw';

export interface PluginInput {
	name: string;
	description: string;
	default?: unknown;
	required?: boolean;
}

export const pluginInputs: readonly PluginInput[] = (parse(manifestText) as { inputs: PluginInput[] }).inputs;
