#!/usr/bin/env node
/**
 * The command line without tsx at run time (`npm start`, `npm run build`, …).
 *
 * pipeline/cli/main.ts and its workers (mermaid, highlighting, parsing, search index, writing), with the modules and most npm
 * packages they import, are compiled by esbuild into ES modules under
 * .cache/cli/, with the theme's client bundle beside them. Loading the
 * TypeScript through tsx's loader thread cost about 1.7 s a run
 * (docs/performance.md); compiling takes about two seconds, at `npm install`
 * and again only after a source file changed. Tests keep importing the
 * TypeScript directly.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const entry = path.join(root, 'pipeline/cli/main.ts');

/** Changes with any project source file the CLI could import, and with the dependencies. */
function sourceKey() {
  const hash = createHash('sha256');
  for (const dir of ['pipeline', 'renderer', 'theme']) {
    for (const file of fs.readdirSync(path.join(root, dir), { recursive: true }).map(String).sort()) {
      if (!/\.(ts|tsx|json)$/.test(file)) continue;
      const stat = fs.statSync(path.join(root, dir, file));
      hash.update(`${dir}/${file}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  }
  hash.update(fs.readFileSync(path.join(root, 'package-lock.json')));
  // And with this file, whose options shape the bundle.
  hash.update(fs.readFileSync(new URL(import.meta.url)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Packages that stay outside the bundle: loaded only by some commands or on a
 * cache miss (rollup, the Typesense client, the file watcher), or large and
 * found on disk by path (mermaid's browser copy). puppeteer-core is bundled:
 * the mermaid worker imports it at every cold build, in 0.34 instead of 0.7 s.
 */
const external = ['rollup', '@rollup/*', 'rollup-plugin-esbuild', 'esbuild', 'typesense', 'chokidar', 'mermaid', 'lighthouse'];

async function compiled() {
  const dir = path.join(root, '.cache/cli');
  const out = path.join(dir, sourceKey());
  const main = path.join(out, 'cli.mjs');
  if (fs.existsSync(main)) return main;
  const { build, stop } = await import('esbuild');
  const tmp = path.join(dir, `tmp-${process.pid}`);
  fs.rmSync(tmp, { recursive: true, force: true });
  await build({
    // mermaid's Chromium, shiki, parsing, the search index and the writing of dist/ run in worker threads, and a site's components and plugins in
    // child processes (the component box, the plugin box): each module is an entry of its own.
    entryPoints: { cli: entry, 'mermaid-worker': path.join(root, 'pipeline/io/workers/mermaid-worker.ts'), 'highlight-worker': path.join(root, 'pipeline/io/workers/highlight-worker.ts'), 'search-index-worker': path.join(root, 'pipeline/io/workers/search-index-worker.ts'), 'write-worker': path.join(root, 'pipeline/io/workers/write-worker.ts'), 'parse-worker': path.join(root, 'pipeline/io/workers/parse-worker.ts'), 'component-box-worker': path.join(root, 'pipeline/io/workers/component-box-worker.ts'), 'plugin-box-worker': path.join(root, 'pipeline/io/workers/plugin-box-worker.ts') }, outdir: tmp, chunkNames: 'chunks/[name]-[hash]', outExtension: { '.js': '.mjs' },
    // The npm packages go into the bundle too: one file loads in about 0.13 s where node resolving
    // and loading some 900 package files took 0.4 s of every build (docs/performance.md). Splitting
    // keeps what only some builds need (each of shiki's grammars) in chunks loaded on demand.
    bundle: true, splitting: true, external,
    platform: 'node', format: 'esm', target: 'node20', jsx: 'automatic', logLevel: 'error',
    // CommonJS packages in the bundle (React) call require for node's own modules.
    banner: { js: "import { createRequire as __cliRequire } from 'node:module'; const require = __cliRequire(import.meta.url);" },
    // Modules that find files next to themselves keep doing so from the bundle (only pipeline/io/ does;
    // no bundled package reads import.meta).
    define: {
      'import.meta.dirname': JSON.stringify(path.join(root, 'pipeline/io')),
      'import.meta.url': JSON.stringify(pathToFileURL(path.join(root, 'pipeline/io/module.ts')).href),
      MERMAID_WORKER: JSON.stringify(pathToFileURL(path.join(out, 'mermaid-worker.mjs')).href),
      HIGHLIGHT_WORKER: JSON.stringify(pathToFileURL(path.join(out, 'highlight-worker.mjs')).href),
      SEARCH_INDEX_WORKER: JSON.stringify(pathToFileURL(path.join(out, 'search-index-worker.mjs')).href),
      WRITE_WORKER: JSON.stringify(pathToFileURL(path.join(out, 'write-worker.mjs')).href),
      PARSE_WORKER: JSON.stringify(pathToFileURL(path.join(out, 'parse-worker.mjs')).href),
      COMPONENT_BOX_WORKER: JSON.stringify(pathToFileURL(path.join(out, 'component-box-worker.mjs')).href),
      PLUGIN_BOX_WORKER: JSON.stringify(pathToFileURL(path.join(out, 'plugin-box-worker.mjs')).href),
      COMPILED_CLI: JSON.stringify(out),
    },
  });
  // The theme's client bundle depends on the code only, like the CLI: made now, it is there
  // for every build (pipeline/io/theme.ts). Should bundling fail, a build tries again and says why.
  try {
    const { compileClient } = await import(pathToFileURL(path.join(tmp, 'cli.mjs')).href);
    await compileClient(tmp);
  } catch (e) {
    console.warn(`De clientbundel is niet gemaakt: ${e instanceof Error ? e.message : e}`);
  }
  // esbuild's service process would otherwise stay for the whole build, holding 100 MB or more.
  await stop();
  // Another run may be compiling the same sources: the first rename wins, the other one uses its result.
  try {
    fs.renameSync(tmp, out);
  } catch {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  for (const old of fs.readdirSync(dir)) if (old !== path.basename(out) && !old.startsWith('tmp-')) fs.rmSync(path.join(dir, old), { recursive: true, force: true });
  return main;
}

// `compile` only compiles: `npm install` runs it (the prepare script), so a first build does not wait for it.
if (process.argv[2] === 'compile') {
  await compiled();
} else {
  // Static rendering needs none of React's development checks (see pipeline/io/production-react.ts).
  process.env.NODE_ENV ??= 'production';
  const { runCli } = await import(pathToFileURL(await compiled()).href);
  runCli();
}
