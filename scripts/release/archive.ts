/**
 * The release archives, byte for byte reproducible: the same entries give the same bytes on any
 * machine. Entries sorted, every folder listed, fixed modes (0644 files, 0755 folders), owner 0
 * without names, one modification time for all; gzip with neither name nor time in its header.
 * Tar by tar-stream, zip by yazl, gzip by Node's zlib.
 */
import { gzipSync } from 'node:zlib';
import { pack } from 'tar-stream';
import { ZipFile } from 'yazl';

export interface ArchiveFile {
	/** Path inside the archive, `/`-separated, no leading `/`: `fallback-0.1.0/pages/404.html`. */
	path: string;
	content: Buffer;
}

/** Every folder the files sit in (`a/`, `a/b/`), and the files, in one sorted order. */
function entries(files: readonly ArchiveFile[]): ({ folder: string } | ArchiveFile)[] {
	const folders = new Set<string>();
	for (const file of files) {
		const parts = file.path.split('/').slice(0, -1);
		parts.forEach((_, index) => folders.add(`${parts.slice(0, index + 1).join('/')}/`));
	}
	const all = [...[...folders].map((folder) => ({ folder })), ...files];
	const key = (entry: { folder: string } | ArchiveFile) => ('folder' in entry ? entry.folder : entry.path);
	return all.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

async function bytesOf(stream: AsyncIterable<unknown>): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
	return Buffer.concat(chunks);
}

/** A `.tar.gz` of the files, every entry dated `mtime`. */
export async function tarGz(files: readonly ArchiveFile[], mtime: Date): Promise<Buffer> {
	const tar = pack();
	const bytes = bytesOf(tar);
	const owner = { uid: 0, gid: 0, uname: '', gname: '', mtime };
	for (const entry of entries(files)) {
		if ('folder' in entry) tar.entry({ ...owner, name: entry.folder, type: 'directory', mode: 0o755 });
		else
			tar.entry(
				{ ...owner, name: entry.path, type: 'file', mode: 0o644, size: entry.content.length },
				entry.content,
			);
	}
	tar.finalize();
	// gzip's header: no file name, time 0.
	return gzipSync(await bytes, { level: 9 });
}

/** A `.zip` of the files, every entry dated `mtime` (the process must run in UTC: zip's DOS times are local). */
export async function zip(files: readonly ArchiveFile[], mtime: Date): Promise<Buffer> {
	if (new Date(0).getTimezoneOffset() !== 0)
		throw new Error('zip: run with TZ=UTC, or the DOS times depend on the machine');
	const archive = new ZipFile();
	for (const entry of entries(files)) {
		if ('folder' in entry) archive.addEmptyDirectory(entry.folder, { mtime, mode: 0o40755 });
		else archive.addBuffer(entry.content, entry.path, { mtime, mode: 0o100644, compressionLevel: 9 });
	}
	archive.end();
	return bytesOf(archive.outputStream);
}

/** `sha256sum` lines (`<hex>  <name>`), sorted by name: what `sha256sum -c` reads. */
export function sha256sums(files: readonly { name: string; sha256: string }[]): string {
	return [...files]
		.sort((a, b) => (a.name < b.name ? -1 : 1))
		.map((file) => `${file.sha256}  ${file.name}\n`)
		.join('');
}
