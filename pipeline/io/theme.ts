/**
 * Effect edge: the theme's files. Reads the stylesheet and static files from
 * theme/, bundles theme/client with rollup, and gives each a content-hashed URL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { rollup } from 'rollup';
import esbuild from 'rollup-plugin-esbuild';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terserPlugin from '@rollup/plugin-terser';
import type { Plugin } from 'rollup';

// The plugin's types describe an ES default export that NodeNext resolution sees as a namespace.
const terser = terserPlugin as unknown as (options?: object) => Plugin;
import { contentHash } from '../assets.ts';
import type { OutputFile } from '../build.ts';
import type { ThemeAssets } from '../../renderer/context.ts';

const themeDir = path.resolve(import.meta.dirname, '../../theme');

const hashed = (name: string, data: string | Uint8Array) => {
  const dot = name.lastIndexOf('.');
  return `assets/${name.slice(0, dot)}-${contentHash(data)}${name.slice(dot)}`;
};

let bundleCache: { key: string; code: string } | null = null;

/** The hydration bundle: one small ES module for the interactive shell. */
export async function bundleClient(): Promise<string> {
  const clientDir = path.join(themeDir, 'client');
  const sources = fs.readdirSync(clientDir).sort().map((f) => fs.readFileSync(path.join(clientDir, f), 'utf8')).join('\n');
  const key = contentHash(sources);
  if (bundleCache?.key === key) return bundleCache.code;
  const bundle = await rollup({
    input: path.join(clientDir, 'main.ts'),
    plugins: [nodeResolve({ browser: true }), esbuild({ target: 'es2020', tsconfig: false }), terser({ format: { comments: false } })],
    onwarn: () => {},
  });
  const { output } = await bundle.generate({ format: 'es' });
  await bundle.close();
  const code = output[0].code;
  bundleCache = { key, code };
  return code;
}

export async function loadTheme(): Promise<{ theme: ThemeAssets; files: OutputFile[] }> {
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
  const js = await bundleClient();
  const jsPath = hashed('shell.js', js);
  files.push({ path: jsPath, data: js });
  return { theme: { css: `/${cssPath}`, js: `/${jsPath}`, files: names }, files };
}
