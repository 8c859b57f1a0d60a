#!/usr/bin/env node
/**
 * The command line without tsx at run time (`npm start`, `npm run build`, …).
 *
 * pipeline/cli/main.ts, with the modules and most npm packages it imports, is
 * compiled by esbuild into one CommonJS script under .cache/cli/, its workers
 * (mermaid, highlighting, parsing, markdown, search index, writing, the boxes) into ES modules
 * beside it, and the theme's client bundle too. Loading the TypeScript
 * through tsx's loader thread cost about 1.7 s a run (docs/performance.md);
 * compiling takes a few seconds, at `npm install` and again only after a
 * source file changed. Tests keep importing the TypeScript directly.
 *
 * The script runs through `vm.Script` with V8's code cache: Node 20 has no
 * compile cache for ES modules, and compiling the CLI cost every run 0.15 to
 * 0.2 s of CPU (docs/performance.md, "De CLI").
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';

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

/**
 * The CLI script has no splitting, so shiki's grammars and themes (8 MB, each
 * loaded on demand) stay in node_modules for it; the workers bundle them in chunks.
 */
const cliExternal = [...external, '@shikijs/langs', '@shikijs/themes'];

/** The CLI script's name in the folder of the compiled CLI. */
const cliScript = 'cli.cjs';

/**
 * A dynamic `import()` in a `vm.Script` only works with Node's experimental
 * default loader, which prints a warning. Every `import()` left in the CLI
 * script becomes a call of the launcher's own `import()`, `__cliImport`: those
 * of external packages through a marker on their specifier, and those whose
 * specifier is computed (a site's compiled module) where esbuild, parsing the
 * script again, finds them.
 */
const importMarker = 'cli-external:';
const rewriteImports = {
  name: 'rewrite-imports',
  setup(build) {
    const isExternal = (name) => cliExternal.some((e) => (e.endsWith('/*') ? name.startsWith(e.slice(0, -1)) : name === e || name.startsWith(`${e}/`)));
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.kind === 'dynamic-import' && isExternal(args.path) ? { path: `${importMarker}${args.path}`, external: true } : undefined));
    build.onEnd(async (result) => {
      const file = path.join(build.initialOptions.outdir, cliScript);
      if (result.errors.length > 0 || !fs.existsSync(file)) return;
      const text = fs.readFileSync(file, 'utf8').replaceAll(`import("${importMarker}`, '__cliImport("');
      const check = await build.esbuild.build({
        stdin: { contents: text, loader: 'js', sourcefile: cliScript }, bundle: true, write: false, platform: 'node', format: 'cjs', external: ['*'],
        logLevel: 'silent', logOverride: { 'unsupported-dynamic-import': 'warning' },
      });
      // esbuild counts lines as JavaScript does and columns in UTF-8 bytes.
      const starts = [0, ...[...text.matchAll(/\r\n|[\n\r\u2028\u2029]/g)].map((m) => m.index + m[0].length)];
      const offsets = check.warnings.filter((w) => w.id === 'unsupported-dynamic-import' && w.location).map(({ location }) => {
        const start = starts[location.line - 1];
        const at = start + Buffer.from(text.slice(start, start + location.column * 3)).subarray(0, location.column).toString().length;
        if (!text.startsWith('import', at)) throw new Error(`Geen import() op ${cliScript}:${location.line}:${location.column}`);
        return at;
      });
      let out = text;
      for (const at of offsets.sort((a, b) => b - a)) out = `${out.slice(0, at)}__cliImport${out.slice(at + 'import'.length)}`;
      fs.writeFileSync(file, out);
    });
  },
};

/**
 * Rewrites `file` with every character outside ASCII as a `\\u` escape.
 * esbuild escapes them in strings, but leaves them in comments and regular
 * expressions, and one such character makes V8 read the whole file as a
 * two-byte string: reading the CLI script into its wrapper took 18 to 19
 * instead of 13 ms, and its text took 9.5 instead of 4.8 MB of every build's
 * heap (the cold build's peak went from 401 to 393 MiB). An escape means the
 * same character in a string, a regular expression (with or without the `u`
 * flag, a surrogate pair as two escapes) and a comment; a character escaped
 * with a backslash loses that backslash.
 */
function asciiOnly(file) {
  const text = fs.readFileSync(file, 'utf8');
  if (!/[^\x00-\x7f]/.test(text)) return;
  fs.writeFileSync(file, text.replace(/(\\*)([^\x00-\x7f])/g, (_, slashes, char) =>
    `${slashes.slice(slashes.length % 2)}\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** The parameters the CLI script gets, as a CommonJS module does, plus the launcher's `import()` and `import.meta.resolve`. */
const wrapperStart = '(function (exports, require, module, __filename, __dirname, __cliImport, __cliResolve) {';

async function compiled() {
  const dir = path.join(root, '.cache/cli');
  const out = path.join(dir, sourceKey());
  if (fs.existsSync(path.join(out, cliScript))) return out;
  const { build, stop } = await import('esbuild');
  const tmp = path.join(dir, `tmp-${process.pid}`);
  fs.rmSync(tmp, { recursive: true, force: true });
  const common = {
    outdir: tmp, bundle: true, platform: 'node', target: 'node20', jsx: 'automatic', logLevel: 'error',
    // Modules that find files next to themselves keep doing so from the bundle (only pipeline/io/ does;
    // no bundled package reads import.meta).
    define: {
      'import.meta.dirname': JSON.stringify(path.join(root, 'pipeline/io')),
      'import.meta.url': JSON.stringify(pathToFileURL(path.join(root, 'pipeline/io/module.ts')).href),
      MERMAID_WORKER: JSON.stringify(pathToFileURL(path.join(out, 'mermaid-worker.mjs')).href),
      HIGHLIGHT_WORKER: JSON.stringify(pathToFileURL(path.join(out, 'highlight-worker.mjs')).href),
      SEARCH_INDEX_WORKER: JSON.stringify(pathToFileURL(path.join(out, 'search-index-worker.mjs')).href),
      MARKDOWN_WORKER: JSON.stringify(pathToFileURL(path.join(out, 'markdown-worker.mjs')).href),
      WRITE_WORKER: JSON.stringify(pathToFileURL(path.join(out, 'write-worker.mjs')).href),
      PARSE_WORKER: JSON.stringify(pathToFileURL(path.join(out, 'parse-worker.mjs')).href),
      COMPONENT_BOX_WORKER: JSON.stringify(pathToFileURL(path.join(out, 'component-box-worker.mjs')).href),
      PLUGIN_BOX_WORKER: JSON.stringify(pathToFileURL(path.join(out, 'plugin-box-worker.mjs')).href),
      COMPILED_CLI: JSON.stringify(out),
    },
  };
  // The npm packages go into the bundle too: one file loads in about 0.13 s where node resolving
  // and loading some 900 package files took 0.4 s of every build (docs/performance.md).
  await Promise.all([
    build({
      ...common, entryPoints: { cli: entry }, format: 'cjs', outExtension: { '.js': '.cjs' }, external: cliExternal, plugins: [rewriteImports],
      define: { ...common.define, 'import.meta.resolve': '__cliResolve' },
    }),
    build({
      // mermaid's Chromium, shiki, parsing, a large site's markdown, the search index and the writing of dist/ run in worker threads, and a site's components and plugins in
      // child processes (the component box, the plugin box): each module is an entry of its own, an ES module. Splitting keeps what
      // only some builds need (each of shiki's grammars) in chunks loaded on demand.
      ...common, entryPoints: { 'mermaid-worker': path.join(root, 'pipeline/io/workers/mermaid-worker.ts'), 'highlight-worker': path.join(root, 'pipeline/io/workers/highlight-worker.ts'), 'search-index-worker': path.join(root, 'pipeline/io/workers/search-index-worker.ts'), 'markdown-worker': path.join(root, 'pipeline/io/workers/markdown-worker.ts'), 'write-worker': path.join(root, 'pipeline/io/workers/write-worker.ts'), 'parse-worker': path.join(root, 'pipeline/io/workers/parse-worker.ts'), 'component-box-worker': path.join(root, 'pipeline/io/workers/component-box-worker.ts'), 'plugin-box-worker': path.join(root, 'pipeline/io/workers/plugin-box-worker.ts') },
      chunkNames: 'chunks/[name]-[hash]', outExtension: { '.js': '.mjs' }, splitting: true, format: 'esm', external,
      // CommonJS packages in the bundle call require for node's own modules.
      banner: { js: "import { createRequire as __cliRequire } from 'node:module'; const require = __cliRequire(import.meta.url);" },
    }),
  ]);
  for (const file of fs.readdirSync(tmp, { recursive: true }).map(String).filter((f) => /\.[cm]js$/.test(f))) asciiOnly(path.join(tmp, file));
  const cli = load(tmp);
  // The build cache's key for these sources, which a build would otherwise hash each time (pipeline/io/build-cache.ts).
  // This CLI runs from `tmp`, not yet from `out`: it reads the sources itself.
  fs.writeFileSync(path.join(tmp, cli.generatorKeyFile), cli.generatorKey());
  // The theme's client bundle depends on the code only, like the CLI: made now, it is there
  // for every build (pipeline/io/theme.ts). Should bundling fail, a build tries again and says why.
  try {
    await cli.compileClient(tmp);
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
  return out;
}

/**
 * The code cache of one command (`build`, `check`, …) for this node and its
 * flags: V8 accepts a cache only from the same V8 with the same flags, and the
 * functions a command ran are the ones its next run needs compiled.
 */
function codeCacheFile(out, command) {
  const flags = createHash('sha256').update(`${process.version}\0${process.arch}\0${process.execArgv.join(' ')}\0${process.env.NODE_OPTIONS ?? ''}`).digest('hex').slice(0, 12);
  return path.join(out, 'code-cache', `${/^[a-z][a-z-]*$/.test(command ?? '') ? command : 'other'}-${flags}.bin`);
}

/**
 * Runs the compiled CLI script and returns its exports. With `cacheFile`, V8
 * takes the compiled code from that file; a missing, damaged or rejected cache
 * costs only the compiling, and the cache is written when the process ends
 * (after the run, so the functions it compiled lazily are in it too).
 */
function load(out, cacheFile) {
  const file = path.join(out, cliScript);
  let cachedData;
  if (cacheFile) {
    try {
      cachedData = fs.readFileSync(cacheFile);
    } catch {
      // No cache yet.
    }
  }
  const script = new vm.Script(`${wrapperStart}${fs.readFileSync(file, 'utf8')}\n})`, { filename: file, cachedData });
  const status = cachedData === undefined ? 'geen' : script.cachedDataRejected ? 'afgewezen' : 'gebruikt';
  if (cacheFile && process.env.ONTWIKKELAARSPORTAAL_TIMINGS) process.stderr.write(`  code cache van de CLI: ${status} (${cacheFile})\n`);
  if (cacheFile && status !== 'gebruikt') process.on('exit', () => saveCodeCache(script, cacheFile));
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, out, (specifier, options) => import(specifier, options), (specifier) => import.meta.resolve(specifier));
  return module.exports;
}

/** Through a temporary file and a rename: a run that reads the cache meanwhile sees all of it or none. A failure only costs the next run time. */
function saveCodeCache(script, cacheFile) {
  const tmp = `${cacheFile}.tmp-${process.pid}`;
  try {
    fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
    fs.writeFileSync(tmp, script.createCachedData());
    fs.renameSync(tmp, cacheFile);
  } catch {
    // This runs as the process ends: nothing may throw here.
    try {
      fs.rmSync(tmp, { force: true });
    } catch {
      // Left for the next compile, which replaces the whole folder.
    }
  }
}

// `compile` only compiles: `npm install` runs it (the prepare script), so a first build does not wait for it.
if (process.argv[2] === 'compile') {
  await compiled();
} else {
  // Static rendering needs none of React's development checks (see pipeline/io/production-react.ts).
  process.env.NODE_ENV ??= 'production';
  const out = await compiled();
  load(out, codeCacheFile(out, process.argv[2] ?? 'build')).runCli();
}
