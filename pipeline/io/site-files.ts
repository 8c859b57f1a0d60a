/**
 * The files the preview server answers with: a request path to a file with its
 * size, validators and bytes. Two sources behind one lookup:
 *
 * - A built site on disk (`npm run serve`). Its list of files is taken once, when
 *   the server starts: it serves one build (restart it after the next). Each
 *   file's bytes are read on its first request and kept, up to a budget, so a
 *   request costs no disk access. Reading every response from disk (open, read,
 *   close through libuv's four threads, a 64 KB buffer each) is what made the
 *   server time out under 1 000 concurrent connections. Files past the budget
 *   are streamed from disk each time.
 * - A site in memory (`npm start`): the latest development build, its pages
 *   rendered on their first request. It never reads the disk.
 *
 * Paths map to files as in the production servers (dist-config/nginx.conf
 * `try_files $uri $uri/index.html`): `/x` is `x` or `x/index.html`, `/x/` is
 * `x/index.html`. The caller has already refused `..`, dotfiles and NUL.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface SiteFile {
  /** Path under the site root, `/`-separated: `kennisbank/index.html`. */
  readonly path: string;
  readonly size: number;
  /** Disk files only: a site in memory has no dates, and a fresh tag per build would be a guess. */
  readonly etag?: string;
  readonly modified?: Date;
  /** Bytes `start` to `end`, both included. */
  readonly bytes: (start: number, end: number) => Uint8Array | Readable;
}

/** The file a decoded request path names, or null. */
export type SiteFiles = (pathname: string) => Promise<SiteFile | null>;

export interface MemorySite {
  /** Output path (`assets/styles-ab12.css`) → bytes. */
  readonly files: ReadonlyMap<string, string | Uint8Array>;
  /** Output path (`kennisbank/index.html`) → the page, rendered on the first request. */
  readonly onRequest: ReadonlyMap<string, () => string | Uint8Array>;
}

/** The paths under the site root a request path may name, in the order they are tried. */
export function candidates(pathname: string): string[] {
  const base = pathname.replace(/^\/+/, '').normalize();
  return base === '' || base.endsWith('/') ? [`${base}index.html`] : [base, `${base}/index.html`];
}

/** A file is kept in memory only if it is at most this large… */
const largestKept = 1024 * 1024;
/** …and while the kept files stay within this total; the rest is streamed from disk. */
const keptBudget = 64 * 1024 * 1024;

/** The entity tag sirv and the earlier preview server sent: size and modification time. */
const etagOf = (stats: fs.Stats): string => `W/"${stats.size}-${stats.mtime.getTime()}"`;

/** Every regular file under `root` (no symbolic links, no dotfiles but `.well-known/`), by path. */
function listFiles(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string, prefix: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') && !(prefix === '' && entry.name === '.well-known')) continue;
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(abs, `${prefix}${entry.name}/`);
      else if (entry.isFile()) files.set(`${prefix}${entry.name}`.normalize(), abs);
    }
  };
  walk(root, '');
  return files;
}

/** The built site in `root`, as it is when this is called. */
export function diskFiles(root: string): SiteFiles {
  const listed = listFiles(root);
  const kept = new Map<string, Promise<{ readonly file: SiteFile | null; readonly keep: boolean }>>();
  let keptBytes = 0;

  /** The file and whether to keep it: a file streamed from disk, or one that is gone, is looked up again next time. */
  const load = async (name: string, abs: string): Promise<{ readonly file: SiteFile | null; readonly keep: boolean }> => {
    try {
      const stats = await fs.promises.stat(abs);
      const validators = { path: name, etag: etagOf(stats), modified: stats.mtime };
      if (stats.size > largestKept || keptBytes + stats.size > keptBudget) {
        return { file: { ...validators, size: stats.size, bytes: (start, end) => fs.createReadStream(abs, { start, end }) }, keep: false };
      }
      // Counted before the read, so files read at the same time cannot overrun the budget together.
      keptBytes += stats.size;
      const data = await fs.promises.readFile(abs).catch((e: unknown) => {
        keptBytes -= stats.size;
        throw e;
      });
      keptBytes += data.length - stats.size;
      // The size of the bytes read, not the stat: the file may have changed in between.
      return { file: { ...validators, size: data.length, bytes: (start, end) => data.subarray(start, end + 1) }, keep: true };
    } catch {
      // Removed or unreadable since the server started.
      return { file: null, keep: false };
    }
  };

  return async (pathname) => {
    for (const name of candidates(pathname)) {
      const abs = listed.get(name);
      if (abs === undefined) continue;
      let loading = kept.get(name);
      if (!loading) {
        // One read for all the requests that ask at once.
        loading = load(name, abs);
        kept.set(name, loading);
        void loading.then(({ keep }) => { if (!keep) kept.delete(name); });
      }
      const { file } = await loading;
      if (file) return file;
    }
    return null;
  };
}

/** The site in memory that `site` returns at the moment of each request. */
export function memoryFiles(site: () => MemorySite): SiteFiles {
  return async (pathname) => {
    const current = site();
    for (const name of candidates(pathname)) {
      const data = current.files.get(name) ?? current.onRequest.get(name)?.();
      if (data === undefined) continue;
      const bytes = typeof data === 'string' ? Buffer.from(data) : data;
      return { path: name, size: bytes.length, bytes: (start, end) => bytes.subarray(start, end + 1) };
    }
    return null;
  };
}
