/**
 * A Docusaurus site's configuration and sidebars files are code. `migrate`
 * runs them once, on the user's explicit command, in a child process of its
 * own: whatever they do (read files, start timers, change globals, exit) stays
 * out of the migrating process, and their result comes back as JSON only.
 * The child is boxed: an allow-list environment from the start, a time and a
 * heap limit, its own process group, and where Linux allows it a user and PID
 * namespace of its own (namespaceLauncher), so that it neither reads other
 * processes' environments from /proc nor leaves a process behind. What it
 * returns is held to the configuration limits (stages/validate/config-limits.ts).
 *
 * The child bundles each file with esbuild (relative imports inlined, packages
 * left to node), so `.ts` and `.mjs` configurations and `require` of local
 * helpers work as in Docusaurus. Presets, plugins and themes are rarely
 * installed where migrate runs: a package that cannot be found, or
 * `require.resolve` of one, gives a stand-in that any property access or call
 * accepts, so the configuration evaluates; the JSON marks it `{ $stub }`.
 * Functions, classes and regular expressions become `{ $code }`.
 *
 * Run as a script (`node --import tsx evaluate-config.ts SITE`), this module is
 * that child: it prints one result line after a marker on stdout.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire, isBuiltin } from 'node:module';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { docsPluginsOf, packageName } from './site-config.ts';
import { allowedEnvironment, endGroup, namespaceLauncher } from '../../io/sandbox.ts';
import { maxConfigBytes, overlongStrings, shownLimit, shownPath } from '../../stages/validate/config-limits.ts';

/** Starts the child's result on stdout; everything before it is the configuration's own output. */
const marker = '\n@@ontwikkelaarsportaal-migrate@@';

/** The names Docusaurus looks for, in its order. */
export const configNames = ['docusaurus.config.ts', 'docusaurus.config.mts', 'docusaurus.config.js', 'docusaurus.config.mjs', 'docusaurus.config.cjs'];

export type Evaluation =
  | {
    readonly ok: true;
    /** The configuration file, relative to the site folder. */
    readonly configFile: string;
    readonly config: Record<string, unknown>;
    /** Per docs plugin id with a sidebarPath: that file (relative) and what it exports. */
    readonly sidebars: Readonly<Record<string, { readonly file: string; readonly value: unknown }>>;
    /** The process id the configuration saw (1 when it ran in a PID namespace of its own). */
    readonly pid: number;
    /** With `routes`: what client-redirects' `createRedirects` returned for them, as rules. */
    readonly created?: ReadonlyArray<{ readonly from: ReadonlyArray<string>; readonly to: string }>;
  }
  | { readonly ok: false; readonly message: string };

/** The limits the configuration runs under; each has a default and a migrate option. */
export interface EvaluateOptions {
  /** Wall-clock time for the whole run (bundling included); default 30 s (`--timeout`). */
  readonly timeoutMs?: number;
  /** The child's JavaScript heap; default 512 MB. */
  readonly heapMb?: number;
  /** Variables of the caller's environment the configuration may read besides the fixed ones (`--env NAME`). */
  readonly env?: ReadonlyArray<string>;
  /** The caller's environment; process.env unless a test gives another. */
  readonly from?: NodeJS.ProcessEnv;
  /** Start the child without the namespace launcher even where it works (tests of the fallback). */
  readonly plain?: boolean;
  /** The site's routes: the child then also runs client-redirects' `createRedirects` once over them. */
  readonly routes?: ReadonlyArray<string>;
}

export const defaultTimeoutMs = 30_000;
export const defaultHeapMb = 512;

/** A fixed search path, so that a configuration that runs `git` finds it without learning the caller's PATH (which names HOME). */
const systemPath = '/usr/local/bin:/usr/bin:/bin';

/**
 * The environment the site's configuration runs in (an allow-list, see pipeline/io/sandbox.ts): production,
 * as `docusaurus build` sets it, the caller's time zone and language, a fixed PATH, and the variables the
 * user names.
 */
export const configEnvironment = (from: NodeJS.ProcessEnv, named: ReadonlyArray<string> = []): Record<string, string> =>
  allowedEnvironment(from, named, { NODE_ENV: 'production', PATH: systemPath });

/** Runs the site's configuration and sidebars in a child process and returns them as data. Never throws. */
export function evaluateSiteCode(siteDir: string, options: EvaluateOptions = {}): Promise<Evaluation> {
  const dir = path.resolve(siteDir);
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const heapMb = options.heapMb ?? defaultHeapMb;
  // A temporary folder of the run's own: the bundles, tsx's cache and whatever the configuration leaves there go with it.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'op-migrate-run-'));
  const routesFile = options.routes ? path.join(tmp, 'routes.json') : null;
  if (routesFile) fs.writeFileSync(routesFile, JSON.stringify(options.routes));
  const node = [process.execPath, `--max-old-space-size=${heapMb}`, '--enable-source-maps', '--import', import.meta.resolve('tsx'), fileURLToPath(import.meta.url), dir, ...(routesFile ? [routesFile] : [])];
  const wrap = options.plain ? null : namespaceLauncher();
  const [command, ...args] = wrap ? [...wrap, ...node] : node;
  return new Promise((resolve) => {
    const child = spawn(command!, args, {
      // Docusaurus runs the configuration with the site folder as working directory.
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Spawned with this environment from the start: the child's /proc/self/environ holds nothing else.
      env: { ...configEnvironment(options.from ?? process.env, options.env), TMPDIR: tmp },
      // A process group of its own, which endGroup ends as a whole.
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    let why: string | null = null;
    let settled = false;
    const stop = (reason: string) => {
      why ??= reason;
      endGroup(child.pid);
    };
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      // Output past the limit is no configuration; it would only fill migrate's memory.
      if (stdout.length > maxConfigBytes + 64 * 1024) {
        stdout = '';
        stop(`de configuratie schreef meer dan ${maxConfigBytes / 1024 / 1024} MB uitvoer`);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => { stderr = (stderr + d).slice(-64 * 1024); });
    const timer = setTimeout(() => stop(`het uitvoeren duurde langer dan ${Math.round(timeoutMs / 1000)} seconden (wacht de configuratie ergens op? Geef meer tijd met --timeout SECONDEN)`), timeoutMs);
    // The child has a process group of its own, so Ctrl+C in the terminal does not reach it: migrate ends it
    // on its way out, whatever the way.
    const onExit = () => endGroup(child.pid);
    const onSignal = (signal: NodeJS.Signals) => {
      endGroup(child.pid);
      fs.rmSync(tmp, { recursive: true, force: true });
      release();
      process.kill(process.pid, signal);
    };
    const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
    const release = () => {
      process.off('exit', onExit);
      for (const signal of signals) process.off(signal, onSignal);
    };
    process.on('exit', onExit);
    for (const signal of signals) process.once(signal, onSignal);
    const finish = (result: Evaluation) => {
      if (settled) return;
      settled = true;
      release();
      clearTimeout(timer);
      endGroup(child.pid);
      fs.rmSync(tmp, { recursive: true, force: true });
      resolve(result);
    };
    child.on('error', (e) => finish({ ok: false, message: `De configuratie kon niet worden uitgevoerd: ${e.message}.` }));
    const conclude = (code: number | null, signal: NodeJS.Signals | null) => {
      const at = why ? -1 : stdout.lastIndexOf(marker);
      if (at >= 0) {
        const text = stdout.slice(at + marker.length);
        if (text.length > maxConfigBytes) {
          finish({ ok: false, message: `De configuratie kon niet worden overgenomen: de uitkomst is groter dan ${maxConfigBytes / 1024 / 1024} MB. Zo groot is geen configuratie; kijk na wat de configuratie uitrekent.` });
          return;
        }
        try {
          const result = JSON.parse(text) as Evaluation;
          if (result.ok) {
            const long = [
              ...overlongStrings(result.config).map((at) => `${result.configFile}: ${shownPath(at)}`),
              ...Object.values(result.sidebars).flatMap((s) => overlongStrings(s.value).map((at) => `${s.file}: ${shownPath(at)}`)),
            ];
            if (long.length) {
              finish({ ok: false, message: `De configuratie kon niet worden overgenomen: ${long.length === 1 ? 'deze waarde is' : 'deze waarden zijn'} langer dan ${shownLimit} tekens: ${long.slice(0, 5).join(', ')}${long.length > 5 ? ` en ${long.length - 5} meer` : ''}. Zo lang is geen titel, tekst of link; maak de waarde korter en draai migrate opnieuw.` });
              return;
            }
          }
          finish(result);
          return;
        } catch {
          // Fall through: the result line was cut off.
        }
      }
      const heap = /heap out of memory|Allocation failed/i.test(stderr);
      const reason = why ?? (heap
        ? `de configuratie gebruikte meer dan ${heapMb} MB geheugen`
        : `het proces stopte (code ${code ?? signal}) voordat er een resultaat was${stderr.trim() ? `:\n${stderr.trim().split('\n').slice(-5).join('\n')}` : ''}`);
      finish({ ok: false, message: `De configuratie kon niet worden uitgevoerd: ${reason}.` });
    };
    // 'exit', not only 'close': a grandchild that holds the pipes open would keep 'close' away. The group is
    // ended at once, and the output that is still on its way gets a moment.
    child.on('exit', (code, signal) => {
      endGroup(child.pid);
      const grace = setTimeout(() => { child.stdout.destroy(); child.stderr.destroy(); conclude(code, signal); }, 1_000);
      child.on('close', () => { clearTimeout(grace); conclude(code, signal); });
    });
  });
}

// ---------------------------------------------------------------------------
// The child

/** Module text that stands in for a package that is not installed. */
const stubSource = (name: string) => `module.exports = globalThis.__migrateStub(${JSON.stringify(name)});`;

/** The packages that got a stand-in, for the message when the configuration fails. */
const standIns = new Set<string>();

/** Installs the stand-in factory: a function-proxy whose every property and call is another stand-in. */
function installStub(): void {
  const get = (name: string) => (_target: object, key: string | symbol): unknown => {
    if (key === '__migrateStub') return name;
    // Not a module namespace and not a promise: `await stub` and `__toESM` must see neither.
    if (key === '__esModule' || key === 'then' || typeof key === 'symbol') return key === Symbol.toPrimitive ? () => `[${name}]` : undefined;
    if (key === 'prototype') return {};
    return stub(`${name}.${key}`);
  };
  const stub = (name: string): unknown => new Proxy(function stand() {}, {
    get: get(name),
    // esbuild's interop copies a CommonJS module's own properties onto an object made from its
    // prototype; a named import (`import { themes } from …`) then finds the stand-in through it.
    getPrototypeOf: () => new Proxy({}, { get: get(name) }),
    apply: () => stub(`${name}()`),
    construct: () => stub(`new ${name}()`) as object,
  });
  (globalThis as Record<string, unknown>).__migrateStub = (pkg: string) => {
    standIns.add(pkg);
    return stub(pkg);
  };
  (globalThis as Record<string, unknown>).__migrateCreateRequire = (file: string | URL) =>
    siteRequireOf(file instanceof URL || file.startsWith('file:') ? fileURLToPath(file) : file);
}

/**
 * `require` as CommonJS code in `file` has it, except that a package that is
 * not installed, and `require.resolve` of one, give a stand-in and the name.
 */
function siteRequireOf(file: string): NodeJS.Require {
  const real = createRequire(file);
  const bare = (id: string) => !id.startsWith('.') && !path.isAbsolute(id);
  const missing = (e: unknown) => (e as { code?: string } | null)?.code === 'MODULE_NOT_FOUND';
  const require = (id: string): unknown => {
    try {
      return real(id);
    } catch (e) {
      if (missing(e) && bare(id)) return (globalThis as unknown as { __migrateStub: (n: string) => unknown }).__migrateStub(id);
      throw e;
    }
  };
  const resolve = (id: string, options?: { paths?: string[] }): string => {
    try {
      return real.resolve(id, options);
    } catch (e) {
      if (missing(e) && bare(id)) {
        standIns.add(id);
        return id;
      }
      throw e;
    }
  };
  return Object.assign(require, { resolve: Object.assign(resolve, { paths: real.resolve.paths }), cache: real.cache, extensions: real.extensions, main: undefined }) as NodeJS.Require;
}

/** esbuild's loader for a source file of the site. */
const loaderOf = (file: string): 'js' | 'jsx' | 'ts' | 'tsx' => {
  const ext = path.extname(file).toLowerCase();
  return ext.endsWith('tsx') ? 'tsx' : ext.endsWith('ts') ? 'ts' : ext.endsWith('jsx') ? 'jsx' : 'js';
};

/**
 * A module's source with its own location filled in: in one bundle every
 * module would otherwise see the bundle's `import.meta.url` and no
 * `__dirname`, and a helper in config/ that reads a file beside it would look
 * in the wrong folder. A module that declares `__dirname` itself keeps its own.
 */
export function withOwnLocation(source: string, file: string): string {
  const url = JSON.stringify(pathToFileURL(file).href);
  let out = source
    .replace(/\bimport\.meta\.url\b/g, url)
    .replace(/\bimport\.meta\.dirname\b/g, JSON.stringify(path.dirname(file)))
    .replace(/\bimport\.meta\.filename\b/g, JSON.stringify(file));
  const declared = (name: string) => new RegExp(`\\b(?:const|let|var|function)\\s+${name}\\b`).test(source);
  const wanted = ['__dirname', '__filename'].filter((name) => new RegExp(`\\b${name}\\b`).test(source) && !declared(name));
  if (wanted.length) {
    const values: Record<string, string> = { __dirname: path.dirname(file), __filename: file };
    // On the first line, so the source map's lines stay the file's own.
    out = `var ${wanted.map((name) => `${name} = ${JSON.stringify(values[name])}`).join(', ')};${out}`;
  }
  return out;
}

/** Thrown for a file that does not bundle: its message names the place. */
class BundleError extends Error {}

/** Thrown for a file past the size limit. */
class LimitError extends Error {}

/** A configuration or sidebars file past the size limit is refused before it is read. */
function refuseLarge(file: string, siteDir: string): void {
  if (fs.statSync(file).size > maxConfigBytes) {
    throw new LimitError(`${path.relative(siteDir, file)} is groter dan ${maxConfigBytes / 1024 / 1024} MB; zo groot is geen configuratie. Maak het bestand kleiner en draai migrate opnieuw.`);
  }
}

/** Bundles `file` into `outDir` and imports it; the module's default export (or CommonJS exports). */
async function load(file: string, outDir: string, siteDir: string): Promise<unknown> {
  refuseLarge(file, siteDir);
  const { build } = await import('esbuild');
  const siteRequire = createRequire(file);
  const outfile = path.join(outDir, `${path.basename(file).replace(/\W/g, '_')}-${fs.readdirSync(outDir).length}.mjs`);
  let result;
  try {
    result = await build({
      entryPoints: [file], outfile, bundle: true, write: false, platform: 'node', format: 'esm', target: 'node20',
      sourcemap: 'inline', logLevel: 'silent',
      plugins: [{
        name: 'packages-outside',
        setup(b) {
          // What the configuration itself imports or requires goes through a module that marks its functions with where
          // they came from: a remark plugin is then written into site.yml as its package or file (see `originOf`).
          b.onResolve({ filter: /\?(echt|pakket)$/ }, (args) => {
            const real = args.path.replace(/\?(echt|pakket)$/, '');
            return args.path.endsWith('?pakket') ? { path: real, external: true } : { path: real };
          });
          b.onResolve({ filter: /.*/ }, (args) => {
            if (args.importer !== file || args.namespace !== 'file' || !['import-statement', 'require-call', 'dynamic-import'].includes(args.kind) || isBuiltin(args.path)) return undefined;
            try {
              const resolved = createRequire(file).resolve(args.path);
              if (resolved.includes(`${path.sep}node_modules${path.sep}`)) {
                return { path: resolved, namespace: 'migrate-origin', pluginData: { kind: args.kind, suffix: '?pakket', origin: { package: args.path.split('/').slice(0, args.path.startsWith('@') ? 2 : 1).join('/') } } };
              }
              if (!/\.[cm]?[jt]sx?$/.test(resolved)) return undefined;
              return { path: resolved, namespace: 'migrate-origin', pluginData: { kind: args.kind, suffix: '?echt', origin: { path: path.relative(siteDir, resolved).split(path.sep).join('/') } } };
            } catch {
              return undefined;
            }
          });
          b.onLoad({ filter: /.*/, namespace: 'migrate-origin' }, (args) => {
            const { kind, suffix, origin } = args.pluginData as { kind: string; suffix: string; origin: unknown };
            const real = JSON.stringify(`${args.path}${suffix}`);
            const mark = `globalThis.__migrateMark(m, ${JSON.stringify(origin)});`;
            return {
              contents: kind === 'require-call'
                ? `const m = require(${real}); ${mark} module.exports = m;`
                : `import * as m from ${real}; ${mark} export * from ${real}; export default m.default;`,
              loader: 'js', resolveDir: path.dirname(args.path),
            };
          });
          b.onResolve({ filter: /.*/ }, (args) => {
            if (args.kind === 'entry-point' || args.path.startsWith('.') || path.isAbsolute(args.path)) return undefined;
            // An ESM configuration makes its own require with createRequire: it gets the one with stand-ins.
            if ((args.path === 'module' || args.path === 'node:module') && args.kind === 'import-statement' && args.namespace !== 'migrate-module') {
              return { path: 'node:module', namespace: 'migrate-module' };
            }
            if (isBuiltin(args.path)) return { path: args.path, external: true };
            try {
              return { path: createRequire(path.join(args.resolveDir || path.dirname(file), 'x.js')).resolve(args.path), external: true };
            } catch {
              try {
                return { path: siteRequire.resolve(args.path), external: true };
              } catch {
                return { path: args.path, namespace: 'migrate-stub' };
              }
            }
          });
          b.onLoad({ filter: /.*/, namespace: 'migrate-stub' }, (args) => ({ contents: stubSource(args.path), loader: 'js' }));
          b.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, (args) => ({ contents: withOwnLocation(fs.readFileSync(args.path, 'utf8'), args.path), loader: loaderOf(args.path) }));
          b.onLoad({ filter: /.*/, namespace: 'migrate-module' }, () => ({
            contents: [
              "import real from 'node:module';",
              "export * from 'node:module';",
              'export default real;',
              'export const createRequire = (file) => globalThis.__migrateCreateRequire(file);',
            ].join('\n'),
            loader: 'js',
          }));
        },
      }],
    });
  } catch (e) {
    const errors = (e as { errors?: Array<{ text: string; location?: { file: string; line: number; column: number } | null }> }).errors ?? [];
    const first = errors[0];
    if (!first) throw e;
    const where = first.location ? `${path.relative(siteDir, path.resolve(first.location.file)) || first.location.file}:${first.location.line}:${first.location.column + 1}` : path.relative(siteDir, file);
    throw new BundleError(`${where}: ${first.text}`);
  }
  fs.writeFileSync(outfile, result.outputFiles[0]!.contents);
  // A global, not a declaration in the bundle: an ESM configuration may declare its own `require`.
  (globalThis as Record<string, unknown>).require = siteRequireOf(file);
  const module = await import(pathToFileURL(outfile).href) as { default?: unknown };
  let value = 'default' in module ? module.default : module;
  // CommonJS bundled as ESM: `module.exports = { default: … }` from TypeScript's compiled output.
  if (value && typeof value === 'object' && 'default' in value && '__esModule' in value) value = (value as { default: unknown }).default;
  // Docusaurus accepts a function (also async) that returns the configuration.
  if (typeof value === 'function' && typeof (value as { __migrateStub?: unknown }).__migrateStub !== 'string') value = await (value as () => unknown)();
  return value;
}

/** Where a function the configuration imported came from: a package or a file of the site, and its export when not the default. */
type Origin = { readonly package?: string; readonly path?: string; readonly export?: string };
const origins = new WeakMap<object, Origin>();

/** Marks the functions a module gives (itself, its default export, its named exports) with the module's origin. */
function markOrigin(module: unknown, origin: Origin): void {
  const mark = (value: unknown, named?: string) => {
    if (typeof value === 'function' && !origins.has(value)) origins.set(value, named ? { ...origin, export: named } : origin);
  };
  mark(module);
  if (module && (typeof module === 'object' || typeof module === 'function')) {
    const exports = module as Record<string, unknown>;
    mark(exports.default);
    for (const key of Object.keys(exports)) if (key !== 'default') mark(exports[key], key);
  }
}
(globalThis as Record<string, unknown>).__migrateMark = markOrigin;

/** The origin of an imported function; undefined for one written in the configuration. */
const originOf = (value: object): Origin | undefined => origins.get(value);

/** A value as JSON data: code and stand-ins become marks, `undefined` disappears, cycles are cut. */
export function toData(value: unknown, seen: Set<object> = new Set(), depth = 0): unknown {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'function') {
    const stub = (value as { __migrateStub?: unknown }).__migrateStub;
    if (typeof stub === 'string') return { $stub: stub };
    const from = originOf(value);
    return { $code: value.name ? `functie ${value.name}` : 'functie', ...(from ? { $from: from } : {}) };
  }
  if (typeof value !== 'object') return undefined;
  if (value instanceof RegExp) return { $code: String(value) };
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Map || value instanceof Set || value instanceof Promise) return { $code: value.constructor.name };
  if (seen.has(value) || depth > 60) return { $code: 'kringverwijzing' };
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((v) => toData(v, seen, depth + 1) ?? null);
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const data = toData(v, seen, depth + 1);
      if (data !== undefined) out[key] = data;
    }
    return out;
  } finally {
    seen.delete(value);
  }
}

/** Where in the site's own files an error was thrown (`docusaurus.config.js:12:9`), from its source-mapped stack. */
function placeOf(e: unknown, siteDir: string): string | null {
  const stack = e instanceof Error ? e.stack ?? '' : '';
  for (const match of stack.matchAll(/(?:file:\/\/)?(\/[^\s():]+):(\d+):(\d+)/g)) {
    const file = match[1]!;
    if (file.startsWith(`${siteDir}/`) && !file.includes('/node_modules/')) return `${path.relative(siteDir, file)}:${match[2]}:${match[3]}`;
  }
  return null;
}

/** At most this many old paths from createRedirects: more is no list of moved pages but a mistake. */
const maxCreated = 50_000;

/**
 * client-redirects' `createRedirects(path)` for every route, as Docusaurus calls it: it returns the old
 * paths (a string, a list, or nothing) that lead to that route. Only strings are kept.
 */
async function createdRedirects(config: unknown, routes: ReadonlyArray<string>): Promise<Array<{ from: string[]; to: string }>> {
  const plugins = config && typeof config === 'object' && Array.isArray((config as { plugins?: unknown }).plugins) ? (config as { plugins: unknown[] }).plugins : [];
  const out: Array<{ from: string[]; to: string }> = [];
  let count = 0;
  for (const entry of plugins) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || packageName(entry[0], 'plugin') !== '@docusaurus/plugin-client-redirects') continue;
    const create = (entry[1] as { createRedirects?: unknown } | undefined)?.createRedirects;
    if (typeof create !== 'function') continue;
    for (const route of routes) {
      let value: unknown;
      try {
        value = await (create as (p: string) => unknown)(route);
      } catch (e) {
        throw new Error(`createRedirects van @docusaurus/plugin-client-redirects gaf een fout voor ${route}: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`);
      }
      const from = (Array.isArray(value) ? value : [value]).filter((f): f is string => typeof f === 'string');
      count += from.length;
      if (count > maxCreated) throw new LimitError(`createRedirects van @docusaurus/plugin-client-redirects gaf meer dan ${maxCreated} oude paden; zoveel verhuisde pagina's zijn er niet. Kijk de functie na en draai migrate opnieuw.`);
      if (from.length) out.push({ from, to: route });
    }
  }
  return out;
}

/** The child's work: evaluate the configuration, then each docs plugin's sidebars file, then (with routes) createRedirects. */
async function child(siteDir: string, routesFile: string | undefined): Promise<void> {
  installStub();
  const print = (result: unknown) => new Promise<void>((done) => process.stdout.write(`${marker}${JSON.stringify(result)}\n`, () => done()));
  const configName = configNames.find((name) => fs.existsSync(path.join(siteDir, name)));
  if (!configName) {
    await print({ ok: false, message: `In ${siteDir} staat geen docusaurus.config.js, .ts of .mjs. Geef de map van de Docusaurus-site op (de map met docusaurus.config.js).` });
    return;
  }
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'op-migrate-'));
  let current = configName;
  try {
    const live = await load(path.join(siteDir, configName), outDir, siteDir);
    const config = toData(live);
    if (typeof config !== 'object' || config === null || Array.isArray(config)) {
      await print({ ok: false, message: `${configName} levert geen configuratieobject op (maar ${Array.isArray(config) ? 'een lijst' : typeof config}). Exporteer het object met module.exports = config of export default config.` });
      return;
    }
    const sidebars: Record<string, { file: string; value: unknown }> = {};
    for (const plugin of docsPluginsOf(config as Record<string, unknown>)) {
      const sidebarPath = plugin.options.sidebarPath;
      if (typeof sidebarPath !== 'string') continue;
      const file = path.resolve(siteDir, sidebarPath);
      current = path.relative(siteDir, file);
      // Docusaurus shows no sidebar for a sidebars file that does not exist; the mapping says so.
      if (!fs.existsSync(file)) continue;
      // A JSON or YAML sidebars file is data already; only code is bundled and run.
      refuseLarge(file, siteDir);
      const value = /\.json$/i.test(file) ? JSON.parse(fs.readFileSync(file, 'utf8'))
        : /\.ya?ml$/i.test(file) ? (await import('yaml')).parse(fs.readFileSync(file, 'utf8'))
          : await load(file, outDir, siteDir);
      sidebars[plugin.id] = { file: current, value: toData(value) };
    }
    current = configName;
    const routes = routesFile ? JSON.parse(fs.readFileSync(routesFile, 'utf8')) as string[] : null;
    const created = routes ? await createdRedirects(live, routes) : undefined;
    await print({ ok: true, configFile: configName, config, sidebars, pid: process.pid, ...(created ? { created } : {}) });
  } catch (e) {
    // The first line says what went wrong; node's "Require stack" lines after it only repeat the file.
    const message = (e instanceof Error ? e.message : String(e)).split('\n')[0]!.replace(/\.$/, '');
    const place = e instanceof BundleError ? null : placeOf(e, siteDir);
    await print({
      ok: false,
      message: e instanceof LimitError ? e.message : e instanceof BundleError
        ? `${current} kan niet worden gelezen: ${message}. Docusaurus zou dit bestand ook weigeren; herstel het en draai migrate opnieuw.`
        : `${current} gaf een fout bij het uitvoeren${place ? ` (${place})` : ''}: ${message}. ${standIns.size
          // A stand-in is no real package: a configuration that computes with one may fail here and not in Docusaurus.
          ? `Niet geïnstalleerd, en daarom vervangen door een lege plaatsvervanger: ${[...standIns].sort().join(', ')}. Komt de fout daardoor, draai dan eerst npm install in de map van de site en daarna migrate opnieuw; anders: herstel de fout en draai migrate opnieuw.`
          : 'Docusaurus zou met deze configuratie ook niet starten; herstel de fout en draai migrate opnieuw.'}`,
    });
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // The configuration may leave timers or servers running: the child ends once its result is out.
  child(path.resolve(process.argv[2] ?? '.'), process.argv[3]).then(() => process.exit(0), (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
}
