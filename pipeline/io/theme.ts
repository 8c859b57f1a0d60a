/**
 * Effect edge: the theme's files. Reads the stylesheet and static files from
 * theme/ and the site font's files from its npm package (theme/fonts.ts),
 * bundles theme/client with rollup, and gives each a content-hashed URL.
 *
 * The bundle is cached on disk (`<cacheDir>/client/<key>.json`): bundling costs
 * about 0.6 s of every build. The key covers what can change the output (the
 * client sources, the bundler options, the installed package versions); the
 * entry also lists every file rollup read, with its hash, so a change to any
 * of them re-bundles too. An unreadable or corrupt entry is a miss, never an
 * error.
 *
 * The bundle depends on the code only, never on the content. So `compile`
 * (`npm install`) makes it once next to the compiled CLI, and a first build
 * of a site finds it there (`installedClient`).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { contentHash } from '../content-hash.ts';
import type { OutputFile } from '../types.ts';
import type { ThemeAssets } from '../../renderer/context.ts';
import { mermaidBrowserFiles, mermaidBrowserUrl } from './mermaid.ts';
import { fontFile, siteFont } from '../../theme/fonts.ts';
import { chunkRetry, importChunkHelper } from './chunk-retry.ts';
import { stopEsbuildWhenIdle, usingEsbuild } from './esbuild-service.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const themeDir = path.join(repoRoot, 'theme');
const clientDir = path.join(themeDir, 'client');

const hashed = (name: string, data: string | Uint8Array) => {
  const dot = name.lastIndexOf('.');
  return `assets/${name.slice(0, dot)}-${contentHash(data)}${name.slice(dot)}`;
};

interface ClientBundle {
  readonly entry: string;
  readonly files: ReadonlyArray<{ readonly path: string; readonly data: string }>;
}

/** A bundle with what it was made from: the key and every file rollup read (repo-relative path → hash). */
interface CachedBundle extends ClientBundle {
  readonly key: string;
  readonly inputs: Readonly<Record<string, string>>;
  /** Hash of all the above, so a damaged entry that still parses is a miss too. */
  readonly sum: string;
}

/** Bump when the cache entry's shape changes. */
const cacheFormat = 1;

/** Where mermaid-lazy.ts finds mermaid (only pages with a diagram the build could not draw load it). */
const mermaidModule = mermaidBrowserUrl;

// esbuild minifies too: terser gave 3 % smaller files for 4 s of CPU per build (docs/performance.md).
const esbuildOptions = { target: 'es2020', tsconfig: false, minify: true, legalComments: 'none', define: { __MERMAID_MODULE__: JSON.stringify(mermaidModule) } } as const;
const resolveOptions = { browser: true } as const;
const outputOptions = { format: 'es', entryFileNames: 'assets/shell-[hash].js', chunkFileNames: 'assets/[name]-[hash].js' } as const;

const readOr = (file: string, fallback: string): string => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
};

const hashOf = (file: string): string | null => {
  try {
    return contentHash(fs.readFileSync(file), 64);
  } catch {
    return null;
  }
};

/** Everything known before bundling that can change its output. */
function bundleKey(): string {
  const sources = fs.readdirSync(clientDir).sort().map((f) => [f, fs.readFileSync(path.join(clientDir, f), 'utf8')]);
  // The lock file pins rollup, esbuild and the npm packages the client imports (minisearch).
  const lock = readOr(path.join(repoRoot, 'package-lock.json'), '');
  return contentHash(JSON.stringify({ cacheFormat, sources, mermaidModule, esbuildOptions, resolveOptions, outputOptions, importChunkHelper, lock }), 32);
}

const bundleSum = (b: Omit<CachedBundle, 'sum'>): string => contentHash(JSON.stringify([b.key, b.inputs, b.entry, b.files]), 32);

/** True when `bundle` was made from exactly the files there are now. */
const fresh = (bundle: CachedBundle, key: string): boolean =>
  bundle.key === key && Object.entries(bundle.inputs).every(([file, hash]) => hashOf(path.resolve(repoRoot, file)) === hash);

/** The entry as read from disk, or null when it is missing, not ours or damaged. */
function readEntry(file: string, key: string): CachedBundle | null {
  let value: unknown;
  try {
    value = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  const v = value as Partial<CachedBundle> | null;
  const wellFormed = typeof v === 'object' && v !== null && typeof v.key === 'string' && typeof v.entry === 'string' && typeof v.sum === 'string'
    && typeof v.inputs === 'object' && v.inputs !== null && Object.values(v.inputs).every((h) => typeof h === 'string')
    && Array.isArray(v.files) && v.files.every((f) => typeof f?.path === 'string' && typeof f.data === 'string');
  if (!wellFormed) return null;
  const bundle = v as CachedBundle;
  return bundleSum(bundle) === bundle.sum && fresh(bundle, key) ? bundle : null;
}

/** Stores the entry (tmp + rename: a reader never sees half a file) and removes older ones. Best effort. */
function writeEntry(dir: string, bundle: CachedBundle): void {
  const name = `${bundle.key}.json`;
  const tmp = path.join(dir, `.${name}-${process.pid}.tmp`);
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(tmp, JSON.stringify(bundle));
    fs.renameSync(tmp, path.join(dir, name));
    for (const other of fs.readdirSync(dir)) if (other !== name) fs.rmSync(path.join(dir, other), { force: true, recursive: true });
  } catch {
    // A cache that cannot be written only costs the next build a bundle.
    try {
      fs.rmSync(tmp, { force: true });
    } catch {
      // Not there, or its folder cannot be reached either.
    }
  }
}

const relative = (file: string): string => path.relative(repoRoot, file).split(path.sep).join('/');

/**
 * Runs rollup; its modules load only here, so a cached build does not pay for importing them.
 * `complete`: every file rollup read has a hash, so the result may be cached.
 */
async function runRollup(key: string): Promise<{ bundle: CachedBundle; complete: boolean }> {
  const [{ rollup }, { default: esbuild }, { nodeResolve }] = await Promise.all([
    import('rollup'), import('rollup-plugin-esbuild'), import('@rollup/plugin-node-resolve'),
  ]);
  // Hashes each module as rollup read it, not as it is after the bundle: a file saved
  // mid-bundle then no longer matches its entry, instead of passing a stale bundle off as fresh.
  const inputs: Record<string, string> = {};
  const record = { name: 'record-inputs', transform(code: string, id: string) {
    if (path.isAbsolute(id)) inputs[relative(id)] = contentHash(code, 64);
    return null;
  } };
  const { output, watched } = await usingEsbuild(async () => {
    const bundle = await rollup({
      input: path.join(clientDir, 'main.ts'),
      plugins: [record, nodeResolve(resolveOptions), esbuild(esbuildOptions), chunkRetry()],
      onwarn: () => {},
    });
    const generated = await bundle.generate(outputOptions);
    const files = bundle.watchFiles;
    await bundle.close();
    return { output: generated.output, watched: files };
  });
  // rollup-plugin-esbuild leaves esbuild's service process running (100 MB or more) until exit;
  // it starts again by itself should the dev server bundle once more.
  await stopEsbuildWhenIdle();
  const files = output.flatMap((o) => (o.type === 'chunk' ? [{ path: o.fileName, data: o.code }] : []));
  const entry = output.find((o) => o.type === 'chunk' && o.isEntry)?.fileName ?? '';
  let complete = true;
  for (const file of watched) {
    // Files read without being a module (none today) are hashed as they are now.
    const hash = inputs[relative(file)] ?? (path.isAbsolute(file) ? hashOf(file) : null);
    if (hash === null) complete = false;
    else inputs[relative(file)] = hash;
  }
  // Sorted: rollup transforms in parallel, and the same bundle should give the same entry.
  const sorted = Object.fromEntries(Object.entries(inputs).sort(([a], [b]) => (a < b ? -1 : 1)));
  return { bundle: { key, inputs: sorted, entry, files, sum: bundleSum({ key, inputs: sorted, entry, files }) }, complete };
}

let bundleCache: CachedBundle | null = null;

/** Set by bin/ontwikkelaarsportaal.mjs when it compiles the CLI: the folder of the compiled CLI. */
declare const COMPILED_CLI: string | undefined;

/**
 * Where `compile` put the client bundle (`compileClient`), or null when the CLI
 * runs from the TypeScript (the tests). Read only: an entry made from other
 * sources is not fresh and is skipped like any other miss.
 */
const installedClient = (): string | null => (typeof COMPILED_CLI === 'string' ? path.join(COMPILED_CLI, 'client') : null);

/**
 * The hydration bundle: one small ES module for the interactive shell, plus
 * lazily imported chunks (search) that only the pages using them download.
 * Kept in memory for the dev server and, with `cacheDir`, on disk between runs.
 */
export async function bundleClient(options: { cacheDir?: string | undefined } = {}): Promise<ClientBundle> {
  const key = bundleKey();
  if (bundleCache && fresh(bundleCache, key)) return bundleCache;
  const dir = options.cacheDir ? path.join(options.cacheDir, 'client') : null;
  for (const place of [installedClient(), dir]) {
    const cached = place ? readEntry(path.join(place, `${key}.json`), key) : null;
    if (cached) return (bundleCache = cached);
  }
  const { bundle, complete } = await runRollup(key);
  if (!complete) return bundle;
  bundleCache = bundle;
  if (dir) writeEntry(dir, bundle);
  return bundle;
}

/**
 * Bundles the client into `<compiledCli>/client/` for `compile`, which runs at
 * `npm install` and after a change to the code: the CLI then finds it there.
 */
export async function compileClient(compiledCli: string): Promise<void> {
  const key = bundleKey();
  const { bundle, complete } = await runRollup(key);
  if (complete) writeEntry(path.join(compiledCli, 'client'), bundle);
}

/**
 * The site's one stylesheet: the design tokens first (`theme/tokens.css`, when
 * there is one), then `theme/styles.css`, then each part in `theme/styles/`
 * in name order. One file, so a page makes one request for its CSS.
 */
function stylesheet(): string {
  const partsDir = path.join(themeDir, 'styles');
  const parts = fs.existsSync(partsDir) ? fs.readdirSync(partsDir).filter((f) => f.endsWith('.css')).sort().map((f) => path.join(partsDir, f)) : [];
  const tokens = path.join(themeDir, 'tokens.css');
  return [...(fs.existsSync(tokens) ? [tokens] : []), path.join(themeDir, 'styles.css'), ...parts].map((file) => fs.readFileSync(file, 'utf8')).join('\n');
}

/**
 * The site font's faces (theme/fonts.ts): each woff2 file from the npm package
 * under a content-hashed name in assets/, and the @font-face rules that point
 * there, limited to the subset's characters (others fall back per character).
 * `font-display: swap`: text shows at once in the fallback font, a local font
 * scaled to the same width (`siteFont.fallback`).
 */
function fontFaces(): { css: string; files: Array<{ name: string; path: string; data: Uint8Array }> } {
  const require = createRequire(path.join(repoRoot, 'package.json'));
  const ranges = JSON.parse(fs.readFileSync(require.resolve(`${siteFont.package}/unicode.json`), 'utf8')) as Record<string, string>;
  const range = ranges[siteFont.subset];
  const files = siteFont.weights.map((weight) => {
    const name = fontFile(weight);
    const data = new Uint8Array(fs.readFileSync(require.resolve(`${siteFont.package}/files/${name}`)));
    return { name, path: hashed(name, data), data, weight };
  });
  const css = [
    `/* ${siteFont.family}, SIL Open Font License 1.1 (${siteFont.package}). */`,
    ...files.map((f) => `@font-face { font-family: "${siteFont.family}"; font-style: normal; font-weight: ${f.weight}; font-display: swap; src: url(/${f.path}) format("woff2");${range ? ` unicode-range: ${range};` : ''} }`),
    ...siteFont.fallback.faces.map((f) => `@font-face { font-family: "${siteFont.fallback.family}"; font-style: normal; font-weight: ${f.weight}; src: ${f.local.map((name) => `local("${name}")`).join(', ')}; size-adjust: ${f.sizeAdjust}; }`),
  ].join('\n');
  return { css, files };
}

/** The template of the feeds' browser view, which the feeds stage fills in (pipeline/stages/publish/feeds.ts). */
export const feedStylesheetTemplate = (): string => fs.readFileSync(path.join(themeDir, 'feeds', 'feed.xsl'), 'utf8');

/**
 * The theme's files and their public paths. mermaid's self-hosted copy (3.6 MB) is not among
 * them: the schedule adds it (`mermaidBrowserFiles`) only when a diagram could not be drawn at
 * build time (no Chromium) and the pages load mermaid themselves.
 */
export async function loadTheme(options: { cacheDir?: string } = {}): Promise<{ theme: ThemeAssets; files: OutputFile[] }> {
  const files: OutputFile[] = [];
  const names = new Map<string, string>();
  const staticDir = path.join(themeDir, 'static');
  for (const name of fs.readdirSync(staticDir).sort()) {
    const data = new Uint8Array(fs.readFileSync(path.join(staticDir, name)));
    // Favicons and robots-style files keep their names; everything else is hashed.
    const out = /^(favicon\.(svg|ico)|robots\.txt)$/.test(name) ? name : hashed(name, data);
    files.push({ path: out, data });
    names.set(name, `/${out}`);
  }
  const fonts = fontFaces();
  for (const font of fonts.files) {
    files.push({ path: font.path, data: font.data });
    names.set(font.name, `/${font.path}`);
  }
  const css = `${fonts.css}\n${stylesheet()}`;
  const cssPath = hashed('styles.css', css);
  files.push({ path: cssPath, data: css });
  const client = await bundleClient({ cacheDir: options.cacheDir });
  files.push(...client.files);
  return { theme: { css: `/${cssPath}`, js: `/${client.entry}`, files: names }, files };
}
