/**
 * The options reference, read off the options schema itself: every option's path, type, default,
 * description and example. Descriptions and examples are the schema's own `.meta()`; types come
 * from zod's JSON Schema of the input; defaults from the JSON Schema, else from what parsing no
 * options gives. A change to the schema changes the page with no hand edit.
 */
import { z } from 'zod';
import { fallbackOptionsSchema, parseOptions } from '../../../packages/fallback-pages/src/config/options.ts';

/** The part of a JSON Schema this reads. */
interface JsonSchema {
	type?: string;
	format?: string;
	description?: string;
	examples?: unknown[];
	default?: unknown;
	properties?: Record<string, JsonSchema>;
	required?: string[];
	items?: JsonSchema;
	additionalProperties?: JsonSchema | boolean;
	anyOf?: JsonSchema[];
	enum?: unknown[];
}

export interface OptionRow {
	/** `brand.accent.light`, `links[].label`. */
	path: string;
	/** The top-level option it belongs to: `brand`. */
	group: string;
	/** Its depth below the top level (0 for `site`, 1 for `site.name`). */
	depth: number;
	type: string;
	/** As JavaScript source, or undefined when unset by default. */
	defaultValue: string | undefined;
	/** Markdown, one paragraph. */
	description: string;
	/** As JavaScript source. */
	example: string | undefined;
	/** An object of further options. */
	isGroup: boolean;
}

export const optionsJsonSchema = z.toJSONSchema(fallbackOptionsSchema, {
	io: 'input',
	unrepresentable: 'any',
}) as JsonSchema;

/** As a reader writes it in a config: single-quoted strings, unquoted keys. */
export function jsSource(value: unknown): string {
	if (typeof value === 'string') return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
	if (Array.isArray(value)) return `[${value.map(jsSource).join(', ')}]`;
	if (value !== null && typeof value === 'object') {
		const entries = Object.entries(value).map(
			([key, item]) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : jsSource(key)}: ${jsSource(item)}`,
		);
		return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
	}
	return String(value);
}

function typeOf(schema: JsonSchema): string {
	if (schema.anyOf) return schema.anyOf.map(typeOf).join(' | ');
	if (schema.enum) return schema.enum.map(jsSource).join(' | ');
	if (schema.type === 'array') return `${schema.items ? typeOf(schema.items) : 'unknown'}[]`;
	if (schema.type === 'object') {
		if (schema.properties) return 'object';
		if (typeof schema.additionalProperties === 'object') {
			return `Record<string, ${typeOf(schema.additionalProperties)}>`;
		}
		return 'object';
	}
	if (schema.type === 'integer') return 'number (integer)';
	if (schema.type === 'string' && schema.format)
		return `string (${schema.format === 'uri' ? 'URL' : schema.format})`;
	return schema.type ?? 'unknown';
}

/** What parsing no options at all resolves to: the defaults as the build uses them. */
const resolvedDefaults = parseOptions({}) as unknown as Record<string, unknown>;

function valueAt(path: readonly string[]): unknown {
	let value: unknown = resolvedDefaults;
	for (const key of path) {
		if (value === null || typeof value !== 'object') return undefined;
		value = (value as Record<string, unknown>)[key];
	}
	return value;
}

function rowsOf(schema: JsonSchema, path: readonly string[], named: string[]): OptionRow[] {
	const name = named.join('.');
	const defaultValue = schema.default ?? (path.length > 0 ? valueAt(path) : undefined);
	const isGroup = schema.type === 'object' && schema.properties !== undefined;
	const row: OptionRow = {
		path: name,
		group: named[0]!.replace(/\[\]$/, ''),
		depth: named.length - 1,
		type: typeOf(schema),
		// A group's default is its options' defaults, each on its own row.
		defaultValue: isGroup || defaultValue === undefined ? undefined : jsSource(defaultValue),
		description: schema.description ?? '',
		example: schema.examples?.[0] === undefined ? undefined : jsSource(schema.examples[0]),
		isGroup,
	};
	const children = isGroup
		? Object.entries(schema.properties!).flatMap(([key, child]) =>
				rowsOf(child, [...path, key], [...named, key]),
			)
		: schema.type === 'array' && schema.items?.properties
			? Object.entries(schema.items.properties).flatMap(([key, child]) =>
					// An array's items have no default of their own.
					rowsOf(child, [], [...named.slice(0, -1), `${named.at(-1)}[]`, key]),
				)
			: [];
	return [row, ...children];
}

/** Every option, in the schema's order, groups before their options. */
export function optionRows(schema: JsonSchema = optionsJsonSchema): OptionRow[] {
	return Object.entries(schema.properties ?? {}).flatMap(([key, child]) => rowsOf(child, [key], [key]));
}

/** The HTML id of an option's entry: `brand.accent.light` → `brand-accent-light`. */
export const optionAnchor = (path: string) => path.replace(/\[\]/g, '').replace(/\./g, '-').toLowerCase();
