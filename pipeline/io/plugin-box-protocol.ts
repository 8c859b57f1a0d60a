/**
 * What the build and its plugin box (pipeline/io/site-plugins.ts and
 * pipeline/io/workers/plugin-box-worker.ts) say to each other over the IPC
 * channel: JSON only, so nothing but data crosses.
 */

/** A local plugin as site.yml names it: its file (relative to the content root) and its options. */
export interface PluginEntry {
  readonly path: string;
  readonly options: Readonly<Record<string, unknown>>;
}

/** What a plugin's context tells it of the site (Docusaurus' `LoadContext`, as far as a build without webpack has it). */
export interface PluginSite {
  readonly siteDir: string;
  readonly siteConfig: Readonly<Record<string, unknown>>;
  readonly locale: string;
  /** Where `generatedFilesDir` points: a folder of the box's own, thrown away after the run. */
  readonly generatedFilesDir: string;
  readonly outDir: string;
}

/** A route a plugin added with `addRoute`: its path, the component file as the plugin named it, and the props its page gets. */
export interface AddedRoute {
  /** The plugin's index in the run. */
  readonly plugin: number;
  readonly path: string;
  readonly component: string;
  /** `modules` resolved to the data `createData` stored, and `props` as given. */
  readonly props: Readonly<Record<string, unknown>>;
  /** `modules` entries that name no data `createData` made (a file path, an import): left out of the props. */
  readonly unresolved: ReadonlyArray<string>;
}

/** A Docusaurus lifecycle hook or API of a plugin, as messages name it. */
export type Hook = 'laden' | 'plugin' | 'loadContent' | 'contentLoaded' | 'allContentLoaded';

export type PluginRequest = {
  readonly type: 'run';
  readonly plugins: ReadonlyArray<PluginEntry>;
  /** Indexes of plugins that looped or ran out of memory in an earlier run: they do not run again. */
  readonly skip: ReadonlyArray<number>;
  readonly site: PluginSite;
  /** Where a TypeScript plugin's compiled copy goes. */
  readonly bundleDir: string;
};

export type PluginAnswer =
  /** Before each hook of each plugin: the keeper times it, and names it when it loops. */
  | { readonly type: 'step'; readonly plugin: number; readonly hook: Hook }
  /** A hook threw (or the plugin did not load): the plugin drops out, the others go on. */
  | { readonly type: 'failed'; readonly plugin: number; readonly hook: Hook; readonly message: string }
  | {
    readonly type: 'done';
    /** `setGlobalData`, by plugin name and id. */
    readonly globalData: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
    readonly routes: ReadonlyArray<AddedRoute>;
    /** Per plugin that loaded: its name, and the hooks it has that the build does not run (`postBuild`, `configureWebpack`, …). */
    readonly plugins: ReadonlyArray<{ readonly plugin: number; readonly name: string; readonly unsupported: ReadonlyArray<string> }>;
  };

/** A remark or rehype plugin of the site, as the box loads it: a package of the site's `node_modules` or a file of the site. */
export interface MarkdownPluginEntry {
  readonly package?: string;
  /** Relative to the site's folder. */
  readonly path?: string;
  readonly export?: string;
  readonly options?: unknown;
}

/**
 * The plugins of one place of one area over some pages' trees, each tree as
 * JSON text (a tree may hold what JSON alone cannot carry, such as a BigInt in
 * an MDX expression: the box gets it as the build's JSON.stringify wrote it).
 */
export type MarkdownRequest = {
  readonly type: 'markdown';
  readonly siteDir: string;
  /** The area and place, as the box keeps one processor per pair (`this.data()` lives as long as that). */
  readonly processor: string;
  readonly plugins: ReadonlyArray<MarkdownPluginEntry>;
  /** Plugins (by index) that looped before: they do not run. */
  readonly skip: ReadonlyArray<number>;
  readonly files: ReadonlyArray<{ readonly path: string; readonly tree: string }>;
};

export type MarkdownAnswer =
  /** Before each plugin on each file: the keeper times it. */
  | { readonly type: 'markdown-step'; readonly plugin: number; readonly file: number }
  /** A plugin that did not load or attach (`file` null), or threw on a file: that file keeps the tree from before it. */
  | { readonly type: 'markdown-failed'; readonly plugin: number; readonly file: number | null; readonly message: string }
  | { readonly type: 'markdown-done'; readonly trees: ReadonlyArray<string> };
