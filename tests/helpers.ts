/** Test helpers: build in-memory source trees and run the pure stages on them. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SourceTree } from '../pipeline/io/read.ts';
import { analyse, generate, type Effects, type Generated } from '../pipeline/build.ts';
import { feedStylesheetTemplate } from '../pipeline/io/theme.ts';
import type { Mode } from '../pipeline/types.ts';
import { Store, type BuildCache } from '../pipeline/memo.ts';
import { themeCode } from '../theme/theme-code.ts';

export const root = path.resolve(import.meta.dirname, '..');
export const configText = fs.readFileSync(path.join(root, 'dist-config/site.yml'), 'utf8');

export const minimalTags = `api:\n  label: API\n  description: Over API's.\nsecurity:\n  label: Security\n  description: Over beveiliging.\n`;
export const minimalAuthors = `ada:\n  name: Ada Jansen\n  title: Ontwikkelaar\n`;

/** The smallest valid site: both docs homes, tags, authors. Override or add files per test. */
export function tree(files: Record<string, string>, config = configText): SourceTree {
  const all: Record<string, string> = {
    'kennisbank/index.md': '---\ntitle: Kennisbank\n---\n\nWelkom.\n',
    'communities/index.md': '---\ntitle: Communities\n---\n\nSamen.\n',
    'tags.yml': minimalTags,
    'blog/authors.yml': minimalAuthors,
    ...files,
  };
  return {
    files: Object.entries(all).filter(([, text]) => text !== '').sort(([a], [b]) => a.localeCompare(b))
      .map(([p, text]) => ({ path: p, display: `content/${p}`, text })),
    assets: [],
    config: { path: 'site.yml', display: 'dist-config/site.yml', text: config },
    problems: [],
  };
}

/** What the edge hands the pure stages, stubbed: no highlighter, no diagrams, a theme with only its stylesheet, the feeds' browser view. Spread it to change one part. */
export const effects: Effects = {
  highlighter: null,
  diagrams: new Map(),
  theme: { css: '/assets/styles.css', js: null, files: new Map() },
  themeFiles: [], themeCode,
  feedStylesheet: feedStylesheetTemplate(),
};

/** Runs the pure stages (no highlighter, no browser, no rendering unless asked). */
export function run(files: Record<string, string>, options: { mode?: Mode; render?: boolean } = {}): Generated {
  const analysis = analyse(tree(files), options.mode ?? 'production');
  return generate(analysis, effects, { render: options.render ?? false });
}

/** Writes `files` (path relative to `dir` → text) into `dir`, making their folders. */
export function writeFiles(dir: string, files: Readonly<Record<string, string>>): void {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
}

export const codes = (g: Generated) => g.problems.map((p) => p.code);

export const post = (fm: string, body = 'Inleiding.\n\n<!-- truncate -->\n\nRest.\n') => `---\n${fm}\n---\n\n${body}`;

/** The temporary folders of this test process, removed by one exit listener when it ends. */
const temporaryFolders = new Set<string>();
process.on('exit', () => { for (const dir of temporaryFolders) fs.rmSync(dir, { recursive: true, force: true }); });

/** A new folder under the system's temporary folder, removed when the test process ends. */
export function temporaryFolder(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temporaryFolders.add(dir);
  return dir;
}

/** Every file below `dir` → its sha256, by path (with `/`), in path order: two outputs compare with one `equal`. */
export function fileHashes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())) {
    const abs = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, abs).split(path.sep).join('/')] = crypto.createHash('sha256').update(fs.readFileSync(abs)).digest('hex');
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Where a test site lives: its folder, with `content/`, `dist-config/site.yml` and the build cache `.cache/`. */
export interface TestSite {
  readonly dir: string;
  readonly content: string;
  readonly config: string;
  readonly cacheDir: string;
}

/** Writes a test site into `dir`: `files` under `content/`, `config` as `dist-config/site.yml`. */
export function writeTestSite(dir: string, files: Readonly<Record<string, string>>, config: string): TestSite {
  writeFiles(path.join(dir, 'content'), files);
  fs.mkdirSync(path.join(dir, 'dist-config'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'dist-config/site.yml'), config);
  return { dir, content: path.join(dir, 'content'), config: path.join(dir, 'dist-config/site.yml'), cacheDir: path.join(dir, '.cache') };
}

/** A test site (`writeTestSite`) in a new temporary folder, removed when the test process ends. */
export const testSite = (prefix: string, files: Readonly<Record<string, string>>, config: string): TestSite => writeTestSite(temporaryFolder(prefix), files, config);

/** What the next build reads back of `cache`: every store through JSON, as on disk. */
export function reloadedCache(cache: BuildCache): BuildCache {
  const again = <V>(store: Store<V>) => new Store<V>(new Map(Object.entries(JSON.parse(JSON.stringify(Object.fromEntries(store.entries()))) as Record<string, V>)));
  return Object.fromEntries(Object.entries(cache).map(([name, store]) => [name, again(store as Store<unknown>)])) as unknown as BuildCache;
}
