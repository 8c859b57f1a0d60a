/**
 * Effect edge: a site's own remark and rehype plugins (`markdown` of a
 * content area in site.yml, Docusaurus' `remarkPlugins`, `rehypePlugins`,
 * `beforeDefaultRemarkPlugins` and `beforeDefaultRehypePlugins`). They are
 * site code: they run in the plugin box (pipeline/io/workers/plugin-box-worker.ts,
 * started with the allow-list environment, heap limit and process group of
 * pipeline/io/sandbox.ts), never in the build's process. The box gets a tree
 * as JSON, runs the plugins of one place of one area over it with unified
 * (one processor per area and place, so attachers and `this.data()` work as
 * the plugins expect), and gives the tree back as JSON.
 *
 * Each plugin on each page has `siteCode.pluginTimeLimit` seconds (30 by
 * default). A plugin that throws on a page is one problem naming the plugin
 * and the page, which keeps the tree from before that plugin; one that runs
 * too long is one problem too, and is left out for the rest of the build (it
 * would loop on every page). A plugin that does not load is one problem at
 * the site configuration.
 *
 * `markdownPluginVersions` names what the results depend on besides the
 * trees: each plugin's package and its version (package.json), or the hash of
 * its file. That key is part of the markdown cache key of every page of the
 * area.
 */
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { error, startOfFile, type Problem } from '../problem.ts';
import { endedWithBuild, endGroup, seconds, spawnSiteCode } from './sandbox.ts';
import type { PluginLimits } from './site-plugins.ts';
import { treeJson, type MarkdownAnswer, type MarkdownRequest } from './plugin-box-protocol.ts';
import type { Layout, MarkdownPlace, MarkdownPlugin, MarkdownPlugins } from '../types.ts';
import { areasWithPlugins } from '../stages/markdown/site-plugins.ts';

/** The compiled worker's file URL, set by bin/ontwikkelaarsportaal.mjs; absent when the TypeScript runs (tests). */
declare const PLUGIN_BOX_WORKER: string | undefined;

/** A plugin as messages name it: its package or file, and its export when named. */
export const pluginName = (plugin: MarkdownPlugin): string => `${plugin.package ?? plugin.path ?? '?'}${plugin.export ? `#${plugin.export}` : ''}`;

/** The version of a package in the site's node_modules (its package.json), or null when it is not there. */
function packageVersion(content: string, name: string): string | null {
  for (let dir = path.resolve(content); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'node_modules', name, 'package.json');
    if (fs.existsSync(manifest)) {
      try {
        return String((JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version?: unknown }).version ?? '');
      } catch {
        return 'onleesbaar';
      }
    }
    if (path.dirname(dir) === dir) return null;
  }
}

/** What a plugin's result depends on besides the tree: its package and version, or its file's hash; and its options. */
function pluginVersion(content: string, plugin: MarkdownPlugin): unknown {
  if (plugin.package) return [plugin.package, packageVersion(content, plugin.package), plugin.export ?? null, plugin.options ?? null];
  const file = path.resolve(content, plugin.path ?? '');
  let hash = 'ontbreekt';
  try {
    hash = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  } catch {
    // A missing file is a problem when the box loads it; its key says it is missing.
  }
  return [plugin.path, hash, plugin.export ?? null, plugin.options ?? null];
}

/**
 * Per area with Markdown plugins (`docs:default`, `blog`, `pages`): one key
 * of its plugins' names and versions, per place, and of the environment
 * their box gives them (`env`: the variables `siteCode.env` lets through,
 * with their values).
 */
export function markdownPluginVersions(content: string, layout: Layout, env: Readonly<Record<string, string>>): Map<string, string> {
  const versions = new Map<string, string>();
  for (const [area, plugins] of areasWithPlugins(layout)) {
    const named = Object.entries(plugins).map(([place, list]) => [place, (list ?? []).map((p) => pluginVersion(content, p))]);
    versions.set(area, crypto.createHash('sha256').update(JSON.stringify([named, env])).digest('hex').slice(0, 32));
  }
  return versions;
}

/** One page's tree for a place: its content path, its path in messages, and the tree. */
export interface PluginFile {
  readonly path: string;
  readonly display: string;
  readonly tree: unknown;
}

/** A page's tree after a place's plugins, and the problems of that page. */
export interface PluginResult {
  readonly tree: unknown;
  readonly problems: ReadonlyArray<Problem>;
}

/** What a place is called in messages. */
const placeLabel = (area: string, place: MarkdownPlace): string =>
  `${place} van ${area === 'blog' ? 'de blog' : area === 'pages' ? 'de pagina\'s' : `docs-gebied ${area.slice('docs:'.length)}`}`;

/** How one request to the box ended: its trees, or the plugin and file it was in when it stopped. */
type Ended =
  | { readonly kind: 'done'; readonly trees: ReadonlyArray<string> }
  | { readonly kind: 'stopped'; readonly plugin: number; readonly file: number; readonly why: string };

/**
 * The plugin box for Markdown plugins: one process for a build's requests,
 * started at the first and ended by `close` (or when a plugin loops, and then
 * started again for the next request).
 */
export class MarkdownPluginBox {
  private child: ChildProcess | null = null;
  /** Per area and place, the plugins that looped: they do not run again in this build. */
  private readonly looped = new Map<string, Set<number>>();
  /** Plugins that did not load, by area and place: told once. */
  private readonly told = new Set<string>();

  constructor(private readonly options: { readonly content: string; readonly configFile: string; readonly limits: PluginLimits }) {}

  /** Runs the plugins of `place` of `area` over `files`. Never throws. */
  async run(area: string, place: MarkdownPlace, plugins: ReadonlyArray<MarkdownPlugin>, files: ReadonlyArray<PluginFile>): Promise<PluginResult[]> {
    const key = `${area}:${place}`;
    const looped = this.looped.get(key) ?? new Set<number>();
    this.looped.set(key, looped);
    const problems: Problem[][] = files.map(() => []);
    const label = placeLabel(area, place);
    for (;;) {
      const failures: Array<Extract<MarkdownAnswer, { type: 'markdown-failed' }>> = [];
      const ended = await this.request({
        type: 'markdown', siteDir: path.resolve(this.options.content), processor: key, skip: [...looped],
        plugins: plugins.map((p) => ({ ...(p.package ? { package: p.package } : { path: p.path ?? '' }), ...(p.export ? { export: p.export } : {}), ...(p.options !== undefined ? { options: p.options } : {}) })),
        files: files.map((f) => ({ path: f.path, tree: treeJson(f.tree) })),
      }, failures);
      if (ended.kind === 'stopped') {
        const plugin = plugins[ended.plugin];
        const file = files[ended.file];
        if (!plugin || !file || looped.has(ended.plugin)) {
          // The box itself failed: every page of the request goes on without these plugins.
          const first = files[0];
          if (first) problems[0]!.push(error('site-markdown-plugin-failed', first.display, startOfFile, `De remark- en rehype-plugins van ${label} konden niet draaien: het proces ${ended.why}. De pagina's zijn gebouwd zonder die plugins.`));
          return files.map((f, i) => ({ tree: f.tree, problems: problems[i]! }));
        }
        looped.add(ended.plugin);
        problems[ended.file]!.push(error('site-markdown-plugin-failed', file.display, startOfFile,
          `De plugin ${pluginName(plugin)} (${label}) ${ended.why}, op deze pagina. Hij is voor de rest van de build weggelaten; de pagina's zijn gebouwd zonder wat hij verandert. Herstel de plugin.`));
        continue;
      }
      for (const failure of failures) {
        const plugin = plugins[failure.plugin];
        const name = plugin ? pluginName(plugin) : '?';
        if (failure.file === null) {
          if (this.told.has(`${key}:${failure.plugin}`)) continue;
          this.told.add(`${key}:${failure.plugin}`);
          problems[0]?.push(error('site-markdown-plugin-failed', this.options.configFile, startOfFile,
            `De plugin ${name} (${label}) kon niet laden: ${failure.message}. De pagina's zijn gebouwd zonder die plugin. Herstel de plugin of het pad in de siteconfiguratie.`));
          continue;
        }
        const file = files[failure.file];
        if (file) {
          problems[failure.file]!.push(error('site-markdown-plugin-failed', file.display, startOfFile,
            `De plugin ${name} (${label}) gaf een fout op deze pagina: ${failure.message}. De pagina is gebouwd zonder wat die plugin verandert. Herstel de plugin.`));
        }
      }
      return files.map((f, i) => ({ tree: JSON.parse(ended.trees[i] ?? 'null') as unknown ?? f.tree, problems: problems[i]! }));
    }
  }

  /** Ends the box. */
  close(): void {
    if (this.child) endGroup(this.child.pid);
    this.child = null;
  }

  private request(request: MarkdownRequest, failures: Array<Extract<MarkdownAnswer, { type: 'markdown-failed' }>>): Promise<Ended> {
    const limits = this.options.limits;
    if (!this.child) {
      const started = spawnSiteCode({ source: path.join(import.meta.dirname, 'workers/plugin-box-worker.ts'), compiled: typeof PLUGIN_BOX_WORKER === 'string' ? PLUGIN_BOX_WORKER : undefined }, limits);
      // A box that ends between two requests is started again for the next.
      started.once('exit', () => { if (this.child === started) this.child = null; });
      this.child = started;
    }
    const child = this.child;
    return new Promise((resolve) => {
      let stderr = '';
      let current = { plugin: -1, file: -1 };
      let timer: NodeJS.Timeout | null = null;
      let settled = false;
      const untie = endedWithBuild(child);
      const onStderr = (chunk: Buffer) => { stderr = (stderr + chunk.toString('utf8')).slice(-4096); };
      const finish = (ended: Ended) => {
        if (settled) return;
        settled = true;
        if (timer) clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onEnd);
        child.stderr?.off('data', onStderr);
        untie();
        if (ended.kind === 'stopped') {
          // A box that looped or died is ended; the next request starts a new one.
          endGroup(child.pid);
          if (this.child === child) this.child = null;
        }
        resolve(ended);
      };
      const onMessage = (answer: MarkdownAnswer) => {
        if (answer.type === 'markdown-step') {
          current = { plugin: answer.plugin, file: answer.file };
          if (timer) clearTimeout(timer);
          const { plugin, file } = current;
          timer = setTimeout(() => finish({ kind: 'stopped', plugin, file, why: `was niet binnen ${seconds(limits.timeLimit)} klaar (de grens van siteCode.pluginTimeLimit; een oneindige lus?)` }), limits.timeLimit);
        } else if (answer.type === 'markdown-failed') failures.push(answer);
        else if (answer.type === 'markdown-done') finish({ kind: 'done', trees: answer.trees });
      };
      const onEnd = (code: number | null, signal: NodeJS.Signals | null) => {
        const heap = /heap out of memory|Reached heap limit|Allocation failed/i.test(stderr);
        setTimeout(() => finish({
          kind: 'stopped', ...current,
          why: heap ? `gebruikte meer dan ${limits.memoryLimit} MB geheugen (de grens van siteCode.memoryLimit)` : `stopte het proces van de plugins (${signal ?? `code ${String(code)}`}${stderr.trim() ? `: ${stderr.trim().split('\n').slice(-1)[0]}` : ''})`,
        }), 100).unref();
      };
      child.stderr?.on('data', onStderr);
      child.on('message', onMessage);
      child.on('exit', onEnd);
      // Starting node and loading the plugins is not a plugin's time on a page: a generous limit of its own.
      timer = setTimeout(() => finish({ kind: 'stopped', ...current, why: 'het proces van de plugins antwoordde niet binnen 60 s' }), 60_000);
      child.send(request);
    });
  }
}

/** The files of the site's own code that the areas name: their Markdown plugins' files and their sidebar generators. */
export function siteCodeFilesOf(layout: Layout): string[] {
  const plugins = [...areasWithPlugins(layout).values()].flatMap((places: MarkdownPlugins) => Object.values(places).flatMap((list) => list ?? []));
  return [...plugins.flatMap((p) => (p.path ? [p.path] : [])), ...layout.docs.flatMap((area) => (area.sidebarItemsGenerator ? [area.sidebarItemsGenerator] : []))];
}
