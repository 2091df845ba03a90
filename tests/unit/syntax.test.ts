/** The config serializers: nginx and the Caddyfile (braces), Apache (sections), HAProxy (sections). */
import { describe, expect, it } from 'vitest';
import {
	block,
	caddySyntax,
	comment,
	inlineBlock,
	nginxSyntax,
	renderFile,
	renderLines,
	shortBlock,
} from '../../packages/fallback-pages/src/hosts/syntax/braces';
import { nginxPattern, nginxRegex, nginxString } from '../../packages/fallback-pages/src/hosts/format';
import {
	comment as apacheComment,
	renderApacheFile,
	section,
} from '../../packages/fallback-pages/src/hosts/syntax/apache';
import {
	comment as haproxyComment,
	renderHaproxyFile,
	section as haproxySection,
} from '../../packages/fallback-pages/src/hosts/syntax/haproxy';

const tree = [
	comment('Top.'),
	block('server', [
		'listen 80',
		'',
		comment(['Two', 'lines.']),
		shortBlock('location = /404', ['return 404']),
		shortBlock('location /a', ['try_files $uri =404', 'charset utf-8']),
		inlineBlock('types', 'text/html html', 'text/plain txt'),
		block('location /', [block('if ($x)', ['return 403'])]),
	]),
];

describe('the brace serializer', () => {
	it('writes nginx: a tab a level, `;` after directives, blank lines empty, one-line blocks', () => {
		expect(renderLines(nginxSyntax, tree)).toEqual([
			'# Top.',
			'server {',
			'\tlisten 80;',
			'',
			'\t# Two',
			'\t# lines.',
			'\tlocation = /404 { return 404; }',
			'\tlocation /a {',
			'\t\ttry_files $uri =404;',
			'\t\tcharset utf-8;',
			'\t}',
			'\ttypes { text/html html; text/plain txt; }',
			'\tlocation / {',
			'\t\tif ($x) {',
			'\t\t\treturn 403;',
			'\t\t}',
			'\t}',
			'}',
		]);
	});

	it('writes the Caddyfile the same way, without `;`', () => {
		expect(renderLines(caddySyntax, [block('handle', ['file_server', shortBlock('@x', [])])])).toEqual([
			'handle {',
			'\tfile_server',
			'\t@x { }',
			'}',
		]);
	});

	it('writes a file: its header, the tree, one final line break', () => {
		expect(renderFile(nginxSyntax, '# Header', ['', 'user nobody'])).toBe('# Header\n\nuser nobody;\n');
	});

	it('leaves quoting to format.ts, which refuses what nginx cannot hold', () => {
		expect(nginxString('a "b" \\c', 'x')).toBe('"a \\"b\\" \\\\c"');
		expect(() => nginxString('$host', 'x')).toThrow("contains '$'");
		expect(() => nginxString('a\nb', 'x')).toThrow('line break');
		expect(nginxPattern('^/a$', 'x')).toBe('"^/a$"');
		expect(nginxRegex('^/a$', 'x')).toBe('"~^/a$"');
		expect(() => nginxRegex('a"b', 'x')).toThrow('quote or backslash');
	});
});

describe('the Apache serializer', () => {
	it('writes sections as tags around their body, a tab a level, blank lines empty', () => {
		expect(
			renderApacheFile('# Header', [
				'',
				section('VirtualHost', '*:80', [
					'DocumentRoot "/srv"',
					'',
					apacheComment('Types.'),
					section('Directory', '"/srv"', [
						'Require all granted',
						section('Files', '"*.var"', ['SetHandler type-map']),
					]),
				]),
			]),
		).toBe(
			[
				'# Header',
				'',
				'<VirtualHost *:80>',
				'\tDocumentRoot "/srv"',
				'',
				'\t# Types.',
				'\t<Directory "/srv">',
				'\t\tRequire all granted',
				'\t\t<Files "*.var">',
				'\t\t\tSetHandler type-map',
				'\t\t</Files>',
				'\t</Directory>',
				'</VirtualHost>',
				'',
			].join('\n'),
		);
	});
});

describe('the HAProxy serializer', () => {
	it('writes each section as its keyword and its directives a tab in, blank lines between', () => {
		expect(
			renderHaproxyFile('# Header', [
				'',
				haproxySection('global', ['log stdout format raw local0']),
				'',
				haproxySection('frontend fallback_static', [
					'bind :80',
					'',
					haproxyComment('Why.'),
					'http-request deny',
				]),
			]),
		).toBe(
			[
				'# Header',
				'',
				'global',
				'\tlog stdout format raw local0',
				'',
				'frontend fallback_static',
				'\tbind :80',
				'',
				'\t# Why.',
				'\thttp-request deny',
				'',
			].join('\n'),
		);
	});
});
