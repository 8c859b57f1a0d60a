/**
 * Effect edge: the theme's files. Reads the stylesheet and static files from
 * theme/, bundles theme/client with rollup, and gives each a content-hashed URL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { rollup } from 'rollup';
import esbuild from 'rollup-plugin-esbuild';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { contentHash } from '../assets.ts';
import type { OutputFile } from '../build.ts';
import type { ThemeAssets } from '../../renderer/context.ts';
import { mermaidBrowserFiles, mermaidBrowserUrl } from './mermaid.ts';

const themeDir = path.resolve(import.meta.dirname, '../../theme');

const hashed = (name: string, data: string | Uint8Array) => {
  const dot = name.lastIndexOf('.');
  return `assets/${name.slice(0, dot)}-${contentHash(data)}${name.slice(dot)}`;
};

let bundleCache: { key: string; files: OutputFile[]; entry: string } | null = null;

/**
 * The hydration bundle: one small ES module for the interactive shell, plus
 * lazily imported chunks (search) that only the pages using them download.
 */
export async function bundleClient(): Promise<{ entry: string; files: OutputFile[] }> {
  const clientDir = path.join(themeDir, 'client');
  const sources = fs.readdirSync(clientDir).sort().map((f) => fs.readFileSync(path.join(clientDir, f), 'utf8')).join('\n');
  // Where mermaid-lazy.ts finds mermaid (only pages with a diagram the build could not draw load it).
  const mermaidModule = mermaidBrowserUrl;
  const key = contentHash(`${sources}\n${mermaidModule}`);
  if (bundleCache?.key === key) return bundleCache;
  const bundle = await rollup({
    input: path.join(clientDir, 'main.ts'),
    // esbuild minifies too: terser gave 3 % smaller files for 4 s of CPU per build (docs/performance.md).
    plugins: [nodeResolve({ browser: true }), esbuild({ target: 'es2020', tsconfig: false, minify: true, legalComments: 'none', define: { __MERMAID_MODULE__: JSON.stringify(mermaidModule) } })],
    onwarn: () => {},
  });
  const { output } = await bundle.generate({ format: 'es', entryFileNames: 'assets/shell-[hash].js', chunkFileNames: 'assets/[name]-[hash].js' });
  await bundle.close();
  const files = output.flatMap((o) => (o.type === 'chunk' ? [{ path: o.fileName, data: o.code }] : []));
  const entry = output.find((o) => o.type === 'chunk' && o.isEntry)?.fileName ?? '';
  bundleCache = { key, files, entry };
  return bundleCache;
}

/**
 * `mermaidInBrowser`: some diagram could not be drawn at build time (no Chromium), so pages load
 * mermaid themselves; only then does the build carry its 3.6 MB self-hosted copy.
 */
export async function loadTheme(options: { mermaidInBrowser?: boolean } = {}): Promise<{ theme: ThemeAssets; files: OutputFile[] }> {
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
  const css = fs.readFileSync(path.join(themeDir, 'styles.css'), 'utf8');
  const cssPath = hashed('styles.css', css);
  files.push({ path: cssPath, data: css });
  const client = await bundleClient();
  files.push(...client.files, ...(options.mermaidInBrowser ? mermaidBrowserFiles().files : []));
  return { theme: { css: `/${cssPath}`, js: `/${client.entry}`, files: names }, files };
}
