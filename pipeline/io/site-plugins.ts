/**
 * Effect edge: a site's local plugins (`plugins` in site.yml, Docusaurus'
 * `plugins: ['./plugins/x.js']`). They are site code: they run only when the
 * configuration names them, in a child process of their own (the plugin box,
 * pipeline/io/workers/plugin-box-worker.ts) with the allow-list environment,
 * heap limit and process group of pipeline/io/sandbox.ts, and a time limit per
 * plugin (`siteCode.pluginTimeLimit`, 30 s by default) over all its hooks.
 *
 * What they give is data: the global data (`setGlobalData`) that
 * `useGlobalData` and `usePluginData` read in the component box, and the
 * routes they add (`addRoute`), which the component box renders as React
 * pages. The stages never see a plugin: the schedule hands them this data.
 *
 * A plugin that throws, loops or runs out of memory is one problem naming the
 * plugin and the hook; a plugin that loops is left out of a second run, so
 * the others still give their data. The result of a run without failures is
 * kept in the cache folder under a key of everything a plugin may read: its
 * options, the generator, the environment it is given, and every file under the content root except
 * `node_modules/`, `build/`, `dist/`, `.docusaurus/`, hidden folders and the
 * cache folder (docs/migrating.md, "Lokale plugins").
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { error, startOfFile, warning, type Problem } from '../problem.ts';
import { endedWithBuild, endGroup, seconds, siteCodeEnvironment, spawnSiteCode } from './sandbox.ts';
import { generatorKey } from './build-cache.ts';
import type { AddedRoute, Hook, PluginAnswer, PluginEntry, PluginRequest } from './plugin-box-protocol.ts';
import type { Config } from '../types.ts';

/** The compiled worker's file URL, set by bin/ontwikkelaarsportaal.mjs; absent when the TypeScript runs (tests). */
declare const PLUGIN_BOX_WORKER: string | undefined;

export const defaultPluginTimeLimit = 30_000;

export interface PluginLimits {
  /** Per plugin, over all its hooks, in milliseconds. */
  readonly timeLimit: number;
  /** The box's heap, in MB. */
  readonly memoryLimit: number;
  readonly env: ReadonlyArray<string>;
}

/** A route a plugin added, with the component's file relative to the content root. */
export interface PluginRoute {
  readonly path: string;
  /** The component file, relative to the content root (`src/components/Overzicht.tsx`). */
  readonly component: string;
  readonly props: Readonly<Record<string, unknown>>;
  /** The plugin's file as messages show it. */
  readonly plugin: string;
}

export interface PluginOutput {
  /** By plugin name, then id: what `setGlobalData` gave. */
  readonly globalData: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly routes: ReadonlyArray<PluginRoute>;
  readonly problems: ReadonlyArray<Problem>;
}

export interface SitePluginsOptions {
  readonly content: string;
  /** The content root as messages show it. */
  readonly display: string;
  readonly plugins: ReadonlyArray<{ readonly path: string; readonly options?: Readonly<Record<string, unknown>> | undefined }>;
  readonly limits: PluginLimits;
  readonly siteConfig: Readonly<Record<string, unknown>>;
  readonly locale: string;
  readonly cacheDir: string;
  /** Keep the result in `cacheDir` and use a kept one (`build`, `check`). */
  readonly persist: boolean;
}

const none: PluginOutput = { globalData: {}, routes: [], problems: [] };

/** What a hook is called in messages. */
const hookName = (hook: Hook): string => (hook === 'laden' ? 'het laden' : hook === 'plugin' ? 'de pluginfunctie' : hook);

/** One run of the box: its answers, or how it ended. */
type Ended = { readonly kind: 'done'; readonly answer: Extract<PluginAnswer, { type: 'done' }> } | { readonly kind: 'stopped'; readonly plugin: number; readonly hook: Hook; readonly why: string };

/** The files a plugin may read, hashed: what invalidates its kept result. */
async function contentKey(content: string, cacheDir: string): Promise<string> {
  const cache = path.relative(content, path.resolve(cacheDir));
  const ignore = ['**/node_modules/**', 'build/**', 'dist/**', '.docusaurus/**', ...(cache && !cache.startsWith('..') && !path.isAbsolute(cache) ? [`${cache.split(path.sep).join('/')}/**`] : [])];
  // A synchronous walk: each folder's readdir does not wait for a turn of libuv's thread pool.
  const files = fg.sync('**/*', { cwd: content, onlyFiles: true, dot: false, followSymbolicLinks: false, ignore }).sort();
  const hash = crypto.createHash('sha256');
  for (const file of files) {
    hash.update(file).update('\0');
    try {
      hash.update(fs.readFileSync(path.join(content, file)));
    } catch {
      hash.update('unreadable');
    }
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** A route's component as the plugin named it (`@site/src/x`, a path in the site), as a file relative to the content root; null when it is none. */
export function routeComponentFile(component: string, content: string): string | null {
  const root = path.resolve(content);
  const named = component.startsWith('@site/') ? path.join(root, component.slice('@site/'.length)) : path.isAbsolute(component) ? component : component.startsWith('@') ? null : path.join(root, component);
  if (named === null) return null;
  const candidates = [named, ...['.tsx', '.jsx', '.ts', '.js'].map((ext) => `${named}${ext}`), ...['.tsx', '.jsx', '.ts', '.js'].map((ext) => path.join(named, `index${ext}`))];
  const found = candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
  const rel = found ? path.relative(root, found) : null;
  return rel === null || rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep).join('/');
}

function spawnBox(limits: PluginLimits): ChildProcess {
  return spawnSiteCode({ source: path.join(import.meta.dirname, 'workers/plugin-box-worker.ts'), compiled: typeof PLUGIN_BOX_WORKER === 'string' ? PLUGIN_BOX_WORKER : undefined }, limits);
}

/**
 * One run of the box over the plugins not in `skip`: the hooks that threw
 * go to `failures`; a plugin that loops, or the box running out of memory,
 * ends the run (`stopped`, naming the plugin and hook it was in).
 */
function runOnce(request: PluginRequest, limits: PluginLimits, failures: Array<{ plugin: number; hook: Hook; message: string }>): Promise<Ended> {
  return new Promise((resolve) => {
    const child = spawnBox(limits);
    let stderr = '';
    let current: { plugin: number; hook: Hook } = { plugin: -1, hook: 'laden' };
    const spent = new Map<number, number>();
    let started = Date.now();
    let timer: NodeJS.Timeout | null = null;
    let settled = false;
    const untie = endedWithBuild(child);
    const finish = (ended: Ended) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      endGroup(child.pid);
      untie();
      resolve(ended);
    };
    const charge = () => {
      if (current.plugin >= 0) spent.set(current.plugin, (spent.get(current.plugin) ?? 0) + Date.now() - started);
    };
    const arm = () => {
      if (timer) clearTimeout(timer);
      const left = limits.timeLimit - (spent.get(current.plugin) ?? 0);
      const { plugin, hook } = current;
      timer = setTimeout(() => finish({ kind: 'stopped', plugin, hook, why: `was niet binnen ${seconds(limits.timeLimit)} klaar (de grens van siteCode.pluginTimeLimit; een oneindige lus?)` }), Math.max(0, left));
    };
    child.stderr?.on('data', (chunk: Buffer) => { stderr = (stderr + chunk.toString('utf8')).slice(-4096); });
    child.on('message', (answer: PluginAnswer) => {
      if (answer.type === 'step') {
        charge();
        current = { plugin: answer.plugin, hook: answer.hook };
        started = Date.now();
        arm();
      } else if (answer.type === 'failed') failures.push({ plugin: answer.plugin, hook: answer.hook, message: answer.message });
      else if (answer.type === 'done') finish({ kind: 'done', answer });
    });
    const ended = (code: number | null, signal: NodeJS.Signals | null) => {
      const heap = /heap out of memory|Reached heap limit|Allocation failed/i.test(stderr);
      finish({
        kind: 'stopped', plugin: current.plugin, hook: current.hook,
        why: heap ? `gebruikte meer dan ${limits.memoryLimit} MB geheugen (de grens van siteCode.memoryLimit)` : `stopte het proces van de plugins (${signal ?? `code ${String(code)}`}${stderr.trim() ? `: ${stderr.trim().split('\n').slice(-1)[0]}` : ''})`,
      });
    };
    child.on('exit', (code, signal) => setTimeout(() => ended(code, signal), 200).unref());
    child.on('error', () => ended(null, null));
    // Starting node is the generator's own work: the first plugin's clock starts at its first step.
    timer = setTimeout(() => finish({ kind: 'stopped', plugin: current.plugin, hook: current.hook, why: 'het proces van de plugins startte niet binnen 60 s' }), 60_000);
    child.send(request);
  });
}

/** Runs the site's plugins (see the module's comment). Never throws. */
export async function runSitePlugins(options: SitePluginsOptions): Promise<PluginOutput> {
  if (options.plugins.length === 0) return none;
  const content = path.resolve(options.content);
  const shown = (i: number): string => path.posix.join(options.display, options.plugins[i]?.path ?? '?');
  const problems: Problem[] = [];
  // A plugin whose file is not there is a mistake of the configuration: it does not run.
  const entries: PluginEntry[] = options.plugins.map((p) => ({ path: p.path, options: p.options ?? {} }));
  const skip: number[] = [];
  entries.forEach((entry, i) => {
    const file = path.resolve(content, entry.path);
    const rel = path.relative(content, file);
    if (rel.startsWith('..') || path.isAbsolute(rel) || !fs.existsSync(file)) {
      skip.push(i);
      problems.push(error('site-plugin-failed', 'dist-config/site.yml', startOfFile, `De plugin ${entry.path} (plugins in de siteconfiguratie) bestaat niet in ${options.display}. Herstel het pad (relatief aan de map van de site), of haal de plugin uit plugins.`));
    }
  });
  const key = options.persist ? crypto.createHash('sha256').update(JSON.stringify({
    generator: generatorKey(), entries, skip, siteConfig: options.siteConfig, locale: options.locale, content: await contentKey(content, options.cacheDir),
    // What the plugins may read of the environment (`siteCode.env`): another value is another run.
    env: siteCodeEnvironment(options.limits.env),
  })).digest('hex') : null;
  const keptFile = key ? path.join(options.cacheDir, 'site-plugins', `${key}.json`) : null;
  if (keptFile && fs.existsSync(keptFile)) {
    try {
      return { ...JSON.parse(fs.readFileSync(keptFile, 'utf8')) as Omit<PluginOutput, 'problems'>, problems: JSON.parse(fs.readFileSync(`${keptFile}.problems`, 'utf8')) as Problem[] };
    } catch {
      // A damaged entry: run again.
    }
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'op-plugins-'));
  fs.mkdirSync(path.join(work, 'generated'));
  fs.mkdirSync(path.join(work, 'bundles'));
  const failures: Array<{ plugin: number; hook: Hook; message: string }> = [];
  let clean = problems.length === 0;
  try {
    for (;;) {
      const request: PluginRequest = {
        type: 'run', plugins: entries, skip,
        site: { siteDir: content, siteConfig: options.siteConfig, locale: options.locale, generatedFilesDir: path.join(work, 'generated'), outDir: path.join(work, 'out') },
        bundleDir: path.join(work, 'bundles'),
      };
      // A plugin that threw in a run that then stopped throws again in this one: each failure is told once.
      failures.length = 0;
      const ended = await runOnce(request, options.limits, failures);
      if (ended.kind === 'stopped') {
        clean = false;
        if (ended.plugin < 0 || skip.includes(ended.plugin)) {
          problems.push(error('site-plugin-failed', options.display, startOfFile, `De plugins van de site konden niet draaien: het proces ${ended.why}.`));
          return { ...none, problems };
        }
        skip.push(ended.plugin);
        problems.push(error('site-plugin-failed', shown(ended.plugin), startOfFile, `De plugin ${shown(ended.plugin)} ${ended.why}, in ${hookName(ended.hook)}. De plugin is weggelaten; de andere plugins draaien wel. Herstel de plugin.`));
        continue;
      }
      const { answer } = ended;
      for (const failure of failures) {
        clean = false;
        problems.push(error('site-plugin-failed', shown(failure.plugin), startOfFile, `De plugin ${shown(failure.plugin)} gaf een fout in ${hookName(failure.hook)}: ${failure.message}. De plugin is weggelaten; de andere plugins draaien wel. Herstel de plugin.`));
      }
      for (const { plugin, name, unsupported } of answer.plugins) {
        if (unsupported.length === 0) continue;
        problems.push(warning('site-plugin-unsupported', shown(plugin), startOfFile,
          `De plugin ${name} (${shown(plugin)}) heeft ${unsupported.join(', ')}: ${unsupported.length === 1 ? 'die hook draait' : 'die hooks draaien'} niet in deze generator (hij heeft geen webpack, geen eigen HTML-tags en geen code van de site in de browser). loadContent, contentLoaded (setGlobalData, createData, addRoute) en allContentLoaded draaien wel.`));
      }
      const routes = answer.routes.flatMap((route: AddedRoute): PluginRoute[] => {
        const from = shown(route.plugin);
        const component = routeComponentFile(route.component, content);
        if (component === null || !route.path.startsWith('/')) {
          clean = false;
          problems.push(error('site-plugin-failed', from, startOfFile, component === null
            ? `De plugin ${from} voegt met addRoute de route ${route.path} toe met het component ${route.component}, maar dat is geen bestand in de site. Geef het pad als @site/src/… of als pad in de map van de site.`
            : `De plugin ${from} voegt met addRoute de route ${route.path} toe: een route begint met /.`));
          return [];
        }
        if (route.unresolved.length) {
          problems.push(warning('site-plugin-unsupported', from, startOfFile, `De route ${route.path} van ${from} noemt in modules ${route.unresolved.join(', ')}, maar alleen data van createData kan de generator meegeven; die props ontbreken.`));
        }
        return [{ path: route.path, component, props: route.props, plugin: from }];
      });
      const output: PluginOutput = { globalData: answer.globalData, routes, problems };
      if (keptFile && clean) {
        fs.mkdirSync(path.dirname(keptFile), { recursive: true });
        fs.writeFileSync(`${keptFile}.problems`, JSON.stringify(problems));
        fs.writeFileSync(keptFile, JSON.stringify({ globalData: output.globalData, routes: output.routes }));
      }
      return output;
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The plugin run a site configuration asks for: its `plugins`, with `siteCode`'s limits and what a plugin's context tells of the site. */
export function sitePluginOptions(config: Config, content: string, cacheDir: string, persist: boolean): SitePluginsOptions {
  const siteCode = config.siteCode;
  return {
    content, display: path.relative(process.cwd(), content) || '.', plugins: config.plugins ?? [], cacheDir, persist, locale: config.locale.lang,
    limits: {
      timeLimit: siteCode?.pluginTimeLimit !== undefined ? siteCode.pluginTimeLimit * 1000 : defaultPluginTimeLimit,
      memoryLimit: siteCode?.memoryLimit ?? 512,
      env: siteCode?.env ?? [],
    },
    siteConfig: { title: config.siteName, tagline: config.tagline, url: config.url, baseUrl: '/', customFields: config.customFields ?? {} },
  };
}
