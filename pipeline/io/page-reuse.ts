/**
 * Effect edge: pages of the previous output used again instead of rendered.
 *
 * A page renders from the site (titles, permalinks, sidebars, tags, front
 * matter, configuration), the theme, and the markdown of the pages it reads
 * (pipeline/io/page-reads.ts). So a page is reused when two keys are what they
 * were: the site-wide key (`siteRenderKey`: the generator, every input of the
 * pages but the bodies of Markdown files, and the resolved site itself) and
 * the key of what it read (the markdown key of every page it read, written
 * down when it last rendered). A change to one body then renders that page
 * and the pages that show it (a blog list with its excerpt), not the rest.
 * A build keeps the site-wide key and, per page, a hash of its bytes, its
 * stamp in the output (size, modification time, inode, device:
 * pipeline/io/file-stamp.ts) and what it read in a manifest in its build
 * cache (`pages.json`), written once the output is in place. The next build
 * uses a page whose stamp is still the same without reading it; one whose
 * stamp changed it reads back, and uses only when its bytes still have the
 * recorded hash: a page edited or removed by hand is rendered again. A page
 * used again goes to the writer as unchanged, which links the file without
 * reading it (write-worker.ts).
 *
 * Site code (components, React pages, plugin routes) runs in its box with
 * the site's own modules; a page reads what the box made of it, keyed by what
 * it is (pipeline/io/site-code-keys.ts), as it reads markdown.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash, hash, type Hash } from 'node:crypto';
import { randomUUID } from 'node:crypto';
import type { SourceTree } from './read.ts';
import { unchanged, type Effects, type PageReuseHook, type Unchanged } from '../build.ts';
import type { Mode, OutputFile, Site } from '../types.ts';
import { buildCacheDir, generatorKey } from './build-cache.ts';
import { PageReads, allPages } from './page-reads.ts';
import type { Problem } from '../problem.ts';
import { isStamp, newest, sameStamp, stampOf, trusted, type FileStamp } from './file-stamp.ts';
import type { WriteStats } from './write.ts';

const manifestFile = 'pages.json';

/** What the pages of a site are made of, besides the generator's code and the markdown of its pages. */
export interface SiteRenderInputs {
  readonly sources: SourceTree;
  readonly mode: Mode;
  /** The resolved site, as the pages get it. */
  readonly site: Site;
  readonly effects: Pick<Effects, 'theme' | 'themeFiles' | 'feedStylesheet' | 'siteStyles'>;
}

/** Adds a value to the hash with its length first, so that no two sequences of parts hash alike. */
const part = (hash: Hash, data: string | Uint8Array): void => {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  hash.update(`${bytes.byteLength}:`);
  hash.update(bytes);
};

/** A Markdown file: its text is the page's body and front matter, which reach the pages as the site and as its markdown. */
const isMarkdown = (file: string): boolean => /\.mdx?$/i.test(file);

/**
 * The site as JSON for the key: Maps and Sets with their entries, without
 * functions, the bodies' trees, the text of Markdown files or the HTML of
 * React pages (a page gets those as markdown, by the reads it makes).
 * Everything else the resolve stage made of a file (its title, front matter,
 * the heading that is its title) is in.
 */
function siteJson(site: Site): string {
  return JSON.stringify(site, function (this: unknown, key: string, value: unknown) {
    if (typeof value === 'function') return undefined;
    if (value instanceof Map) return { map: [...value] };
    if (value instanceof Set) return { set: [...value] };
    if (key === 'tree' && typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'root') return undefined;
    // A React page's HTML reaches the pages as its own markdown (pipeline/io/site-code-keys.ts): only that page reads it.
    if (key === 'react' && typeof value === 'object' && value !== null) return { ...value, html: undefined };
    const holder = this as { path?: unknown; display?: unknown };
    if (key === 'text' && typeof holder.path === 'string' && typeof holder.display === 'string' && isMarkdown(holder.path)) return undefined;
    return value;
  });
}

/** The site-wide key: every input of the pages but the bodies of Markdown files (see the module's comment). */
export function siteRenderKey({ sources, mode, site, effects }: SiteRenderInputs): string {
  const hash = createHash('sha256');
  // React warns in development; the rest of the process environment the pages never read.
  part(hash, JSON.stringify([generatorKey(), mode, process.env.NODE_ENV ?? '']));
  for (const file of [...(sources.config ? [sources.config] : []), ...(sources.configData ?? []), ...sources.files, ...(sources.partials ?? [])]) {
    part(hash, file.path);
    part(hash, file.display);
    part(hash, isMarkdown(file.path) && sources.files.includes(file) ? '' : file.text);
  }
  for (const file of [...sources.assets, ...(sources.staticFiles ?? [])]) {
    part(hash, file.path);
    part(hash, file.bytes);
  }
  part(hash, JSON.stringify(sources.reactPages ?? []));
  part(hash, siteJson(site));
  part(hash, JSON.stringify({ ...effects.theme, files: [...effects.theme.files] }));
  for (const file of effects.themeFiles) {
    part(hash, file.path);
    part(hash, file.data);
  }
  part(hash, effects.feedStylesheet ?? '');
  const styles = effects.siteStyles;
  part(hash, JSON.stringify(styles ? [styles.components, styles.custom?.path ?? null] : null));
  if (styles?.custom) part(hash, styles.custom.data);
  return hash.digest('hex');
}

/** What a build knows of a page it made. */
interface PageRecord {
  /** The hash of the page's bytes. */
  readonly hash: string;
  /** The permalinks whose markdown it read (`allPages`: all). */
  readonly reads: ReadonlyArray<string>;
  /** A hash of the markdown keys of those reads, then. */
  readonly readsKey: string;
  /** Its stamp in the output, when the writer told it. */
  readonly stamp?: FileStamp;
}

interface Manifest {
  /** The site-wide key. */
  readonly key: string;
  /** Each page by its path in the output. */
  readonly pages: Readonly<Record<string, PageRecord>>;
}

const pageHash = (data: OutputFile['data']): string => hash('sha256', data, 'base64');

/**
 * The pages of one build: those found again in the output folder, and what
 * is known of all, for the next build's manifest. Counts what it reused and
 * what had to be rendered.
 */
export class PageReuse implements PageReuseHook {
  private readonly made: Record<string, PageRecord> = {};
  private readonly reads = new PageReads();
  private everything: string | null = null;
  reused = 0;
  rendered = 0;
  feedsReused = 0;
  feedsRendered = 0;
  /** Pages and feeds read back from the output and hashed, because their stamp was not the recorded one. */
  readBack = 0;

  private constructor(
    private readonly file: string, private readonly outDir: string, private readonly key: string,
    private readonly contentKeys: ReadonlyMap<string, string>, private readonly previous: Manifest | null,
    /** When the previous manifest was written (its modification time): stamps older than that are trusted. */
    private readonly recorded: bigint,
  ) {}

  /**
   * The reuse for a build with site-wide `key` writing into `outDir`;
   * `contentKeys` gives the markdown key of every page's markdown by permalink.
   */
  static open(cacheDir: string, outDir: string, key: string, contentKeys: ReadonlyMap<string, string>): PageReuse {
    const file = path.join(buildCacheDir(cacheDir), manifestFile);
    let previous: Manifest | null = null;
    let recorded = 0n;
    try {
      const fd = fs.openSync(file, 'r');
      try {
        recorded = fs.fstatSync(fd, { bigint: true }).mtimeNs;
        const data = JSON.parse(fs.readFileSync(fd, 'utf8')) as Manifest;
        if (data.key === key && typeof data.pages === 'object' && data.pages !== null) previous = data;
      } finally {
        fs.closeSync(fd);
      }
    } catch {
      // No manifest, or a damaged one: every page is rendered.
    }
    return new PageReuse(file, path.resolve(outDir), key, contentKeys, previous, recorded);
  }

  /** A hash of the markdown keys of `reads` in this build. */
  private readsKey(reads: Iterable<string>): string {
    const keys = [...reads].sort().map((permalink) => [permalink, permalink === allPages ? this.allKeys() : this.contentKeys.get(permalink) ?? null]);
    return hash('sha256', JSON.stringify(keys), 'base64');
  }

  private allKeys(): string {
    return (this.everything ??= hash('sha256', JSON.stringify([...this.contentKeys].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))), 'base64'));
  }

  /** The contents and memo the pages render with, their reads written down. */
  watch<C>(contents: ReadonlyMap<string, C>): ReadonlyMap<string, C> {
    return this.reads.contents(contents);
  }

  readonly memo = () => this.reads.memo();

  /** The page at `file` (`kennisbank/index.html`): `unchanged` when the previous output's may be used, else rendered. */
  page(file: string, render: () => OutputFile['data'] | Problem): OutputFile['data'] | Problem | Unchanged {
    const { data, reused } = this.rendering(file, render);
    if (reused) this.reused++;
    else this.rendered++;
    return data;
  }

  /** A feed (`blog/rss.xml`), as a page: it reads the posts it lists. */
  feed(file: string, render: () => OutputFile['data']): OutputFile['data'] | Unchanged {
    const { data, reused } = this.rendering(file, render);
    if (reused) this.feedsReused++;
    else this.feedsRendered++;
    return data as OutputFile['data'] | Unchanged;
  }

  /**
   * `unchanged` when what `file` read is unchanged and the previous output
   * still holds its bytes (by its stamp, else read back and hashed), else
   * what `render` makes, its reads written down.
   */
  private rendering(file: string, render: () => OutputFile['data'] | Problem): { data: OutputFile['data'] | Problem | Unchanged; reused: boolean } {
    const known = this.previous?.pages[file];
    if (known !== undefined && Array.isArray(known.reads) && this.readsKey(known.reads) === known.readsKey) {
      const target = path.join(this.outDir, file);
      const stamp = isStamp(known.stamp) && trusted(known.stamp, this.recorded) ? known.stamp : null;
      try {
        if (stamp && sameStamp(fs.lstatSync(target, { bigint: true }), stamp)) {
          this.made[file] = known;
          return { data: unchanged, reused: true };
        }
      } catch {
        // Gone from the output: rendered below.
      }
      const back = readBack(target);
      if (back) this.readBack++;
      if (back && pageHash(back.bytes) === known.hash) {
        this.made[file] = { hash: known.hash, reads: known.reads, readsKey: known.readsKey, stamp: back.stamp };
        return { data: unchanged, reused: true };
      }
    }
    const { value, reads } = this.reads.during(render);
    if (typeof value === 'string' || value instanceof Uint8Array) this.made[file] = { hash: pageHash(value), reads: [...reads].sort(), readsKey: this.readsKey(reads) };
    return { data: value, reused: false };
  }

  /**
   * Keeps this build's key and what it knows of each page for the next
   * build, with the stamps the writer gives (`written`), once the output is
   * in place; a failure costs that build time only.
   */
  save(written: WriteStats): void {
    const same = this.rendered === 0 && this.feedsRendered === 0 && this.readBack === 0 && this.previous !== null && Object.keys(this.previous.pages).length === Object.keys(this.made).length;
    if (same) return;
    const pages: Record<string, PageRecord> = {};
    for (const [file, record] of Object.entries(this.made)) {
      const stamp = written.stamps[file] ?? record.stamp;
      pages[file] = stamp ? { ...record, stamp } : record;
    }
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      const tmp = `${this.file}.${process.pid}.tmp`;
      const text = JSON.stringify({ key: this.key, pages } satisfies Manifest);
      fs.writeFileSync(tmp, text);
      // The manifest's own time must be newer than every stamp it trusts (file-stamp.ts, `trusted`): when a page
      // was written in the same tick of the file system's clock, the manifest is written once more after the tick
      // (a clock tick is at most some tens of ms; a page with a time in the future stays untrusted).
      const last = newest(Object.values(pages).flatMap((page) => (page.stamp ? [page.stamp] : [])));
      for (let tries = 0; tries < 20 && fs.statSync(tmp, { bigint: true }).mtimeNs <= last; tries++) {
        Atomics.wait(tick, 0, 0, 2);
        fs.writeFileSync(tmp, text);
      }
      fs.renameSync(tmp, this.file);
    } catch {
      // A read-only or full disk: the build itself succeeded.
    }
  }
}

/** Something to sleep on for a few milliseconds. */
const tick = new Int32Array(new SharedArrayBuffer(4));

/** The bytes of the output file at `target` and its stamp (from the open file), or null when it is gone or unreadable. */
function readBack(target: string): { bytes: Buffer; stamp: FileStamp } | null {
  try {
    // Not through a link: the writer links the file it names, which must be the file read.
    const fd = fs.openSync(target, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
    try {
      const stat = fs.fstatSync(fd, { bigint: true });
      return stat.isFile() ? { bytes: fs.readFileSync(fd), stamp: stampOf(stat) } : null;
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return null;
  }
}

/**
 * The markdown key of every page's markdown by permalink: `jobKey` of its
 * job; markdown made otherwise gets a key no other build has (a page that
 * reads it is always rendered).
 */
export function contentKeys<J extends { readonly entry: { readonly permalink: string }; readonly key: ReadonlyArray<string | number> }>(
  contents: ReadonlyMap<string, unknown>, jobs: ReadonlyArray<J>, jobKey: (key: J['key']) => string,
): Map<string, string> {
  const keys = new Map(jobs.map((job) => [job.entry.permalink, jobKey(job.key)] as const));
  const once = randomUUID();
  for (const permalink of contents.keys()) if (!keys.has(permalink)) keys.set(permalink, once);
  return keys;
}
