/**
 * Stage 4, resolve: the whole-corpus pass. Gives every entry its permalink,
 * checks tag and author references against their registries, builds the
 * sidebars and prev/next order, and drops drafts from production builds.
 */
import type { Root, Nodes } from 'mdast';
import { pipe } from 'fp-ts/function';
import type { AuthorDefinition, Config, DocsVersion, TagDefinition } from '../model.ts';
import { error, startOfFile, type Problem } from '../problem.ts';
import { closest } from './text.ts';
import { all, chain, collect, failed, map, ok, tell, traverse, withProblems, type Result } from '../result.ts';
import type { DocEntry, DocsPlugin, Entry, PageEntry, PostEntry, Registry, Validated } from './validate.ts';

export type Mode = 'development' | 'production';

export interface TagRef {
  readonly key: string;
  readonly label: string;
  readonly description: string;
  /** The tag page in the entry's own area (`/kennisbank/tags/api`, `/blog/tags/api`). */
  readonly permalink: string;
}

export interface Author {
  readonly key: string;
  readonly name: string;
  readonly title: string | null;
  readonly url: string | null;
  readonly imageUrl: string | null;
  readonly email: string | null;
  readonly socials: ReadonlyArray<{ readonly network: string; readonly url: string }>;
  readonly permalink: string | null;
}

interface Resolved<E extends Entry> {
  readonly entry: E;
  readonly permalink: string;
  readonly title: string;
  readonly description: string | null;
  readonly tags: ReadonlyArray<TagRef>;
  readonly draft: boolean;
  readonly unlisted: boolean;
}

export interface Doc extends Resolved<DocEntry> {
  readonly plugin: DocsPlugin;
  readonly id: string;
  readonly sidebarLabel: string;
  readonly sidebarId: string | null;
  /** A folder's `index.md`: it introduces a category and lists its children. */
  readonly isCategoryIndex: boolean;
}

export interface Post extends Resolved<PostEntry> {
  readonly date: string;
  readonly authors: ReadonlyArray<Author>;
}

export type Page = Resolved<PageEntry>;

export type SidebarItem =
  | { readonly type: 'link'; readonly label: string; readonly href: string; readonly docId: string | null }
  | {
      readonly type: 'category';
      readonly label: string;
      readonly href: string | null;
      readonly docId: string | null;
      readonly description: string | null;
      readonly collapsed: boolean;
      readonly items: ReadonlyArray<SidebarItem>;
    };

export interface Sidebar {
  readonly id: string;
  readonly plugin: DocsPlugin;
  readonly items: ReadonlyArray<SidebarItem>;
}

/** Spec section 3: a docs version with its docs, sidebars and draft ids. */
export interface Version extends DocsVersion {
  readonly plugin: DocsPlugin;
  readonly isLast: boolean;
  readonly docIds: ReadonlyArray<string>;
  readonly sidebarIds: ReadonlyArray<string>;
  readonly draftIds: ReadonlyArray<string>;
}

export interface Site {
  readonly mode: Mode;
  readonly config: Config;
  /** Published docs (and drafts in development), in file order. */
  readonly docs: ReadonlyArray<Doc>;
  /** Published posts, newest first (drafts only in development). */
  readonly posts: ReadonlyArray<Post>;
  readonly pages: ReadonlyArray<Page>;
  readonly tags: ReadonlyMap<string, TagDefinition>;
  readonly authors: ReadonlyArray<Author>;
  readonly sidebars: ReadonlyArray<Sidebar>;
  readonly versions: ReadonlyArray<Version>;
  /** Permalinks of drafts left out of this build, so links to them can be reported. */
  readonly draftPermalinks: ReadonlySet<string>;
  /** Content paths of those drafts, for relative `.md` links. */
  readonly draftFiles: ReadonlySet<string>;
}

// ---------------------------------------------------------------------------
// Permalinks: one function per area, nothing else makes these URLs.

const join = (base: string, rest: string) => `${base}/${rest}`.replace(/\/+/g, '/');

export function docPermalink(plugin: DocsPlugin, id: string, slug?: string): string {
  const base = `/${plugin}`;
  if (slug?.startsWith('/')) return join(base, slug.slice(1)) || base;
  if (id === 'index') return plugin === 'kennisbank' ? base : `${base}/`;
  if (id.endsWith('/index')) return `${join(base, id.slice(0, -'/index'.length))}/`;
  return join(base, id);
}

export function postPermalink(date: string, slug: string): string {
  const [y, m, d] = date.split('-');
  return `/blog/${y}/${m}/${d}/${slug}`;
}

export function pagePermalink(id: string, slug?: string): string {
  if (slug?.startsWith('/')) return slug;
  if (id === 'index') return '/';
  if (id.endsWith('/index')) return `/${id.slice(0, -'/index'.length)}/`;
  return `/${id}`;
}

export const tagPermalink = (area: 'kennisbank' | 'communities' | 'blog', key: string, permalink?: string) =>
  `/${area}/tags/${(permalink ?? key).replace(/^\//, '')}`;

export const authorPermalink = (key: string) => `/blog/authors/${key}`;

// ---------------------------------------------------------------------------

/** The truncation marker: `<!-- truncate -->` (Markdown) or `{/* truncate *\/}` (MDX style). */
export const isTruncateMarker = (node: Nodes): boolean =>
  (node.type === 'html' && /^<!--\s*truncate\s*-->$/.test(node.value.trim())) ||
  (node.type === 'paragraph' && node.children.length === 1 && node.children[0]?.type === 'text' && /^\{\/\*\s*truncate\s*\*\/\}$/.test(node.children[0].value.trim()));

export const hasTruncateMarker = (tree: Root): boolean => tree.children.some(isTruncateMarker);

/**
 * Whether a key missing from `registry` is the author's to fix where it is
 * used. It is not when the file gave no definitions at all (one problem at
 * the file says why and counts the uses: `registryProblems`) or refused this
 * key's definition (reported at its line).
 */
const reportedAtUse = (registry: Registry<unknown>, key: string): boolean => !registry.unusable && !registry.refused.has(key);

/** The entry's tags against the registry; an unknown key drops out, with a problem at its place when it is the author's typo. */
function resolveTags(entry: Entry, area: 'kennisbank' | 'communities' | 'blog' | null, registry: Validated['tags']): Result<ReadonlyArray<TagRef>> {
  const tags = registry.entries;
  return collect((key: string, i): Result<TagRef> => {
    const def = tags.get(key);
    if (!def) {
      if (!reportedAtUse(registry, key)) return failed([]);
      const suggestion = closest(key, tags.keys());
      return failed([error('unknown-tag', entry.file.display, entry.locate(['tags', i]),
        `De tag "${key}" staat niet in ${registry.file}.${suggestion ? ` Bedoel je "${suggestion}"?` : ''} Voeg de tag daar toe met een label en beschrijving, of gebruik een bestaande tag.`)]);
    }
    return ok({
      key,
      label: def.value.label,
      description: def.value.description ?? '',
      permalink: area ? tagPermalink(area, key, def.value.permalink) : '',
    });
  })(entry.frontmatter.tags ?? []);
}

function toAuthor(key: string, def: AuthorDefinition): Author {
  return {
    key,
    name: def.name,
    title: def.title ?? null,
    url: def.url ?? null,
    imageUrl: def.image_url ?? null,
    email: def.email ?? null,
    socials: Object.entries(def.socials ?? {}).sort(([a], [b]) => a.localeCompare(b, 'nl')).map(([network, handle]) => ({
      network,
      url: /^https?:\/\//.test(handle) ? handle : socialUrl(network, handle),
    })),
    permalink: def.page === false ? null : authorPermalink(key),
  };
}

const socialUrl = (network: string, handle: string): string => {
  const hosts: Record<string, string> = {
    github: 'https://github.com/', gitlab: 'https://gitlab.com/', linkedin: 'https://www.linkedin.com/in/',
    mastodon: 'https://social.overheid.nl/@', x: 'https://x.com/', bluesky: 'https://bsky.app/profile/',
  };
  return `${hosts[network] ?? 'https://'}${handle}`;
};

// ---------------------------------------------------------------------------
// Sidebars

interface FolderNode {
  readonly folder: string;
  index: Doc | null;
  readonly docs: Doc[];
  readonly folders: Map<string, FolderNode>;
}

const newFolder = (folder: string): FolderNode => ({ folder, index: null, docs: [], folders: new Map() });

function folderTree(docs: ReadonlyArray<Doc>): FolderNode {
  const root = newFolder('');
  for (const doc of docs) {
    const parts = doc.id.split('/');
    const name = parts.pop() ?? '';
    let node = root;
    for (const part of parts) {
      const folder = node.folder ? `${node.folder}/${part}` : part;
      if (!node.folders.has(part)) node.folders.set(part, newFolder(folder));
      node = node.folders.get(part) as FolderNode;
    }
    if (name === 'index') node.index = doc;
    else node.docs.push(doc);
  }
  return root;
}

interface Positioned { readonly position: number; readonly name: string; readonly item: SidebarItem }

/** The first doc anywhere below a folder, to give a folder-level problem a file to point at. */
const firstDoc = (node: FolderNode): Doc | null =>
  node.index ?? node.docs[0] ?? [...node.folders.values()].map(firstDoc).find((d) => d !== null) ?? null;

const listed = (d: Doc) => !d.unlisted;

/** A folder's listed docs and subfolders, in sidebar order (position, then name). */
function folderItems(node: FolderNode, plugin: DocsPlugin, categories: Validated['categories']): Result<SidebarItem[]> {
  const links: Positioned[] = node.docs.filter(listed).map((doc) => ({
    position: doc.entry.frontmatter.sidebar_position ?? Number.MAX_SAFE_INTEGER,
    name: doc.id,
    item: { type: 'link', label: doc.sidebarLabel, href: doc.permalink, docId: doc.id },
  }));
  return pipe(
    [...node.folders.values()],
    traverse((child) => categoryItem(child, plugin, categories)),
    map((folders) => [...links, ...folders].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name, 'nl')).map((p) => p.item)),
  );
}

/** A folder as a sidebar category, its own items inside. */
function categoryItem(child: FolderNode, plugin: DocsPlugin, categories: Validated['categories']): Result<Positioned> {
  const category = categories.get(`${plugin}/${child.folder}`);
  const linked = category?.link?.type === 'doc' ? category.link.id : null;
  const linkedDoc = linked ? [...child.docs, ...(child.index ? [child.index] : [])].find((d) => d.id === linked || d.id === `${child.folder}/${linked}`) ?? null : null;
  const index = child.index && listed(child.index) ? child.index : linkedDoc;
  const unlinked = !child.index && !linkedDoc ? firstDoc(child) : null;
  return pipe(
    folderItems(child, plugin, categories),
    map((items): Positioned => ({
      position: category?.position ?? child.index?.entry.frontmatter.sidebar_position ?? Number.MAX_SAFE_INTEGER,
      name: child.folder,
      item: {
        type: 'category',
        label: category?.label ?? index?.sidebarLabel ?? child.folder.split('/').pop() ?? child.folder,
        href: index?.permalink ?? null,
        docId: index?.id ?? child.index?.id ?? null,
        description: category?.description ?? index?.description ?? null,
        collapsed: category?.collapsed ?? true,
        items,
      },
    })),
    tell(unlinked ? [error('config-sidebar', unlinked.entry.file.display, startOfFile,
      `De zijbalkcategorie "${child.folder}" heeft geen link: de map heeft geen index.md. Voeg ${plugin}/${child.folder}/index.md toe met een inleiding, of een _category_.json met "link": { "type": "doc", "id": "..." }.`)] : []),
  );
}

/** The overview sidebar, one per kennisbank area, and the communities sidebar. */
function buildSidebars(docs: ReadonlyArray<Doc>, categories: Validated['categories']): Result<Sidebar[]> {
  const kennisbank = folderTree(docs.filter((d) => d.plugin === 'kennisbank'));
  const communities = folderTree(docs.filter((d) => d.plugin === 'communities'));
  const home = kennisbank.index && !kennisbank.index.unlisted ? kennisbank.index : null;
  const communitiesHome = communities.index && !communities.index.unlisted ? communities.index : null;
  const wrap = (items: ReadonlyArray<SidebarItem>): SidebarItem => ({
    type: 'category', label: 'Kennisbank', href: home?.permalink ?? null, docId: home?.id ?? null,
    description: null, collapsed: false, items,
  });
  return pipe(
    all({
      areaItems: folderItems(kennisbank, 'kennisbank', categories),
      communityItems: folderItems(communities, 'communities', categories),
    }),
    map(({ areaItems, communityItems }): Sidebar[] => [
      // The overview sidebar lists the areas; each area has its own sidebar wrapped in "Kennisbank".
      {
        id: 'overview',
        plugin: 'kennisbank',
        items: [wrap(areaItems.map((item) => (item.type === 'category' ? { ...item, items: [] } : item)))],
      },
      ...areaItems.flatMap((item): Sidebar[] => item.type !== 'category' || !item.docId ? [] : [
        { id: item.docId.replace(/\/index$/, ''), plugin: 'kennisbank', items: [wrap([{ ...item, collapsed: false }])] },
      ]),
      {
        id: 'communities',
        plugin: 'communities',
        items: [{
          type: 'category', label: 'Communities', href: communitiesHome?.permalink ?? null, docId: communitiesHome?.id ?? null,
          description: null, collapsed: false, items: communityItems,
        }],
      },
    ]),
  );
}

/** Which sidebar a doc belongs to: its top-level folder in the kennisbank, `overview` for the root. */
const sidebarIdOf = (plugin: DocsPlugin, id: string, explicit: string | null | undefined): string | null => {
  if (explicit !== undefined) return explicit;
  if (plugin === 'communities') return 'communities';
  return id.includes('/') ? (id.split('/')[0] ?? null) : 'overview';
};

// ---------------------------------------------------------------------------

/** Where an entry is published; the same for drafts, so links to them can be reported. */
function permalinkOf(entry: Entry): string {
  const { slug } = entry.frontmatter;
  if (entry.kind === 'doc') return docPermalink(entry.plugin, entry.id, slug);
  if (entry.kind === 'post') return slug?.startsWith('/') ? slug : postPermalink(entry.date, slug ?? entry.slug);
  return pagePermalink(entry.id, slug);
}

/** What every resolved entry takes from its frontmatter; the description falls back to the first paragraph later. */
const common = ({ frontmatter: fm }: Entry) => ({
  title: fm.title,
  description: fm.description ?? null,
  draft: fm.draft === true,
  unlisted: fm.unlisted === true,
});

/** A doc with its tags, sidebar and place in the sidebar tree. */
const resolveDoc = (tags: Validated['tags']) => (entry: DocEntry): Result<Doc> => pipe(
  resolveTags(entry, entry.plugin, tags),
  map((tagRefs) => ({
    ...common(entry), entry, permalink: permalinkOf(entry), plugin: entry.plugin, id: entry.id, tags: tagRefs,
    sidebarLabel: entry.frontmatter.sidebar_label ?? entry.frontmatter.title,
    sidebarId: sidebarIdOf(entry.plugin, entry.id, entry.frontmatter.displayed_sidebar),
    isCategoryIndex: entry.id.endsWith('/index') || entry.id === 'index',
  })),
);

/** A post's authors against the registry; an unknown key drops out, with a problem at its place when it is the author's typo. */
const postAuthors = (entry: PostEntry, authors: ReadonlyArray<Author>, registry: Validated['authors']): Result<ReadonlyArray<Author>> =>
  collect((key: string, i): Result<Author> => {
    const author = authors.find((a) => a.key === key);
    if (author) return ok(author);
    if (!reportedAtUse(registry, key)) return failed([]);
    const suggestion = closest(key, authors.map((a) => a.key));
    return failed([error('unknown-author', entry.file.display, entry.locate(['authors', i]),
      `De auteur "${key}" staat niet in ${registry.file}.${suggestion ? ` Bedoel je "${suggestion}"?` : ''} Voeg de auteur daar toe of gebruik een bestaande sleutel.`)]);
  })(entry.frontmatter.authors);

/** A post; a draft left out of the build has no value, but its truncation marker and authors are still checked. */
const resolvePost = (tags: Validated['tags'], authors: ReadonlyArray<Author>, registry: Validated['authors'], include: (e: Entry) => boolean) => (entry: PostEntry): Result<Post> => pipe(
  postAuthors(entry, authors, registry),
  tell(hasTruncateMarker(entry.tree) ? [] : [error('missing-truncate', entry.file.display, startOfFile,
    'Deze blogpost heeft geen afkapregel. Zet `<!-- truncate -->` op een eigen regel na de inleiding: de tekst daarboven verschijnt in de bloglijst.')]),
  chain((byKey) => !include(entry) ? failed([]) : pipe(
    resolveTags(entry, 'blog', tags),
    map((tagRefs) => ({ ...common(entry), entry, permalink: permalinkOf(entry), date: entry.date, authors: byKey, tags: tagRefs })),
  )),
);

/** A page (`pages/`) with its tags; tag pages are per area, so its tags link nowhere. */
const resolvePage = (tags: Validated['tags']) => (entry: PageEntry): Result<Page> => pipe(
  resolveTags(entry, null, tags),
  map((tagRefs) => ({ ...common(entry), entry, permalink: permalinkOf(entry), tags: tagRefs })),
);

/** References from docs and the configuration to docs and sidebars that must exist. */
function referenceProblems(docs: ReadonlyArray<Doc>, sidebars: ReadonlyArray<Sidebar>, config: Config, at: Validated['configPlace']): Problem[] {
  const configFile = 'dist-config/site.yml';
  const hasDoc = (plugin: DocsPlugin, id: string) => docs.some((d) => d.plugin === plugin && d.id === id);
  const sidebarNames = () => sidebars.map((s) => s.id).join(', ');
  const plugins: DocsPlugin[] = ['kennisbank', 'communities'];
  return [
    ...docs.flatMap((doc) => doc.sidebarId !== null && !sidebars.some((s) => s.id === doc.sidebarId)
      ? [error('config-sidebar', doc.entry.file.display, doc.entry.locate(['displayed_sidebar']),
        `De zijbalk "${doc.sidebarId}" bestaat niet. Kies een van: ${sidebarNames()}.`)]
      : []),
    ...docs.flatMap((doc) => (['pagination_next', 'pagination_prev'] as const).flatMap((field) => {
      const target = doc.entry.frontmatter[field];
      return typeof target === 'string' && !hasDoc(doc.plugin, target)
        ? [error('config-doc-id', doc.entry.file.display, doc.entry.locate([field]),
          `\`${field}\` noemt doc "${target}", maar ${doc.plugin} heeft geen doc met die id. Gebruik een bestaande doc-id (het pad zonder .md, zoals apis/problem-details) of null.`)]
        : [];
    })),
    ...config.navbar.items.flatMap((item, i) => {
      const plugin = 'docsPluginId' in item && item.docsPluginId ? item.docsPluginId : 'kennisbank';
      return [
        ...(item.type === 'doc' && !hasDoc(plugin, item.docId)
          ? [error('config-doc-id', configFile, at(['navbar', 'items', i, 'docId']), `Navbar-item "${item.label}" verwijst naar doc "${item.docId}", maar die bestaat niet in ${plugin}. Gebruik een bestaande doc-id.`)]
          : []),
        ...(item.type === 'docSidebar' && !sidebars.some((s) => s.id === item.sidebarId)
          ? [error('config-sidebar', configFile, at(['navbar', 'items', i, 'sidebarId']), `Navbar-item "${item.label}" verwijst naar zijbalk "${item.sidebarId}", maar die bestaat niet. Kies een van: ${sidebarNames()}.`)]
          : []),
      ];
    }),
    ...plugins.flatMap((plugin) => config.docs.versions.flatMap((v, i) => hasDoc(plugin, v.mainDocId) ? [] : [
      error('config-doc-id', configFile, at(['docs', 'versions', i, 'mainDocId']), `Docs-versie "${v.name}" noemt hoofddoc "${v.mainDocId}", maar ${plugin} heeft geen doc met die id. Maak ${plugin}/${v.mainDocId}.md aan of pas mainDocId aan.`),
    ])),
  ];
}

/** The uses of a registry's keys: how many, in how many files. */
interface Uses { readonly count: number; readonly files: number }

const usesIn = (lists: ReadonlyArray<ReadonlyArray<string>>): Uses =>
  ({ count: lists.reduce((n, keys) => n + keys.length, 0), files: lists.filter((keys) => keys.length > 0).length });

/** "623 keer een tag in 170 bestanden", in the singular where it is one. */
const usesText = ({ count, files }: Uses, noun: string): string => `${count} keer een ${noun} in ${files} ${files === 1 ? 'bestand' : 'bestanden'}`;

/** What a registry holds, in the words of its problems. */
interface RegistryWords {
  readonly code: 'unknown-tag' | 'unknown-author';
  readonly noun: string;
  readonly plural: string;
  /** What one definition needs: "een label en een beschrijving". */
  readonly needs: string;
}

/**
 * A registry file that gave no definitions while keys of it are used: one
 * problem at the file that names the cause and counts the uses, instead of a
 * problem at every use (six hundred of them hid the one cause). It carries the
 * code of the cause: the YAML that could not be read (its own problem says
 * where), a file that holds no keys (also reported at its start), or the
 * unknown keys of a missing or empty file.
 */
function registryProblems(registry: Registry<unknown>, uses: Uses, words: RegistryWords): Problem[] {
  if (!registry.unusable || uses.count === 0) return [];
  const { file } = registry;
  const unknown = `geen enkele ${words.noun} is bekend (${usesText(uses, words.noun)})`;
  const define = `per ${words.noun} een sleutel met ${words.needs}`;
  switch (registry.unusable) {
    case 'missing':
      return [error(words.code, file, startOfFile, `${file} ontbreekt of kon niet worden gelezen: ${unknown}. Maak het bestand aan: ${define}.`)];
    case 'empty':
      return [error(words.code, file, startOfFile, `${file} is leeg: ${unknown}. Zet de ${words.plural} terug: ${define}.`)];
    case 'unreadable':
      return [error('yaml-syntax', file, startOfFile, `De YAML van ${file} kan niet worden gelezen (de andere melding bij dit bestand zegt waar): ${unknown}. Herstel de YAML.`)];
    case 'not-a-map':
      return [error('frontmatter-field', file, startOfFile, `${file} bevat geen ${words.plural} op sleutel: ${unknown}. Schrijf ${define}.`)];
  }
}

/** Spec section 3: every configured version of both docs plugins. */
function versionsOf(config: Config, docs: ReadonlyArray<Doc>, sidebars: ReadonlyArray<Sidebar>): Version[] {
  const plugins: DocsPlugin[] = ['kennisbank', 'communities'];
  return plugins.flatMap((plugin) => config.docs.versions.map((v, i) => ({
    ...v, plugin, isLast: i === 0,
    docIds: docs.filter((d) => d.plugin === plugin).map((d) => d.id),
    sidebarIds: sidebars.filter((s) => s.plugin === plugin).map((s) => s.id),
    draftIds: docs.filter((d) => d.plugin === plugin && d.draft).map((d) => d.id),
  })));
}

const isDoc = (e: Entry): e is DocEntry => e.kind === 'doc';
const isPost = (e: Entry): e is PostEntry => e.kind === 'post';
const isPage = (e: Entry): e is PageEntry => e.kind === 'page';

/** Stage entry. No value without a site configuration (validate reported why). */
export function resolve(validated: Validated, mode: Mode): Result<Site> {
  const { config } = validated;
  if (!config) return failed([]);
  const include = (e: Entry) => mode === 'development' || e.frontmatter.draft !== true;
  const leftOut = validated.entries.filter((e) => !include(e));
  const authors = [...validated.authors.entries].map(([key, def]) => toAuthor(key, def.value)).sort((a, b) => a.key.localeCompare(b.key, 'nl'));
  const tags = new Map([...validated.tags.entries].map(([k, v]) => [k, v.value] as const));
  // The uses resolve checks: tags of what is built, authors of every post (drafts included).
  const tagged = validated.entries.filter(include).map((e) => e.frontmatter.tags ?? []);
  const authored = validated.entries.filter(isPost).map((e) => e.frontmatter.authors);
  return pipe(
    all({
      docs: traverse(resolveDoc(validated.tags))(validated.entries.filter(isDoc).filter(include)),
      posts: pipe(
        validated.entries.filter(isPost),
        collect(resolvePost(validated.tags, authors, validated.authors, include)),
        map((posts) => [...posts].sort((a, b) => b.date.localeCompare(a.date, 'nl') || a.permalink.localeCompare(b.permalink, 'nl'))),
      ),
      pages: traverse(resolvePage(validated.tags))(validated.entries.filter(isPage).filter(include)),
    }),
    tell([
      ...registryProblems(validated.tags, usesIn(tagged), { code: 'unknown-tag', noun: 'tag', plural: 'tags', needs: 'een label en een beschrijving' }),
      ...registryProblems(validated.authors, usesIn(authored), { code: 'unknown-author', noun: 'auteur', plural: 'auteurs', needs: 'ten minste een naam' }),
    ]),
    chain(({ docs, posts, pages }) => pipe(
      buildSidebars(docs, validated.categories),
      chain((sidebars) => withProblems<Site>({
        mode, config, docs, posts, pages, tags, authors, sidebars,
        versions: versionsOf(config, docs, sidebars),
        draftPermalinks: new Set(leftOut.map(permalinkOf)),
        draftFiles: new Set(leftOut.map((e) => e.file.path)),
      }, referenceProblems(docs, sidebars, config, validated.configPlace))),
    )),
  );
}

