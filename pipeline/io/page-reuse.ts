/**
 * Effect edge: pages of the previous output used again instead of rendered.
 *
 * A page depends on the whole site (sidebar, navbar, lists of posts and
 * tags), so a page is reused only when nothing the pages are made of changed:
 * one key (`siteRenderKey`) over the generator, every source file, the drawn
 * diagrams, the theme and the site's CSS. A build
 * keeps that key and a hash of each page it made in a manifest in its build
 * cache (`pages.json`). The next build with the same key reads each page back
 * from the output folder, and uses it only when its bytes still have the hash
 * the manifest recorded: a page edited or removed by hand is rendered again.
 * The writer then finds the same bytes and links the file (write-worker.ts).
 *
 * Site code (components, React pages) runs in its box with the site's own
 * modules, which no key here covers: a site with any gets no reuse.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash, type Hash } from 'node:crypto';
import type { SourceTree } from './read.ts';
import type { Effects } from '../build.ts';
import type { Mode, OutputFile } from '../types.ts';
import { buildCacheDir, generatorKey } from './build-cache.ts';

const manifestFile = 'pages.json';

/** What the pages of a site are made of, besides the generator's code. */
export interface SiteRenderInputs {
  readonly sources: SourceTree;
  readonly mode: Mode;
  readonly effects: Pick<Effects, 'diagrams' | 'theme' | 'themeFiles' | 'feedStylesheet' | 'siteStyles'>;
}

/** Adds a value to the hash with its length first, so that no two sequences of parts hash alike. */
const part = (hash: Hash, data: string | Uint8Array): void => {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  hash.update(`${bytes.byteLength}:`);
  hash.update(bytes);
};

/** One key over every input of the pages (see the module's comment). */
export function siteRenderKey({ sources, mode, effects }: SiteRenderInputs): string {
  const hash = createHash('sha256');
  // React warns in development; the rest of the process environment the pages never read.
  part(hash, JSON.stringify([generatorKey(), mode, process.env.NODE_ENV ?? '']));
  for (const file of [...(sources.config ? [sources.config] : []), ...(sources.configData ?? []), ...sources.files, ...(sources.partials ?? [])]) {
    part(hash, file.path);
    part(hash, file.display);
    part(hash, file.text);
  }
  for (const file of [...sources.assets, ...(sources.staticFiles ?? [])]) {
    part(hash, file.path);
    part(hash, file.bytes);
  }
  part(hash, JSON.stringify(sources.reactPages ?? []));
  part(hash, JSON.stringify(effects.diagrams && [...effects.diagrams]));
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

interface Manifest {
  readonly key: string;
  /** The hash of each page's bytes, by its path in the output. */
  readonly pages: Readonly<Record<string, string>>;
}

const pageHash = (data: OutputFile['data']): string => createHash('sha256').update(data).digest('base64');

/**
 * The pages of one build: those found again in the output folder, and the
 * hashes of all, for the next build's manifest. Counts what it reused and
 * what had to be rendered.
 */
export class PageReuse {
  private readonly made: Record<string, string> = {};
  reused = 0;
  rendered = 0;

  private constructor(private readonly file: string, private readonly outDir: string, private readonly key: string, private readonly previous: Manifest | null) {}

  /** The reuse for a build with `key` writing into `outDir`. */
  static open(cacheDir: string, outDir: string, key: string): PageReuse {
    const file = path.join(buildCacheDir(cacheDir), manifestFile);
    let previous: Manifest | null = null;
    try {
      const data = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
      if (data.key === key && typeof data.pages === 'object' && data.pages !== null) previous = data;
    } catch {
      // No manifest, or a damaged one: every page is rendered.
    }
    return new PageReuse(file, path.resolve(outDir), key, previous);
  }

  /** The page at `file` (`kennisbank/index.html`): the previous output's bytes when they may be used, else rendered. */
  page<P extends object>(file: string, render: () => string | P): OutputFile['data'] | P {
    const known = this.previous?.pages[file];
    if (known !== undefined) {
      try {
        const bytes = fs.readFileSync(path.join(this.outDir, file));
        if (pageHash(bytes) === known) {
          this.made[file] = known;
          this.reused++;
          return bytes;
        }
      } catch {
        // Gone from the output: rendered below.
      }
    }
    this.rendered++;
    const html = render();
    if (typeof html === 'string') this.made[file] = pageHash(html);
    return html;
  }

  /** Keeps this build's key and page hashes for the next build; a failure costs that build time only. */
  save(): void {
    const unchanged = this.rendered === 0 && this.previous !== null && Object.keys(this.previous.pages).length === Object.keys(this.made).length;
    if (unchanged) return;
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      const tmp = `${this.file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify({ key: this.key, pages: this.made } satisfies Manifest));
      fs.renameSync(tmp, this.file);
    } catch {
      // A read-only or full disk: the build itself succeeded.
    }
  }
}
