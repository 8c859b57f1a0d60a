/**
 * A Docusaurus configuration, as data, made into our site configuration
 * (dist-config/site.yml) plus a sidebars data file per docs plugin, with a
 * list of everything that could not be mapped. Pure: the evaluated objects
 * and the site's file list come in, objects and notes go out; migrate.ts
 * writes them.
 *
 * The evaluated configuration is what evaluate-config.ts printed: plain JSON,
 * in which code left its mark as `{ $code: "…" }` (a function, a class, a
 * regular expression) and a package that is not installed as `{ $stub: "…" }`.
 */

import path from 'node:path';
import { inFolder, outsideRoot } from '../../layout.ts';
import { safeConfigHtml } from '../../safety/html.ts';

/** One docs plugin of the Docusaurus site: the preset's `docs` or an extra `@docusaurus/plugin-content-docs`. */
export interface DocsPluginOptions {
  readonly id: string;
  readonly options: Readonly<Record<string, unknown>>;
}

/** What the migrated configuration consists of. */
export interface Migrated {
  /** The site.yml object, in the shape pipeline/model.ts's `SiteConfig` validates. */
  readonly site: Record<string, unknown>;
  /** One sidebars file per docs plugin with a `sidebarPath`: its name in dist-config/ and its data. */
  readonly sidebars: ReadonlyArray<{ readonly pluginId: string; readonly file: string; readonly data: Record<string, unknown> }>;
  /** What could not be mapped, one Dutch sentence each. */
  readonly notes: ReadonlyArray<string>;
  /** Keys of `site` that deserve a comment above them in site.yml. */
  readonly comments: Readonly<Record<string, string>>;
}

type Data = Record<string, unknown>;

const isObject = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Marks the evaluator left where the configuration held code or a package that is not installed. */
const isCode = (v: unknown): boolean => isObject(v) && (typeof v.$code === 'string' || typeof v.$stub === 'string');
const codeName = (v: unknown): string => (isObject(v) ? String(v.$code ?? v.$stub) : String(v));
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * The package name of a plugin, preset or theme as Docusaurus normalises it:
 * `classic` → `@docusaurus/preset-classic`, `content-docs` →
 * `@docusaurus/plugin-content-docs`; a path into node_modules (what
 * `require.resolve` gave) → the package whose folder it is in.
 */
export function packageName(spec: string, kind: 'preset' | 'plugin' | 'theme'): string {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(spec.split('\\').join('/'));
  if (inModules) return inModules[1]!;
  if (spec.startsWith('.') || spec.startsWith('/')) return spec;
  if (spec.startsWith('@')) {
    const [scope, name = ''] = spec.split('/');
    if (scope === '@docusaurus' && !name.startsWith(`${kind}-`)) return `@docusaurus/${kind}-${name}`;
    return spec;
  }
  if (spec.startsWith(`docusaurus-${kind}-`)) return spec;
  return ['classic', 'content-docs', 'content-blog', 'content-pages', 'mermaid', 'search-algolia', 'google-gtag', 'google-analytics', 'google-tag-manager', 'sitemap', 'debug', 'client-redirects', 'ideal-image', 'pwa', 'live-codeblock', 'svgr', 'rsdoctor', 'vercel-analytics'].includes(spec)
    ? `@docusaurus/${kind}-${spec}` : `docusaurus-${kind}-${spec}`;
}

/** A plugin/preset/theme entry (`name`, `[name, options]`, a function, `[function, options]`) as name and options. */
function entryOf(entry: unknown, kind: 'preset' | 'plugin' | 'theme'): { name: string; options: Data } | null {
  const [head, options] = Array.isArray(entry) ? [entry[0], entry[1]] : [entry, undefined];
  const opts = isObject(options) ? options : {};
  if (typeof head === 'string') return { name: packageName(head, kind), options: opts };
  if (isCode(head)) return { name: `${codeName(head).replace(/^functie ?/, '') || 'zonder naam'} (een functie in de configuratie)`, options: opts };
  return null;
}

const presetsOf = (config: Data) => (Array.isArray(config.presets) ? config.presets : []).map((e) => entryOf(e, 'preset')).filter((e) => e !== null);
const pluginsOf = (config: Data) => (Array.isArray(config.plugins) ? config.plugins : []).map((e) => entryOf(e, 'plugin')).filter((e) => e !== null);
const themesOf = (config: Data) => (Array.isArray(config.themes) ? config.themes : []).map((e) => entryOf(e, 'theme')).filter((e) => e !== null);
const isClassic = (name: string) => name === '@docusaurus/preset-classic';
/** A preset that wraps the classic one (as docusaurus-preset-openapi does) takes the same docs, blog and pages options. */
const classicLike = (preset: { name: string; options: Data }) =>
  isClassic(preset.name) || ['docs', 'blog', 'pages'].some((key) => isObject(preset.options[key]));

/** The options the classic preset passes to one of its plugins (`docs`, `blog`, `pages`, `gtag`, …); `false` when switched off. */
function presetPart(config: Data, part: string): Data | false | undefined {
  for (const preset of presetsOf(config)) {
    if (!classicLike(preset)) continue;
    const value = preset.options[part];
    if (value === false) return false;
    if (isObject(value)) return value;
    return {};
  }
  return undefined;
}

/** The docs plugins, in the order Docusaurus loads them: the preset's first, then the extra instances. */
export function docsPluginsOf(config: Data): DocsPluginOptions[] {
  const plugins: DocsPluginOptions[] = [];
  const preset = presetPart(config, 'docs');
  if (preset !== undefined && preset !== false) plugins.push({ id: str(preset.id) ?? 'default', options: preset });
  for (const plugin of pluginsOf(config)) {
    if (plugin.name === '@docusaurus/plugin-content-docs') plugins.push({ id: str(plugin.options.id) ?? 'default', options: plugin.options });
  }
  return plugins;
}

/** A plugin id as Docusaurus takes it: letters, digits, `_` and `-` (its name becomes a file name). */
export const isPluginId = (id: string): boolean => /^[A-Za-z0-9_-]+$/.test(id);

/** The blog plugins, likewise. */
function blogPluginsOf(config: Data): Data[] {
  const preset = presetPart(config, 'blog');
  return [
    ...(preset !== undefined && preset !== false ? [preset] : []),
    ...pluginsOf(config).filter((p) => p.name === '@docusaurus/plugin-content-blog').map((p) => p.options),
  ];
}

function pagesPluginsOf(config: Data): Data[] {
  const preset = presetPart(config, 'pages');
  return [
    ...(preset !== undefined && preset !== false ? [preset] : []),
    ...pluginsOf(config).filter((p) => p.name === '@docusaurus/plugin-content-pages').map((p) => p.options),
  ];
}

/**
 * A path from the configuration relative to the site folder: `./docs`,
 * `docs/`, and the absolute paths `path.resolve(__dirname, …)` and
 * `require.resolve` give all become `docs`.
 */
export function siteRelative(p: string, siteDir: string): string {
  let rel = p.split('\\').join('/');
  const base = siteDir.split('\\').join('/').replace(/\/+$/, '');
  if (rel === base) return '.';
  if (rel.startsWith(`${base}/`)) rel = rel.slice(base.length + 1);
  return rel.replace(/^(\.\/)+/, '').replace(/\/+$/, '') || '.';
}

/**
 * A file a plugin names (`tags`, `authorsMapPath`) as Docusaurus resolves it, from the plugin's folder:
 * relative paths stay as written, an absolute path in the site becomes relative to the folder. A path
 * that leaves the site is written as it is, with a note: the build reads nothing outside the site.
 */
function fromFolder(p: string, folder: string, siteDir: string, where: string, note: (text: string) => void): string {
  const inSite = siteRelative(p, siteDir);
  const file = path.posix.isAbsolute(p) && !path.posix.isAbsolute(inSite) ? path.posix.relative(folder === '.' ? '' : folder, inSite) : p;
  if (outsideRoot(inFolder(folder === '.' ? '' : folder, file))) note(`${where}: het bestand ${p} ligt buiten de map van de site; de build leest niets buiten de site en meldt dat als fout. Zet het bestand in de site en pas het pad aan in site.yml.`);
  return file;
}

/** A route base path as our configuration writes it: no slashes around it, '' for the site root. */
const routeBase = (p: string): string => p.replace(/^\/+|\/+$/g, '');

/** HTML as plain text: the footer's copyright may hold links and entities; ours is text. */
export function htmlAsText(html: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', copy: '©' };
  return html.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return entities[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ').trim();
}

const languageNames: Readonly<Record<string, string>> = {
  nl: 'Nederlands', en: 'English', de: 'Deutsch', fr: 'Français', fy: 'Frysk', es: 'Español', pap: 'Papiamentu',
};

/** Docusaurus' own defaults for what our configuration requires. */
const defaults = {
  blogPostsPerPage: 10,
  blogSidebarCount: 5,
  blogSidebarTitle: 'Recente berichten',
  wordsPerMinute: 200,
} as const;

/**
 * Options of the docs and blog plugins that the mapping uses or names in a note of its own, and
 * options whose effect the generator has anyway or that only change Docusaurus' own build; any other
 * option gets a note that it was skipped.
 */
const docsOptionsSeen = new Set([
  'id', 'path', 'routeBasePath', 'sidebarPath', 'tags', 'onInlineTags', 'editUrl', 'lastVersion', 'versions', 'onlyIncludeVersions',
  'remarkPlugins', 'rehypePlugins', 'beforeDefaultRemarkPlugins', 'beforeDefaultRehypePlugins', 'recmaPlugins', 'sidebarItemsGenerator',
  'showLastUpdateTime', 'showLastUpdateAuthor', 'editLocalizedFiles', 'editCurrentVersion', 'breadcrumbs', 'disableVersioning',
  'includeCurrentVersion',
]);
const blogOptionsSeen = new Set([
  'id', 'path', 'routeBasePath', 'postsPerPage', 'blogSidebarCount', 'blogSidebarTitle', 'tags', 'authorsMapPath', 'onInlineTags',
  'onInlineAuthors', 'onUntruncatedBlogPosts', 'editUrl', 'feedOptions', 'remarkPlugins', 'rehypePlugins', 'beforeDefaultRemarkPlugins', 'beforeDefaultRehypePlugins',
  'recmaPlugins', 'showReadingTime', 'showLastUpdateTime', 'showLastUpdateAuthor', 'editLocalizedFiles',
]);

/**
 * A content plugin's remark and rehype plugins as site.yml takes them: each a
 * package or a file of the site (the configuration imported it), with its
 * options as data. A function written in the configuration, or options that
 * hold code, cannot be carried over: a note says so, and the others still are.
 */
function markdownPluginsOf(options: Readonly<Data>, where: string, note: (message: string) => void): Data | null {
  const out: Data = {};
  for (const key of ['beforeDefaultRemarkPlugins', 'remarkPlugins', 'beforeDefaultRehypePlugins', 'rehypePlugins'] as const) {
    const list = options[key];
    if (!Array.isArray(list) || list.length === 0) continue;
    const plugins: Data[] = [];
    list.forEach((item: unknown, i) => {
      const [fn, pluginOptions] = Array.isArray(item) ? [item[0], item[1]] : [item, undefined];
      const from = isObject(fn) && isObject(fn.$from) ? fn.$from : null;
      const stub = isObject(fn) && typeof fn.$stub === 'string' && /^[@\w][\w./@-]*$/.test(fn.$stub) && !/\.default$|\(\)/.test(fn.$stub) ? fn.$stub : null;
      const shown = `${where}: ${key} ${i + 1} (${isCode(fn) ? codeName(fn) : 'geen functie'})`;
      if (!from && !stub) {
        note(`${shown} staat als functie in de configuratie en wordt niet uitgevoerd. Zet de plugin in een eigen bestand (met export default function), importeer dat in de configuratie, en draai migrate opnieuw.`);
        return;
      }
      if (pluginOptions !== undefined && JSON.stringify(pluginOptions).includes('"$code"')) {
        note(`${shown}: de opties bevatten code (een functie of reguliere expressie) en gaan niet als data mee; de plugin is overgeslagen.`);
        return;
      }
      if (stub) note(`${shown}: het pakket ${stub} is niet geïnstalleerd waar migrate draaide; het staat in site.yml, en de build laadt het uit de node_modules van de site.`);
      const source = from ? (typeof from.package === 'string' ? { package: from.package } : { path: String(from.path) }) : { package: stub };
      plugins.push({ ...source, ...(from && typeof from.export === 'string' ? { export: from.export } : {}), ...(pluginOptions !== undefined ? { options: pluginOptions } : {}) });
    });
    if (plugins.length > 0) out[key] = plugins;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** `'ALL'` (every post on one page, every post in the sidebar) as a number our configuration takes. */
const allPosts = 1000;

/** Docs whose id could be a docs plugin's main page: its `index`, or else its first document. */
function mainDocId(files: ReadonlyArray<string>, docsPath: string): string {
  const prefix = docsPath === '.' ? '' : `${docsPath}/`;
  const docs = files.filter((f) => f.startsWith(prefix) && /\.mdx?$/i.test(f)).map((f) => f.slice(prefix.length).replace(/\.mdx?$/i, ''));
  if (docs.includes('index')) return 'index';
  if (docs.includes('intro')) return 'intro';
  return docs.filter((d) => !d.includes('/')).sort()[0] ?? docs.sort()[0] ?? 'index';
}

/** A Docusaurus navbar or footer link (`to` or `href`) as our link, or null when it has none. */
function linkOf(item: Data, docsRoute: (pluginId: string | undefined, docId: string) => string): { label: string; href: string } | null {
  const label = str(item.label);
  if (label === undefined) return null;
  const href = str(item.href) ?? str(item.to);
  if (href !== undefined) return { label, href };
  if ((item.type === 'doc' || item.type === undefined) && typeof item.docId === 'string') return { label, href: docsRoute(str(item.docsPluginId), item.docId) };
  return null;
}

const position = (item: Data): { position?: 'left' | 'right' } =>
  (item.position === 'left' || item.position === 'right' ? { position: item.position } : {});

/**
 * What every part of the mapping reads: the configuration, the site's files,
 * and where its notes go. One object, so that each part is a small function of
 * it and the parts still note in the order a reader meets them.
 */
interface Context {
  readonly config: Data;
  readonly themeConfig: Data;
  readonly files: ReadonlyArray<string>;
  /** The notes so far; sidebarData adds to them directly. */
  readonly notes: string[];
  readonly note: (text: string) => void;
  /** Whether a file or folder (relative to the site) exists. */
  readonly exists: (p: string) => boolean;
  /** A path from the configuration relative to the site folder. */
  readonly rel: (p: string) => string;
  /** The site folder itself. */
  readonly siteDir: string;
}

/** The route of a document, by docs plugin id and document id. */
type DocsRoute = (pluginId: string | undefined, docId: string) => string;

/**
 * Maps the evaluated configuration. `files` is every file of the site folder
 * (relative, with `/`; node_modules and build output left out), so that
 * defaults can depend on what exists, as in Docusaurus.
 */
export function migrateSiteConfig(config: Data, sidebarsByPlugin: ReadonlyMap<string, unknown>, files: ReadonlyArray<string>, siteDir: string): Migrated {
  const notes: string[] = [];
  const ctx: Context = {
    config,
    themeConfig: isObject(config.themeConfig) ? config.themeConfig : {},
    files,
    notes,
    note: (text) => { notes.push(text); },
    exists: (p) => files.some((f) => f === p || f.startsWith(`${p}/`)),
    rel: (p) => siteRelative(p, siteDir),
    siteDir,
  };
  const comments: Record<string, string> = {};

  // The parts run in this order, because their notes are printed in it.
  standInNotes(ctx);
  const identity = identityOf(ctx);
  const docs = docsOf(ctx, sidebarsByPlugin);
  editUrlNote(ctx, docs.plugins);
  const blog = blogOf(ctx);
  const pages = pagesOf(ctx);
  const staticDirs = staticDirsOf(ctx);
  const items = navbarOf(ctx, docs.route, identity);
  const footer = footerOf(ctx, docs.route, identity.title);
  searchNotes(ctx);
  const analytics = analyticsOf(ctx);
  const redirects = redirectsOf(ctx);
  const plugins = localPluginsOf(ctx);
  unsupportedNotes(ctx);

  const { title, lang, localeConfig } = identity;
  const colorMode = isObject(ctx.themeConfig.colorMode) ? ctx.themeConfig.colorMode : {};
  const announcementBar = ctx.themeConfig.announcementBar;
  const markdown = isObject(config.markdown) ? config.markdown : {};
  const firstDocs = docs.plugins[0];
  const site: Data = {
    product: identity.product,
    siteName: title,
    ...(title.length <= 16 ? { shortName: title } : {}),
    tagline: str(config.tagline) ?? '',
    url: identity.url,
    locale: {
      lang,
      label: str(localeConfig.label) ?? languageNames[lang] ?? lang,
      direction: localeConfig.direction === 'rtl' ? 'rtl' : 'ltr',
      calendar: str(localeConfig.calendar) ?? 'gregory',
    },
    logo: { src: 'logo.svg', alt: title },
    governmentLogo: { src: 'rijkslint.svg', alt: 'Logo van de Nederlandse overheid' },
    ...(isObject(announcementBar) && typeof announcementBar.content === 'string'
      ? { announcementBar: { id: str(announcementBar.id) ?? 'announcement-bar', content: announcementBar.content, ...(typeof announcementBar.isCloseable === 'boolean' ? { isCloseable: announcementBar.isCloseable } : {}) } }
      : {}),
    navbar: { items },
    footer,
    colorMode: {
      defaultMode: colorMode.defaultMode === 'dark' ? 'dark' : 'light',
      disableSwitch: colorMode.disableSwitch === true,
      respectPrefersColorScheme: colorMode.respectPrefersColorScheme === true,
    },
    blog: blogSettings(blog.options),
    docs: { versions: [{ name: 'current', label: 'Next', path: '/', mainDocId: firstDocs ? mainDocId(files, ctx.rel(str(firstDocs.options.path) ?? 'docs')) : 'index' }] },
    search: { backend: 'embedded', page: '/zoeken' },
    ...(Object.keys(analytics).length ? { analytics } : {}),
    content: {
      docs: docs.entries,
      blog: blog.content,
      pages: pages ?? null,
      static: staticDirs.filter(ctx.exists),
    },
    markdown: { format: markdown.format === 'md' || markdown.format === 'detect' ? markdown.format : 'mdx' },
    ...(redirects ? { redirects } : {}),
    ...(plugins.length ? { plugins } : {}),
  };
  const frontmatter = frontmatterOf(ctx, docs.plugins, blog.all);
  if (Object.keys(frontmatter).length) site.frontmatter = frontmatter;
  // Free data for site code (`useDocusaurusContext().siteConfig.customFields`), as the configuration gives it.
  if (isObject(config.customFields) && Object.keys(config.customFields).length > 0) site.customFields = config.customFields;
  const customCss = customCssOf(ctx);
  if (customCss) {
    site.customCss = customCss.value;
    comments.customCss = customCss.comment;
  }
  const mdx = mdxOf(ctx);
  if (mdx) {
    site.mdx = mdx.value;
    comments.mdx = mdx.comment;
  }
  return { site, sidebars: docs.sidebars, notes, comments };
}

/** Values that came from a package that is not installed: the stand-in is no value. */
function standInNotes(ctx: Context): void {
  for (const [where, name] of standInsIn(ctx.config)) {
    ctx.note(`${where} kwam van ${name}, dat niet geïnstalleerd is; migrate kon de waarde niet bepalen. Draai npm install in de map van de site en daarna migrate opnieuw, of vul de waarde zelf in site.yml in.`);
  }
}

interface Identity {
  readonly title: string;
  readonly url: string;
  readonly lang: string;
  readonly localeConfig: Data;
  readonly locales: ReadonlyArray<string>;
  readonly product: string;
}

/** The site's name, address and language. */
function identityOf({ config, note }: Context): Identity {
  const title = str(config.title) ?? 'Mijn site';
  if (config.title === undefined) note('De configuratie heeft geen title; de site heet nu "Mijn site". Pas siteName aan in site.yml.');
  const baseUrl = str(config.baseUrl) ?? '/';
  const url = `${(str(config.url) ?? 'https://example.org').replace(/\/+$/, '')}${baseUrl.replace(/\/+$/, '')}`;
  if (baseUrl !== '/') note(`baseUrl is "${baseUrl}": de generator bouwt de site voor de hoofdmap van het domein. Links in de configuratie blijven zonder "${baseUrl}"; zet de site in de hoofdmap van een (sub)domein.`);
  if (config.url === undefined) note('De configuratie heeft geen url; vul in site.yml het adres van de site in.');

  const i18n = isObject(config.i18n) ? config.i18n : {};
  const lang = str(i18n.defaultLocale) ?? 'nl';
  const localeConfig = isObject(i18n.localeConfigs) && isObject(i18n.localeConfigs[lang]) ? i18n.localeConfigs[lang] : {};
  const locales = Array.isArray(i18n.locales) ? i18n.locales.filter((l) => typeof l === 'string') : [lang];
  if (locales.length > 1) note(`i18n: alleen de standaardtaal "${lang}" wordt gebouwd; vertalingen (${locales.filter((l) => l !== lang).join(', ')}) ondersteunt de generator niet.`);
  if (lang !== 'nl') note(`i18n: de standaardtaal is "${lang}"; de teksten van de generator zelf (navigatie, zoeken) blijven Nederlands.`);

  const product = title.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'site';
  return { title, url, lang, localeConfig, locales, product };
}

/** The navbar's items as the configuration has them (objects only). */
const navItemsOf = (themeConfig: Data): Data[] =>
  (isObject(themeConfig.navbar) && Array.isArray(themeConfig.navbar.items) ? themeConfig.navbar.items.filter(isObject) : []);

/** The docs plugins: their content entries, their sidebars files, and the route of a document. */
function docsOf(ctx: Context, sidebarsByPlugin: ReadonlyMap<string, unknown>): {
  plugins: DocsPluginOptions[];
  entries: Data[];
  sidebars: Array<{ pluginId: string; file: string; data: Data }>;
  route: DocsRoute;
} {
  const plugins = docsPluginsOf(ctx.config);
  const navItems = navItemsOf(ctx.themeConfig);
  const pluginLabel = (id: string): string => {
    const item = navItems.find((i) => (i.type === 'doc' || i.type === 'docSidebar') && (str(i.docsPluginId) ?? 'default') === id && typeof i.label === 'string');
    if (item) return String(item.label);
    return id === 'default' ? 'Documentatie' : id.charAt(0).toUpperCase() + id.slice(1);
  };
  const routeOf = new Map<string, string>();
  const sidebars: Array<{ pluginId: string; file: string; data: Data }> = [];
  const entries = plugins.map(({ id, options }) => {
    const routeBasePath = routeBase(str(options.routeBasePath) ?? 'docs');
    routeOf.set(id, routeBasePath);
    return docsEntryOf(ctx, id, options, routeBasePath, pluginLabel(id), sidebarsByPlugin, sidebars);
  });
  const route: DocsRoute = (pluginId, docId) => {
    const base = routeOf.get(pluginId ?? 'default') ?? 'docs';
    return `/${[base, docId].filter(Boolean).join('/')}`;
  };
  return { plugins, entries, sidebars, route };
}

/** One docs plugin as a content entry; its sidebars file, when it has one, goes into `sidebars`. */
function docsEntryOf(
  { note, notes, exists, rel, siteDir }: Context, id: string, options: Readonly<Data>, routeBasePath: string, label: string,
  sidebarsByPlugin: ReadonlyMap<string, unknown>, sidebars: Array<{ pluginId: string; file: string; data: Data }>,
): Data {
  const docsPath = rel(str(options.path) ?? 'docs');
  const entry: Data = { id, path: docsPath, routeBasePath, label };
  if (typeof options.sidebarPath === 'string' && !sidebarsByPlugin.has(id)) {
    note(`Docs-plugin "${id}": het zijbalkbestand ${rel(options.sidebarPath)} bestaat niet (Docusaurus toont dan geen zijbalk); de zijbalk wordt uit de mappen gemaakt.`);
  } else if (typeof options.sidebarPath === 'string') {
    const file = `sidebars-${id}.yml`;
    const data = sidebarData(sidebarsByPlugin.get(id), `${rel(options.sidebarPath)}`, notes);
    if (data) {
      entry.sidebarPath = file;
      sidebars.push({ pluginId: id, file, data });
    }
  } else if (options.sidebarPath === false) {
    note(`Docs-plugin "${id}": sidebarPath: false (geen zijbalk) kent de generator niet; de zijbalk wordt uit de mappen gemaakt.`);
  } else if (isCode(options.sidebarPath)) {
    note(`Docs-plugin "${id}": sidebarPath is code (${codeName(options.sidebarPath)}); de zijbalk wordt uit de mappen gemaakt.`);
  }
  // Left out, the area reads tags.yml in its folder when there is one, as Docusaurus does.
  if (typeof options.tags === 'string') entry.tags = fromFolder(options.tags, docsPath, siteDir, `Docs-plugin "${id}": tags`, note);
  else if (options.tags === null) entry.tags = null;
  if (typeof options.editUrl === 'string') entry.editUrl = options.editUrl;
  if (!exists(docsPath)) note(`Docs-plugin "${id}": de map ${docsPath}/ bestaat niet.`);
  for (const key of ['lastVersion', 'versions', 'onlyIncludeVersions'] as const) {
    if (options[key] !== undefined) note(`Docs-plugin "${id}": ${key} genegeerd; de generator bouwt alleen de huidige versie van de docs.`);
  }
  if (exists(id === 'default' ? 'versions.json' : `${id}_versions.json`)) note(`Docs-plugin "${id}": er zijn oude versies (${id === 'default' ? 'versions.json' : `${id}_versions.json`}); alleen de huidige versie wordt gebouwd.`);
  const markdown = markdownPluginsOf(options, `Docs-plugin "${id}"`, note);
  if (markdown) entry.markdown = markdown;
  const generator = options.sidebarItemsGenerator;
  const generatorFrom = isObject(generator) && isObject(generator.$from) ? generator.$from : null;
  if (generatorFrom && typeof generatorFrom.path === 'string' && generatorFrom.export === undefined) entry.sidebarItemsGenerator = generatorFrom.path;
  else if (generator !== undefined) {
    note(`Docs-plugin "${id}": sidebarItemsGenerator staat niet als default export in een eigen bestand van de site, en wordt niet uitgevoerd; de zijbalk volgt de regels van Docusaurus zonder die functie. Zet de functie in een eigen bestand (met module.exports = async function ({ defaultSidebarItemsGenerator, ...args }) { … }), require dat bestand in de configuratie, en draai migrate opnieuw.`);
  }
  for (const key of Object.keys(options).filter((k) => !docsOptionsSeen.has(k))) note(`Docs-plugin "${id}": de optie ${key} is overgeslagen.`);
  return entry;
}

/** An editUrl string carries over per plugin (content.docs[].editUrl, content.blog.editUrl); a function is code, and not carried over. */
function editUrlNote(ctx: Context, docsPlugins: ReadonlyArray<DocsPluginOptions>): void {
  if ([...docsPlugins.map((p) => p.options), ...blogPluginsOf(ctx.config)].some((o) => isCode(o.editUrl))) {
    ctx.note('editUrl is een functie en is niet overgenomen: de generator voert geen code uit de configuratie uit. Zet editUrl als adres bij het gebied in content in site.yml als je de link "Bewerk deze pagina" wilt (zie docs/migrating.md).');
  }
}

/** The blog plugins (only the first is built), its options and its content entry. */
function blogOf({ config, note, exists, rel, siteDir }: Context): { all: Data[]; options: Data | undefined; content: Data | null } {
  const blogs = blogPluginsOf(config);
  const blog = blogs[0];
  if (blogs.length > 1) note(`Er zijn ${blogs.length} blogs; alleen de eerste (${str(blog?.path) ?? 'blog'}/) wordt gebouwd.`);
  // The classic preset has a blog and pages unless switched off; without their folder, there is nothing to build.
  const blogPath = blog ? rel(str(blog.path) ?? 'blog') : undefined;
  const hasBlog = blog !== undefined && blogPath !== undefined && exists(blogPath);
  if (blog) {
    for (const key of Object.keys(blog).filter((k) => !blogOptionsSeen.has(k))) note(`Blog: de optie ${key} is overgeslagen.`);
    if (isObject(blog.feedOptions) && blog.feedOptions.type !== undefined && blog.feedOptions.type !== 'all') note('Blog: feedOptions genegeerd; de generator maakt altijd RSS, Atom en JSON Feed.');
  }
  const markdown = blog ? markdownPluginsOf(blog, 'Blog', note) : null;
  const content = hasBlog ? {
    path: blogPath,
    routeBasePath: routeBase(str(blog.routeBasePath) ?? 'blog'),
    ...(typeof blog.tags === 'string' ? { tags: fromFolder(blog.tags, blogPath, siteDir, 'Blog: tags', note) } : blog.tags === null ? { tags: null } : {}),
    ...(typeof blog.authorsMapPath === 'string' ? { authors: fromFolder(blog.authorsMapPath, blogPath, siteDir, 'Blog: authorsMapPath', note) } : {}),
    ...(typeof blog.editUrl === 'string' ? { editUrl: blog.editUrl } : {}),
    ...(markdown ? { markdown } : {}),
  } : null;
  return { all: blogs, options: blog, content };
}

/** A count option that may be `'ALL'`, else the default. */
const count = (v: unknown, fallback: number) => (v === 'ALL' ? allPosts : typeof v === 'number' ? v : fallback);

/** The site-wide blog settings, from the first blog's options or Docusaurus' defaults. */
function blogSettings(blog: Data | undefined): Data {
  return {
    postsPerPage: count(blog?.postsPerPage, defaults.blogPostsPerPage),
    wordsPerMinute: defaults.wordsPerMinute,
    sidebarCount: count(blog?.blogSidebarCount, defaults.blogSidebarCount),
    sidebarTitle: str(blog?.blogSidebarTitle) ?? defaults.blogSidebarTitle,
    ...(['ignore', 'log', 'warn', 'throw'].includes(String(blog?.onUntruncatedBlogPosts)) ? { onUntruncatedBlogPosts: blog!.onUntruncatedBlogPosts } : {}),
  };
}

/** The pages folder, when it exists, with the globs of files in it that are no page. */
function pagesOf({ config, exists, rel, note }: Context): { path: string; exclude?: string[]; markdown?: Data } | undefined {
  const pages = pagesPluginsOf(config)[0];
  const pagesPath = pages && exists(rel(str(pages.path) ?? 'src/pages')) ? rel(str(pages.path) ?? 'src/pages') : undefined;
  if (pagesPath === undefined) return undefined;
  // React pages are built (in the component box), as the folder is named in site.yml; `exclude` carries over.
  const exclude = Array.isArray(pages?.exclude) ? pages.exclude.filter((g): g is string => typeof g === 'string') : [];
  const markdown = pages ? markdownPluginsOf(pages, 'Pages', note) : null;
  return { path: pagesPath, ...(exclude.length > 0 ? { exclude } : {}), ...(markdown ? { markdown } : {}) };
}

/** The static folders the configuration names (or `static`), relative to the site. */
function staticDirsOf({ config, note, exists, rel }: Context): string[] {
  const staticDirs = (Array.isArray(config.staticDirectories) ? config.staticDirectories.filter((d): d is string => typeof d === 'string') : ['static']).map(rel);
  for (const dir of staticDirs.filter((d) => !exists(d))) {
    if (outsideRoot(dir)) note(`staticDirectories: de map ${dir}/ ligt buiten de map van de site en is weggelaten; de build leest niets buiten de site. Zet de bestanden in een map in de site.`);
    else if (Array.isArray(config.staticDirectories)) note(`staticDirectories: de map ${dir}/ bestaat niet en is weggelaten.`);
  }
  return staticDirs;
}

/** The navbar's items as ours; a search box on the right when it had none. */
function navbarOf({ themeConfig, note }: Context, docsRoute: DocsRoute, { lang, locales }: Identity): Data[] {
  const navbar = isObject(themeConfig.navbar) ? themeConfig.navbar : {};
  if (isObject(navbar.logo)) note(`navbar.logo (${str(navbar.logo.src) ?? '?'}) is niet overgenomen: de kop toont het logo uit site.yml (logo en governmentLogo, zie docs/theme.md).`);
  const items: Data[] = [];
  for (const item of navItemsOf(themeConfig)) {
    const type = str(item.type) ?? (typeof item.html === 'string' ? 'html' : typeof item.items !== 'undefined' ? 'dropdown' : 'link');
    const where = `navbar-item "${str(item.label) ?? type}"`;
    if (type === 'link' || type === 'default') {
      const link = linkOf(item, docsRoute);
      if (link) items.push({ type: 'link', ...link, ...position(item) });
      else note(`${where}: geen label en to/href; overgeslagen.`);
    } else if (type === 'doc') {
      if (typeof item.docId !== 'string') { note(`${where}: geen docId; overgeslagen.`); continue; }
      if (typeof item.label !== 'string') note(`${where}: heeft geen label; de docId "${item.docId}" is als label gebruikt. Pas het aan in site.yml.`);
      items.push({ type: 'doc', label: str(item.label) ?? item.docId, docId: item.docId, ...position(item), docsPluginId: str(item.docsPluginId) ?? 'default' });
    } else if (type === 'docSidebar') {
      if (typeof item.sidebarId !== 'string') { note(`${where}: geen sidebarId; overgeslagen.`); continue; }
      items.push({ type: 'docSidebar', label: str(item.label) ?? item.sidebarId, sidebarId: item.sidebarId, ...position(item), docsPluginId: str(item.docsPluginId) ?? 'default' });
    } else if (type === 'dropdown') {
      const links = (Array.isArray(item.items) ? item.items.filter(isObject) : []).flatMap((sub) => {
        const link = linkOf(sub, docsRoute);
        if (!link) note(`${where}: het item "${str(sub.label) ?? str(sub.type) ?? '?'}" in het uitklapmenu is geen link en is overgeslagen.`);
        else if (sub.type === 'doc') note(`${where}: "${link.label}" wijst naar doc "${String(sub.docId)}"; overgenomen als link naar ${link.href}. Controleer die URL.`);
        return link ? [link] : [];
      });
      items.push({ type: 'dropdown', label: str(item.label) ?? 'Meer', ...position(item), items: links });
    } else if (type === 'search') {
      items.push({ type: 'search', ...position(item) });
    } else if (type === 'html') {
      const value = str(item.value) ?? str(item.html) ?? '';
      items.push({ type: 'html', value, ...position(item) });
      // The build keeps only what the safe schema keeps (unsafe-config-html): say so here, where the item is made.
      const { removed } = safeConfigHtml(value);
      if (removed.length) note(`${where}: het HTML-item bevat iets wat de build weghaalt (${removed.join('; ')}). Haal het weg uit site.yml.`);
    } else if (type === 'localeDropdown' || type === 'docsVersionDropdown' || type === 'docsVersion') {
      items.push({ type, ...(typeof item.label === 'string' ? { label: item.label } : {}), ...position(item) });
      if (type === 'localeDropdown' && locales.length > 1) note(`${where}: de taalkeuze toont alleen ${lang}, want vertalingen worden niet gebouwd.`);
    } else {
      note(`${where}: het type "${type}" kent de generator niet; overgeslagen.`);
    }
  }
  if (!items.some((i) => i.type === 'search')) items.push({ type: 'search', position: 'right' });
  return items;
}

/** The footer: columns when every link group has items, else one row; the copyright as text. */
function footerOf({ themeConfig, note }: Context, docsRoute: DocsRoute, title: string): Data {
  const footer = isObject(themeConfig.footer) ? themeConfig.footer : {};
  const footerLinks = Array.isArray(footer.links) ? footer.links.filter(isObject) : [];
  const footerLink = (item: Data, where: string) => {
    const link = linkOf(item, docsRoute);
    if (!link) note(`Footer${where}: het item "${str(item.label) ?? (typeof item.html === 'string' ? 'html' : '?')}" is geen link (HTML of zonder label) en is overgeslagen.`);
    return link ? [link] : [];
  };
  const columns = footerLinks.length > 0 && footerLinks.every((l) => Array.isArray(l.items));
  const copyrightHtml = str(footer.copyright) ?? title;
  const copyright = htmlAsText(copyrightHtml);
  if (copyright !== copyrightHtml.trim()) note('Footer: de copyright-tekst bevatte HTML; alleen de tekst is overgenomen.');
  if (isObject(footer.logo)) note('Footer: het logo is niet overgenomen; voeg het toe als footer.logo in site.yml (zie docs/theme.md).');
  return columns
    ? { style: 'columns', copyright, columns: footerLinks.map((col) => ({ title: str(col.title) ?? '', items: (col.items as unknown[]).filter(isObject).flatMap((i) => footerLink(i, ` (kolom "${str(col.title) ?? ''}")`)) })) }
    : { style: 'row', copyright, links: footerLinks.flatMap((l) => footerLink(l, '')) };
}

/** The names of the plugins and themes the configuration lists. */
const pluginAndThemeNames = (config: Data): string[] => [...pluginsOf(config), ...themesOf(config)].map((p) => p.name);

/** Algolia and search plugins: replaced by the embedded search. */
function searchNotes({ config, themeConfig, note }: Context): void {
  if (isObject(themeConfig.algolia)) note('Zoeken: Algolia DocSearch is vervangen door de ingebouwde zoekfunctie (search.backend: embedded); de Algolia-sleutels zijn niet overgenomen.');
  for (const name of pluginAndThemeNames(config).filter((n) => /search/i.test(n))) note(`Zoeken: ${name} is vervangen door de ingebouwde zoekfunctie (search.backend: embedded).`);
}

/** A Matomo plugin becomes our tracker; Google's analytics get a note. */
function analyticsOf({ config, note }: Context): Data {
  const analytics: Data = {};
  const gtag = presetPart(config, 'gtag');
  const ga = presetPart(config, 'googleAnalytics');
  const gtm = presetPart(config, 'googleTagManager');
  if (gtag && Object.keys(gtag).length) note(`Statistieken: Google gtag (${str(gtag.trackingID) ?? String(gtag.trackingID)}) is niet overgenomen; de generator kent een Matomo-tracker en een GoatCounter-teller (analytics in site.yml).`);
  if (ga && Object.keys(ga).length) note('Statistieken: Google Analytics is niet overgenomen; de generator kent een Matomo-tracker en een GoatCounter-teller (analytics in site.yml).');
  if (gtm && Object.keys(gtm).length) note('Statistieken: Google Tag Manager is niet overgenomen; de generator laadt geen scripts van derden buiten analytics in site.yml.');
  for (const plugin of pluginsOf(config)) {
    if (/google-(gtag|analytics|tag-manager)/.test(plugin.name)) {
      note(`Statistieken: ${plugin.name} is niet overgenomen; de generator kent een Matomo-tracker en een GoatCounter-teller (analytics in site.yml).`);
    } else if (/matomo/i.test(plugin.name)) {
      const matomoUrl = str(plugin.options.matomoUrl) ?? str(plugin.options.url);
      const siteId = plugin.options.siteId;
      if (matomoUrl && (typeof siteId === 'string' || typeof siteId === 'number') && /^https:\/\//.test(matomoUrl)) {
        const host = new URL(str(config.url) ?? 'https://example.org').hostname;
        analytics.tracker = { name: 'Matomo', url: matomoUrl.endsWith('/') ? matomoUrl : `${matomoUrl}/`, siteId, domains: [host] };
        for (const key of Object.keys(plugin.options).filter((k) => !['matomoUrl', 'url', 'siteId'].includes(k))) note(`Statistieken: Matomo-optie ${key} is niet overgenomen.`);
      } else {
        note(`Statistieken: ${plugin.name} heeft geen https-matomoUrl en siteId; niet overgenomen.`);
      }
    }
  }
  return analytics;
}

/** A plugin the configuration names by a path in the site (`./plugins/x.js`, `require.resolve('./plugins/x')`), not a package. */
const isLocalPlugin = (name: string): boolean => (name.startsWith('.') || name.startsWith('/')) && !name.includes('/node_modules/');

/**
 * Local plugins go to `plugins` in site.yml with their options as data: the build runs them in its plugin
 * box (pipeline/io/site-plugins.ts). Options that are code cannot be written down and are left out. A plugin
 * written as a function in the configuration has no file the build can run without running the whole
 * configuration again on every build: it gets a note saying how to move it to a file.
 */
function localPluginsOf({ config, note, rel, files }: Context): Data[] {
  const out: Data[] = [];
  (Array.isArray(config.plugins) ? config.plugins : []).forEach((raw, i) => {
    const entry = entryOf(raw, 'plugin');
    if (!entry) return;
    const head = Array.isArray(raw) ? raw[0] : raw;
    if (isObject(head) && typeof head.$stub === 'string') {
      // A package that is not installed where migrate ran: no function to run, and no file either.
      note(`Plugin ${entry.name} kent de generator niet; overgeslagen.`);
      return;
    }
    if (isCode(head)) {
      note(`Plugin ${i + 1} (${entry.name.replace(/ \(een functie in de configuratie\)$/, '')}) staat als functie in de configuratie; de build voert de configuratie niet uit en kan hem dus niet draaien. Zet de functie in een eigen bestand (plugins/naam.js, met module.exports = function (context, options) { … }), noem dat bestand in plugins, en draai migrate opnieuw.`);
      return;
    }
    if (typeof head !== 'string' || !isLocalPlugin(entry.name)) return;
    const file = rel(entry.name);
    const found = [file, ...['.js', '.cjs', '.mjs', '.ts', '.mts', '.cts'].map((ext) => `${file}${ext}`), ...['js', 'ts'].map((ext) => `${file}/index.${ext}`)].find((f) => files.includes(f));
    if (!found || found.startsWith('..')) {
      note(`Plugin ${entry.name}: het bestand ${file} staat niet in de site; overgeslagen.`);
      return;
    }
    const options = Object.fromEntries(Object.entries(entry.options).filter(([key, value]) => {
      if (!containsCode(value)) return true;
      note(`Plugin ${found}: de optie ${key} is code en kan niet in site.yml; de plugin krijgt haar niet.`);
      return false;
    }));
    out.push({ path: found, ...(Object.keys(options).length ? { options } : {}) });
  });
  return out;
}

/** Whether a value holds code (a function, a class, a stand-in) anywhere. */
const containsCode = (value: unknown): boolean =>
  isCode(value) || (Array.isArray(value) ? value.some(containsCode) : isObject(value) && Object.values(value).some(containsCode));

/** Everything else the generator does not do: presets, plugins and themes it does not know, theme settings, scripts, styles. */
function unsupportedNotes({ config, themeConfig, note }: Context): void {
  const handled = new Set(['@docusaurus/plugin-content-docs', '@docusaurus/plugin-content-blog', '@docusaurus/plugin-content-pages', '@docusaurus/theme-mermaid', '@docusaurus/plugin-sitemap', '@docusaurus/plugin-client-redirects']);
  for (const preset of presetsOf(config)) {
    if (!classicLike(preset)) { note(`Preset ${preset.name} kent de generator niet; overgeslagen.`); continue; }
    if (!isClassic(preset.name)) note(`Preset ${preset.name}: de opties docs, blog en pages zijn overgenomen zoals bij preset-classic; wat de preset verder doet, niet.`);
    for (const key of Object.keys(preset.options).filter((k) => !['docs', 'blog', 'pages', 'theme', 'gtag', 'googleAnalytics', 'googleTagManager', 'sitemap', 'debug', 'svgr'].includes(k))) note(`Preset ${isClassic(preset.name) ? 'classic' : preset.name}: de optie ${key} is overgeslagen.`);
  }
  const themeNames = new Set(themesOf(config).map((t) => t.name));
  for (const name of pluginAndThemeNames(config)) {
    if (handled.has(name) || isLocalPlugin(name) || / \(een functie in de configuratie\)$/.test(name) || /search|matomo|google-(gtag|analytics|tag-manager)/i.test(name)) continue;
    note(`${themeNames.has(name) ? 'Thema' : 'Plugin'} ${name} kent de generator niet; overgeslagen.`);
  }
  // The theme's own settings: what the generator's theme does by itself is not listed (social cards, table
  // of contents, the docs sidebar, mermaid); the rest is.
  const themeKeysSeen = new Set(['navbar', 'footer', 'colorMode', 'announcementBar', 'algolia', 'prism', 'image', 'metadata', 'docs', 'blog', 'tableOfContents', 'mermaid', 'hideableSidebar']);
  for (const key of Object.keys(themeConfig).filter((k) => !themeKeysSeen.has(k))) note(`themeConfig.${key} is overgeslagen: het thema van de generator kent het niet.`);
  if (Array.isArray(config.scripts) && config.scripts.length) note('scripts: de generator laadt geen eigen scripts (de Content Security Policy staat ze niet toe).');
  if (Array.isArray(config.stylesheets) && config.stylesheets.length) note('stylesheets: de generator laadt geen eigen stylesheets; hij gebruikt zijn eigen thema.');
  if (Array.isArray(config.headTags) && config.headTags.length) note('headTags: de generator voegt geen eigen tags aan de <head> toe.');
  if (config.clientModules !== undefined) note('clientModules: de generator laadt geen code van de site in de browser.');
  const markdown = isObject(config.markdown) ? config.markdown : {};
  if (isCode(markdown.preprocessor) || isCode(markdown.parseFrontMatter)) note('markdown.preprocessor/parseFrontMatter zijn code en worden niet uitgevoerd.');
  if (isObject(themeConfig.prism) && Array.isArray(themeConfig.prism.additionalLanguages) && themeConfig.prism.additionalLanguages.length) {
    note('prism.additionalLanguages is niet nodig: de generator kleurt code met Shiki, dat de meeste talen kent.');
  }
}

/**
 * Docusaurus sets the front matter policies per plugin; ours hold for the whole site: the most
 * lenient value, so that nothing fails here that Docusaurus let through.
 */
function frontmatterOf({ note }: Context, docsPlugins: ReadonlyArray<DocsPluginOptions>, blogs: ReadonlyArray<Data>): Data {
  const policies = ['ignore', 'log', 'warn', 'throw'];
  const frontmatter: Data = {};
  for (const [key, sources] of [
    ['onInlineTags', [...docsPlugins.map((p) => p.options), ...blogs]],
    ['onInlineAuthors', blogs],
  ] as const) {
    const values = [...new Set(sources.map((o) => o[key]).filter((v): v is string => typeof v === 'string' && policies.includes(v)))];
    if (values.length === 0) continue;
    frontmatter[key] = [...values].sort((a, b) => policies.indexOf(a) - policies.indexOf(b))[0];
    if (values.length > 1) note(`${key} verschilt per plugin (${values.join(', ')}); site.yml neemt "${String(frontmatter[key])}" voor de hele site.`);
  }
  return frontmatter;
}

/** The options of every `@docusaurus/plugin-client-redirects` instance. */
export const clientRedirectsOptions = (config: Data): Data[] =>
  pluginsOf(config).filter((p) => p.name === '@docusaurus/plugin-client-redirects').map((p) => p.options);

/**
 * `@docusaurus/plugin-client-redirects` as `redirects` in site.yml: its `redirects` list (`from` a path or
 * a list of paths), `fromExtensions` and `toExtensions` carry over as they are; the build checks them.
 * `createRedirects` is code that needs the site's routes: migrate.ts runs it and adds its rules.
 */
function redirectsOf({ config, note }: Context): Data | null {
  const instances = clientRedirectsOptions(config);
  if (instances.length === 0) return null;
  const texts = (v: unknown): string[] => (Array.isArray(v) ? v.filter((e): e is string => typeof e === 'string') : []);
  const rules = instances.flatMap((options) => (Array.isArray(options.redirects) ? options.redirects : []).flatMap((rule: unknown, i) => {
    const from = isObject(rule) ? (typeof rule.from === 'string' ? rule.from : Array.isArray(rule.from) && rule.from.length && rule.from.every((f) => typeof f === 'string') ? rule.from : undefined) : undefined;
    const to = isObject(rule) ? str(rule.to) : undefined;
    if (from === undefined || to === undefined) {
      note(`client-redirects: redirects[${i}] heeft geen from en to als pad; overgeslagen.`);
      return [];
    }
    return [{ from, to }];
  }));
  const fromExtensions = [...new Set(instances.flatMap((o) => texts(o.fromExtensions)))];
  const toExtensions = [...new Set(instances.flatMap((o) => texts(o.toExtensions)))];
  for (const options of instances) {
    for (const key of Object.keys(options).filter((k) => !['id', 'redirects', 'fromExtensions', 'toExtensions', 'createRedirects'].includes(k))) note(`client-redirects: de optie ${key} is overgeslagen.`);
  }
  return {
    ...(rules.length ? { rules } : {}),
    ...(fromExtensions.length ? { fromExtensions } : {}),
    ...(toExtensions.length ? { toExtensions } : {}),
  };
}

/**
 * A site with its own React components builds with unknown components as warnings, with a comment saying why.
 * Site code runs only when the configuration names it: the components folder and the theme's component map
 * (`src/theme/MDXComponents`) are named here, once.
 */
function mdxOf({ exists, files, note }: Context): { value: Data; comment: string } | null {
  if (!exists('src/components') && !exists('src/theme')) return null;
  const componentMap = files.find((f) => /^src\/theme\/MDXComponents(\/index)?\.(js|jsx|ts|tsx)$/.test(f));
  const comment = [
    ' De site heeft eigen React-componenten (src/components). Met unknownComponents: warn bouwt de site al,',
    ' en noemt de build elk component dat de generator niet kan laden, met de plaatsen waar het staat.',
    ' Zet ze over (zie docs/migrating.md) en zet deze instelling daarna op error.',
    ' components noemt de map met de componenten: alleen code die de configuratie noemt, draait (in een afgeschermd proces).',
    ...(componentMap ? [' componentMap noemt src/theme/MDXComponents: de componenten die het toevoegt, werken in elke MDX-pagina zonder import.'] : []),
  ].join('\n');
  const mapFolder = componentMap?.replace(/\/index\.\w+$/, '');
  if (files.some((f) => f.startsWith('src/theme/') && f !== componentMap && !(mapFolder && componentMap !== mapFolder && f.startsWith(`${mapFolder}/`)))) {
    note('src/theme (swizzled onderdelen van het Docusaurus-thema) wordt niet gebruikt: de generator heeft zijn eigen thema.');
  }
  return { value: { unknownComponents: 'warn', ...(exists('src/components') ? { components: 'src/components' } : {}), ...(componentMap ? { componentMap } : {}) }, comment };
}

/** The site's own CSS (theme.customCss of the presets): it loads after the theme's, with a comment on how to switch it off. */
function customCssOf({ config, rel }: Context): { value: Data; comment: string } | null {
  const files = presetsOf(config).filter(classicLike).flatMap((preset) => {
    const theme = preset.options.theme;
    return isObject(theme) ? [theme.customCss].flat().filter((f): f is string => typeof f === 'string').map(rel) : [];
  });
  if (files.length === 0) return null;
  const comment = [
    ' De eigen CSS van de site (theme.customCss) laadt na het thema; --ifm-kleuren en -lettertypen gaan naar de tokens van het thema.',
    ' Met load: false bouwt de site in het eigen thema van de generator (zie docs/theme.md).',
  ].join('\n');
  return { value: { files }, comment };
}

/**
 * Where the configuration holds a stand-in for a package that is not installed, as
 * `[path, package]`. Plugins, presets and themes named by a stand-in are listed elsewhere
 * (as plugins the generator does not know), as are remark and rehype plugins; prism's code
 * colours do not matter here.
 */
export function standInsIn(config: Data): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  const walk = (value: unknown, where: string) => {
    // remark, rehype and recma plugins are code that never runs here; they have a note of their own.
    if (/^themeConfig\.prism\b/.test(where) || /Plugins\[\d+\]/.test(where)) return;
    if (isObject(value) && typeof value.$stub === 'string') {
      if (!/^(plugins|presets|themes)\[\d+\](\[0\])?$/.test(where)) found.push([where, value.$stub.split(/[.(]/)[0]!]);
    }
    else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${where}[${i}]`));
    else if (isObject(value)) for (const [key, v] of Object.entries(value)) walk(v, where ? `${where}.${key}` : key);
  };
  walk(config, '');
  return found;
}

/** The item types a sidebars data file may hold (and the generator reads). */
const sidebarItemTypes = new Set(['doc', 'ref', 'category', 'link', 'html', 'autogenerated']);

/**
 * A sidebars object as data: items that are code (a function), of a type the
 * generator does not read, or otherwise not data are left out, each with a
 * note naming the sidebar; null when there is nothing usable.
 */
export function sidebarData(value: unknown, file: string, notes: string[]): Data | null {
  if (value === undefined) return null;
  if (!isObject(value) || isCode(value)) {
    notes.push(`${file} levert geen zijbalkobject op (${isCode(value) ? `code: ${codeName(value)}` : typeof value}); de zijbalk wordt uit de mappen gemaakt.`);
    return null;
  }
  const item = (raw: unknown, where: string): unknown[] => {
    if (typeof raw === 'string') return [raw];
    if (isCode(raw)) { notes.push(`${file}: ${where} is code (${codeName(raw)}) en is weggelaten.`); return []; }
    if (!isObject(raw)) { notes.push(`${file}: ${where} is geen zijbalkitem (${JSON.stringify(raw)}) en is weggelaten.`); return []; }
    const type = raw.type;
    if (type === undefined && !('label' in raw) && Object.keys(raw).length === 1) {
      // The shorthand `{ Label: [items] }` is a category.
      const [label, children] = Object.entries(raw)[0]!;
      return [{ [label]: list(children, `${where} › ${label}`) }];
    }
    if (typeof type !== 'string' || !sidebarItemTypes.has(type)) {
      notes.push(`${file}: ${where} heeft het type ${JSON.stringify(type)}, dat de generator niet kent; weggelaten.`);
      return [];
    }
    const cleaned = clean(raw, where) as Data;
    if (type === 'category') cleaned.items = list(raw.items, `${where} › ${str(raw.label) ?? 'categorie'}`);
    return [cleaned];
  };
  // Keys that are code in an otherwise good item are dropped, the item stays.
  const clean = (raw: Data, where: string): Data => Object.fromEntries(Object.entries(raw).filter(([key, v]) => {
    if (!isCode(v)) return true;
    notes.push(`${file}: ${where}: ${key} is code (${codeName(v)}) en is weggelaten.`);
    return false;
  }));
  const list = (raw: unknown, where: string): unknown[] => {
    if (Array.isArray(raw)) return raw.flatMap((r, i) => item(r, `${where} [${i + 1}]`));
    if (isObject(raw) && !isCode(raw) && raw.type === undefined) {
      // `{ Label: [items], Other: [items] }`: categories by label, kept in this shorthand.
      return [Object.fromEntries(Object.entries(raw).map(([label, children]) => [label, list(children, `${where} › ${label}`)]))];
    }
    return item(raw, where);
  };
  // A sidebar written as `{ Label: [items] }` stays an object: the data file is what sidebars.js exports.
  const sidebar = (items: unknown, where: string): unknown => (isObject(items) && !isCode(items) && items.type === undefined
    ? Object.fromEntries(Object.entries(items).map(([label, children]) => [label, list(children, `${where} › ${label}`)]))
    : list(items, where));
  return Object.fromEntries(Object.entries(value).map(([id, items]) => [id, sidebar(items, `zijbalk "${id}"`)]));
}
