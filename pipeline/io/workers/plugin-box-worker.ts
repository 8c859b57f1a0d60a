/**
 * The plugin box's own process (pipeline/io/site-plugins.ts starts it): the
 * only place a site's local plugins are imported and their hooks run. It runs
 * with the environment and heap its keeper gives it, answers over the IPC
 * channel, and knows nothing of time limits: a plugin that loops is stopped
 * from outside, by killing this process (and its group).
 *
 * The hooks run in Docusaurus' order: every plugin is made (`plugin(context,
 * options)`), then every `loadContent`, then every `contentLoaded` with its
 * `actions`, then every `allContentLoaded`. A hook that throws drops its
 * plugin and is reported; the others go on.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire, isBuiltin } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { defaultItemsFor } from '../../stages/resolve/default-sidebar-items.ts';
import { treeJson, type AddedRoute, type Hook, type MarkdownAnswer, type MarkdownRequest, type PluginAnswer, type PluginRequest, type SidebarAnswer, type SidebarRequest } from '../plugin-box-protocol.ts';

/** As in the component box: should the build die without killing this process, a thread of its own ends the group. */
function dieWithParent(): void {
  const parent = process.ppid;
  const watcher = `setInterval(() => { if (process.ppid !== ${parent}) { try { process.kill(-${process.pid}, 'SIGKILL'); } catch { process.kill(${process.pid}, 'SIGKILL'); } } }, 200);`;
  new Worker(watcher, { eval: true }).unref();
}

const send = (answer: PluginAnswer | MarkdownAnswer | SidebarAnswer): Promise<void> => new Promise((done) => {
  if (!process.send) return done();
  process.send(answer, () => done());
});

const firstLine = (err: unknown): string => (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';

/** The hooks of Docusaurus' plugin API the build does not run: each is named once, as unsupported. */
const unsupportedHooks = [
  'postBuild', 'postStart', 'configureWebpack', 'configurePostCss', 'injectHtmlTags', 'getClientModules', 'getThemePath', 'getTypeScriptThemePath',
  'getSwizzleComponentList', 'getSwizzleConfig', 'extendCli', 'getPathsToWatch', 'getTranslationFiles', 'translateContent', 'translateThemeConfig', 'getDefaultCodeTranslationMessages',
];

type Plugin = Record<string, unknown> & { name?: unknown };

/**
 * The plugin module's default export. JavaScript is imported where it is (its
 * `__dirname` and `require` are its own, as with Docusaurus); TypeScript is
 * compiled first, its packages resolved from where it stands.
 */
async function importPlugin(file: string, bundleDir: string): Promise<unknown> {
  let url = pathToFileURL(file).href;
  if (/\.[cm]?tsx?$/.test(file)) {
    const { build } = await import('esbuild');
    const out = path.join(bundleDir, `${path.basename(file).replace(/\W/g, '_')}-${fs.readdirSync(bundleDir).length}.mjs`);
    await build({
      entryPoints: [file], outfile: out, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'silent',
      define: { __dirname: JSON.stringify(path.dirname(file)), __filename: JSON.stringify(file), 'import.meta.url': JSON.stringify(url) },
      banner: { js: `import { createRequire as __pluginRequire } from 'node:module'; const require = __pluginRequire(${JSON.stringify(url)});` },
      plugins: [{
        name: 'packages-in-place',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.kind === 'entry-point' || path.isAbsolute(args.path)) return undefined;
            if (isBuiltin(args.path)) return { path: args.path, external: true };
            return { path: createRequire(path.join(args.resolveDir || path.dirname(file), 'x.js')).resolve(args.path), external: true };
          });
        },
      }],
    });
    url = pathToFileURL(out).href;
  }
  const module = (await import(url)) as { default?: unknown };
  let value: unknown = 'default' in module ? module.default : module;
  // TypeScript compiled to CommonJS: `exports.default`.
  if (value && typeof value === 'object' && 'default' in value) value = (value as { default: unknown }).default;
  return value;
}

/** Data as JSON has it: what crosses to the build, and what a page gets. */
const asData = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value)) as unknown);

async function run(request: PluginRequest): Promise<void> {
  const { site } = request;
  const context = {
    siteDir: site.siteDir, siteConfig: site.siteConfig, siteConfigPath: path.join(site.siteDir, 'docusaurus.config.js'), generatedFilesDir: site.generatedFilesDir,
    outDir: site.outDir, baseUrl: '/', localizationDir: path.join(site.siteDir, 'i18n', site.locale), codeTranslations: {}, siteVersion: undefined,
    i18n: { defaultLocale: site.locale, locales: [site.locale], currentLocale: site.locale, path: 'i18n', localeConfigs: {} },
    siteStorage: { type: 'localStorage', namespace: '' },
  };
  const live = new Map<number, { plugin: Plugin; id: string; content?: unknown }>();
  const failed = async (index: number, hook: Hook, err: unknown) => {
    live.delete(index);
    await send({ type: 'failed', plugin: index, hook, message: firstLine(err) });
  };
  // Made one by one, in the configuration's order.
  for (const [index, entry] of request.plugins.entries()) {
    if (request.skip.includes(index)) continue;
    await send({ type: 'step', plugin: index, hook: 'laden' });
    let make: unknown;
    try {
      make = await importPlugin(path.resolve(site.siteDir, entry.path), request.bundleDir);
    } catch (err) {
      await failed(index, 'laden', err);
      continue;
    }
    if (typeof make !== 'function') {
      await failed(index, 'laden', new Error('het bestand exporteert geen pluginfunctie als default export'));
      continue;
    }
    await send({ type: 'step', plugin: index, hook: 'plugin' });
    try {
      const plugin = (await (make as (c: unknown, o: unknown) => unknown)(context, entry.options)) as Plugin | null;
      if (!plugin || typeof plugin !== 'object') throw new Error('de pluginfunctie gaf geen plugin (een object met name en hooks) terug');
      if (typeof plugin.name !== 'string' || plugin.name === '') throw new Error('de plugin heeft geen name');
      live.set(index, { plugin, id: typeof entry.options.id === 'string' ? entry.options.id : 'default' });
    } catch (err) {
      await failed(index, 'plugin', err);
    }
  }
  for (const [index, state] of [...live]) {
    if (typeof state.plugin.loadContent !== 'function') continue;
    await send({ type: 'step', plugin: index, hook: 'loadContent' });
    try {
      state.content = await (state.plugin.loadContent as () => unknown).call(state.plugin);
    } catch (err) {
      await failed(index, 'loadContent', err);
    }
  }
  const globalData: Record<string, Record<string, unknown>> = {};
  const created = new Map<string, unknown>();
  const routes: AddedRoute[] = [];
  const actionsOf = (index: number, name: string, id: string) => ({
    setGlobalData: (data: unknown) => {
      (globalData[name] ??= {})[id] = asData(data);
    },
    // Docusaurus writes the data to a file and returns its path for `modules`; here the path names the data.
    createData: async (file: string, data: unknown) => {
      const at = path.posix.join('@generated', name, id, String(file));
      created.set(at, typeof data === 'string' && /\.json$/i.test(String(file)) ? JSON.parse(data) as unknown : asData(data));
      return at;
    },
    addRoute: (route: { path?: unknown; component?: unknown; modules?: unknown; props?: unknown }) => {
      if (typeof route.path !== 'string' || typeof route.component !== 'string') throw new Error('addRoute kreeg een route zonder path of component (beide tekst)');
      const props: Record<string, unknown> = route.props && typeof route.props === 'object' ? { ...(asData(route.props) as Record<string, unknown>) } : {};
      const unresolved: string[] = [];
      for (const [key, module] of Object.entries(route.modules && typeof route.modules === 'object' ? route.modules : {})) {
        const at = typeof module === 'string' ? module : module && typeof module === 'object' && typeof (module as { path?: unknown }).path === 'string' ? (module as { path: string }).path : null;
        if (at !== null && created.has(at)) props[key] = created.get(at);
        else unresolved.push(key);
      }
      routes.push({ plugin: index, path: route.path, component: route.component, props, unresolved });
    },
  });
  for (const [index, state] of [...live]) {
    if (typeof state.plugin.contentLoaded !== 'function') continue;
    await send({ type: 'step', plugin: index, hook: 'contentLoaded' });
    try {
      await (state.plugin.contentLoaded as (a: unknown) => unknown).call(state.plugin, { content: state.content, actions: actionsOf(index, state.plugin.name as string, state.id) });
    } catch (err) {
      await failed(index, 'contentLoaded', err);
    }
  }
  const allContent: Record<string, Record<string, unknown>> = {};
  for (const state of live.values()) (allContent[state.plugin.name as string] ??= {})[state.id] = state.content;
  for (const [index, state] of [...live]) {
    if (typeof state.plugin.allContentLoaded !== 'function') continue;
    await send({ type: 'step', plugin: index, hook: 'allContentLoaded' });
    try {
      await (state.plugin.allContentLoaded as (a: unknown) => unknown).call(state.plugin, { allContent, actions: actionsOf(index, state.plugin.name as string, state.id) });
    } catch (err) {
      await failed(index, 'allContentLoaded', err);
    }
  }
  await send({
    type: 'done', globalData, routes,
    plugins: [...live].map(([plugin, state]) => ({ plugin, name: state.plugin.name as string, unsupported: unsupportedHooks.filter((hook) => state.plugin[hook] !== undefined) })),
  });
}

/** A package of the site as Node imports it from the site's folder: its entry by `exports` (import, node, default, require), `main`, or index.js. */
function packageEntry(siteDir: string, name: string): string {
  for (let dir = path.resolve(siteDir); ; dir = path.dirname(dir)) {
    const folder = path.join(dir, 'node_modules', name);
    const manifest = path.join(folder, 'package.json');
    if (fs.existsSync(manifest)) {
      const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { exports?: unknown; main?: unknown };
      const pick = (value: unknown): string | null => {
        if (typeof value === 'string') return value;
        if (Array.isArray(value)) return value.map(pick).find((v) => v !== null) ?? null;
        if (value && typeof value === 'object') {
          const conditions = value as Record<string, unknown>;
          if ('.' in conditions) return pick(conditions['.']);
          for (const condition of ['import', 'node', 'default', 'require']) if (condition in conditions) { const found = pick(conditions[condition]); if (found) return found; }
        }
        return null;
      };
      const entry = pick(pkg.exports) ?? (typeof pkg.main === 'string' ? pkg.main : 'index.js');
      return path.join(folder, entry);
    }
    if (path.dirname(dir) === dir) throw new Error(`het pakket ${name} staat niet in de node_modules van de site`);
  }
}

type Transformer = (tree: unknown, file: unknown, next?: (err?: unknown, tree?: unknown) => void) => unknown;
type Attacher = (this: unknown, ...args: unknown[]) => Transformer | undefined | void;

/** A processor per area and place, made once: its plugins' attachers run once, and `this.data()` is theirs to share, as in one Docusaurus compile. */
const processors = new Map<string, { run: (tree: unknown, file: unknown) => Promise<unknown>; attachFailures: Map<number, string> }>();

/** The plugin functions of a request, loaded; a plugin that does not load is reported (for every file: `file` null) and left out. */
async function markdownProcessor(request: MarkdownRequest): Promise<{ run: (tree: unknown, file: unknown) => Promise<unknown>; attachFailures: Map<number, string> }> {
  const known = processors.get(request.processor);
  if (known) return known;
  const { unified } = await import('unified');
  const processor = unified();
  const attachFailures = new Map<number, string>();
  for (const [index, entry] of request.plugins.entries()) {
    if (request.skip.includes(index)) continue;
    let fn: unknown;
    try {
      const file = entry.package ? packageEntry(request.siteDir, entry.package) : path.resolve(request.siteDir, entry.path ?? '');
      const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      fn = entry.export ? module[entry.export] ?? (module.default as Record<string, unknown> | undefined)?.[entry.export] : 'default' in module ? module.default : module;
      if (fn && typeof fn === 'object' && 'default' in fn) fn = (fn as { default: unknown }).default;
      if (typeof fn !== 'function') throw new Error(entry.export ? `het exporteert geen functie ${entry.export}` : 'het exporteert geen pluginfunctie als default export');
    } catch (err) {
      await send({ type: 'markdown-failed', plugin: index, file: null, message: firstLine(err) });
      continue;
    }
    // The attacher runs with the processor as `this`, as unified runs it; what it returns runs per file, timed and caught on its own.
    const attacher = fn as Attacher;
    const wrapped = function (this: unknown, ...args: unknown[]): Transformer | undefined {
      let transformer: Transformer | undefined | void;
      try {
        transformer = attacher.apply(this, args);
      } catch (err) {
        attachFailures.set(index, firstLine(err));
        return undefined;
      }
      if (typeof transformer !== 'function') return undefined;
      const transform = transformer;
      return async (tree: unknown, file: unknown) => {
        await send({ type: 'markdown-step', plugin: index, file: (file as { data: { index: number } }).data.index });
        const before = structuredClone(tree);
        try {
          return await (transform.length >= 3
            ? new Promise((resolve, reject) => {
              const returned = transform(tree, file, (err, out) => (err ? reject(err) : resolve(out)));
              if (returned && typeof (returned as Promise<unknown>).then === 'function') (returned as Promise<unknown>).then(resolve, reject);
            })
            : transform(tree, file));
        } catch (err) {
          await send({ type: 'markdown-failed', plugin: index, file: (file as { data: { index: number } }).data.index, message: firstLine(err) });
          // The file goes on without this plugin's change.
          return before;
        }
      };
    };
    Object.defineProperty(wrapped, 'name', { value: (fn as { name: string }).name });
    processor.use(wrapped as never, ...(entry.options === undefined ? [] : [entry.options as never]));
  }
  const made = { run: (tree: unknown, file: unknown) => (processor.run as unknown as (t: unknown, f: unknown) => Promise<unknown>).call(processor, tree, file), attachFailures };
  processors.set(request.processor, made);
  return made;
}

/** Runs the plugins of one place over the request's trees, one file after another; answers with the trees as JSON. */
async function runMarkdown(request: MarkdownRequest): Promise<void> {
  const processor = await markdownProcessor(request);
  const trees: string[] = [];
  let reported = false;
  for (const [index, file] of request.files.entries()) {
    const tree = JSON.parse(file.tree) as unknown;
    const out = await processor.run(tree, { path: path.join(request.siteDir, file.path), data: { index } });
    if (!reported) {
      reported = true;
      for (const [plugin, message] of processor.attachFailures) await send({ type: 'markdown-failed', plugin, file: null, message });
    }
    trees.push(treeJson(out));
  }
  await send({ type: 'markdown-done', trees });
}

/** Docusaurus' default number prefix parser: `01-intro` is `intro` with prefix 1. */
function numberPrefixParser(filename: string): { filename: string; numberPrefix?: number } {
  const match = /^(?<prefix>\d+)\s*[-_.]+\s*(?<rest>[^-_.\s].*)$/.exec(filename);
  return match?.groups ? { filename: match.groups.rest ?? filename, numberPrefix: Number.parseFloat(match.groups.prefix ?? '') } : { filename, numberPrefix: undefined };
}

/** Docusaurus' rule for a category's index doc: `index`, `readme`, or the folder's own name. */
const isCategoryIndex = ({ fileName, directories }: { fileName: string; directories: ReadonlyArray<string> }): boolean =>
  ['index', 'readme'].includes(fileName.toLowerCase()) || fileName.toLowerCase() === (directories[0] ?? '').toLowerCase();

/** Calls the generator once per part, with Docusaurus' arguments; `defaultSidebarItemsGenerator` gives the build's own items for the docs it is passed. */
async function runSidebar(request: SidebarRequest): Promise<void> {
  let generate: unknown;
  try {
    generate = await importPlugin(path.resolve(request.siteDir, request.generator), request.bundleDir);
    if (typeof generate !== 'function') throw new Error('het bestand exporteert geen functie als default export');
  } catch (err) {
    await send({ type: 'sidebar-failed', part: null, message: firstLine(err) });
    await send({ type: 'sidebar-done', items: request.parts.map(() => null) });
    return;
  }
  const items: unknown[] = [];
  for (const [index, part] of request.parts.entries()) {
    await send({ type: 'sidebar-step', part: index });
    try {
      const made = await (generate as (args: unknown) => unknown)({
        item: { type: 'autogenerated', dirName: part.dirName },
        version: { contentPath: request.contentPath, versionName: 'current' },
        docs: part.docs, categoriesMetadata: part.categoriesMetadata, numberPrefixParser, isCategoryIndex,
        defaultSidebarItemsGenerator: async (args: unknown) => defaultItemsFor(part.defaults, args),
      });
      if (!Array.isArray(made)) throw new Error('de functie gaf geen lijst van zijbalkitems terug');
      items.push(asData(made));
    } catch (err) {
      await send({ type: 'sidebar-failed', part: index, message: firstLine(err) });
      items.push(null);
    }
  }
  await send({ type: 'sidebar-done', items });
}

dieWithParent();
let queue: Promise<void> = Promise.resolve();
process.on('message', (request: PluginRequest | MarkdownRequest | SidebarRequest) => {
  if (request.type === 'sidebar') {
    runSidebar(request).then(() => process.exit(0), (err: unknown) => {
      process.stderr.write(`${firstLine(err)}\n`);
      process.exit(1);
    });
    return;
  }
  if (request.type === 'markdown') {
    // One request at a time: the keeper's clock follows the steps in order.
    queue = queue.then(() => runMarkdown(request)).catch((err: unknown) => {
      process.stderr.write(`${firstLine(err)}\n`);
      process.exit(1);
    });
    return;
  }
  if (request.type !== 'run') return;
  run(request).then(() => process.exit(0), (err: unknown) => {
    process.stderr.write(`${firstLine(err)}\n`);
    process.exit(1);
  });
});
// The channel closing is the keeper's way of saying it is done.
process.on('disconnect', () => process.exit(0));
