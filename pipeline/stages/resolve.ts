/**
 * Stage 4, resolve: the whole-corpus pass. Gives every entry its permalink,
 * checks tag and author references against their registries, builds the
 * sidebars and prev/next order, and drops drafts from production builds.
 */
import type { Root, Nodes } from 'mdast';
import type { AuthorDefinition, Config, DocsVersion, TagDefinition } from '../model.ts';
import { error, placeOf, startOfFile, type Problem } from '../problem.ts';
import { closest } from './text.ts';
import type { DocEntry, DocsPlugin, Entry, PageEntry, PostEntry, Validated } from './validate.ts';

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

/** Title and description are frontmatter fields; the description falls back to the first paragraph later. */
function resolveTags(entry: Entry, area: 'kennisbank' | 'communities' | 'blog' | null, tags: Validated['tags'], problems: Problem[]): TagRef[] {
  const keys = entry.frontmatter.tags ?? [];
  return keys.flatMap((key, i) => {
    const def = tags.get(key);
    if (!def) {
      const suggestion = closest(key, tags.keys());
      problems.push(error('unknown-tag', entry.file.display, entry.locate(['tags', i]),
        `De tag "${key}" staat niet in content/tags.yml.${suggestion ? ` Bedoel je "${suggestion}"?` : ''} Voeg de tag daar toe met een label en beschrijving, of gebruik een bestaande tag.`));
      return [];
    }
    return [{
      key,
      label: def.value.label,
      description: def.value.description ?? '',
      permalink: area ? tagPermalink(area, key, def.value.permalink) : '',
    }];
  });
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

function folderItems(node: FolderNode, plugin: DocsPlugin, categories: Validated['categories'], problems: Problem[]): SidebarItem[] {
  const listed = (d: Doc) => !d.unlisted;
  const items: Positioned[] = [
    ...node.docs.filter(listed).map((doc) => ({
      position: doc.entry.frontmatter.sidebar_position ?? Number.MAX_SAFE_INTEGER,
      name: doc.id,
      item: { type: 'link', label: doc.sidebarLabel, href: doc.permalink, docId: doc.id } as const,
    })),
    ...[...node.folders.values()].map((child) => {
      const category = categories.get(`${plugin}/${child.folder}`);
      const linked = category?.link?.type === 'doc' ? category.link.id : null;
      const linkedDoc = linked ? [...child.docs, ...(child.index ? [child.index] : [])].find((d) => d.id === linked || d.id === `${child.folder}/${linked}`) ?? null : null;
      const index = child.index && listed(child.index) ? child.index : linkedDoc;
      if (!child.index && !linkedDoc) {
        const doc = firstDoc(child);
        if (doc) {
          problems.push(error('config-sidebar', doc.entry.file.display, startOfFile,
            `De zijbalkcategorie "${child.folder}" heeft geen link: de map heeft geen index.md. Voeg ${plugin}/${child.folder}/index.md toe met een inleiding, of een _category_.json met "link": { "type": "doc", "id": "..." }.`));
        }
      }
      return {
        position: category?.position ?? child.index?.entry.frontmatter.sidebar_position ?? Number.MAX_SAFE_INTEGER,
        name: child.folder,
        item: {
          type: 'category',
          label: category?.label ?? index?.sidebarLabel ?? child.folder.split('/').pop() ?? child.folder,
          href: index?.permalink ?? null,
          docId: index?.id ?? child.index?.id ?? null,
          description: category?.description ?? index?.description ?? null,
          collapsed: category?.collapsed ?? true,
          items: folderItems(child, plugin, categories, problems),
        },
      } as const;
    }),
  ];
  return items.sort((a, b) => a.position - b.position || a.name.localeCompare(b.name, 'nl')).map((p) => p.item);
}

function buildSidebars(docs: ReadonlyArray<Doc>, categories: Validated['categories'], problems: Problem[]): Sidebar[] {
  const sidebars: Sidebar[] = [];
  const kennisbank = folderTree(docs.filter((d) => d.plugin === 'kennisbank'));
  const home = kennisbank.index && !kennisbank.index.unlisted ? kennisbank.index : null;
  const areaItems = folderItems(kennisbank, 'kennisbank', categories, problems);
  const wrap = (items: ReadonlyArray<SidebarItem>): SidebarItem => ({
    type: 'category', label: 'Kennisbank', href: home?.permalink ?? null, docId: home?.id ?? null,
    description: null, collapsed: false, items,
  });
  // The overview sidebar lists the areas; each area has its own sidebar wrapped in "Kennisbank".
  sidebars.push({
    id: 'overview',
    plugin: 'kennisbank',
    items: [wrap(areaItems.map((item) => (item.type === 'category' ? { ...item, items: [] } : item)))],
  });
  for (const item of areaItems) {
    if (item.type !== 'category' || !item.docId) continue;
    sidebars.push({ id: item.docId.replace(/\/index$/, ''), plugin: 'kennisbank', items: [wrap([{ ...item, collapsed: false }])] });
  }
  const communities = folderTree(docs.filter((d) => d.plugin === 'communities'));
  const communitiesHome = communities.index && !communities.index.unlisted ? communities.index : null;
  sidebars.push({
    id: 'communities',
    plugin: 'communities',
    items: [{
      type: 'category', label: 'Communities', href: communitiesHome?.permalink ?? null, docId: communitiesHome?.id ?? null,
      description: null, collapsed: false, items: folderItems(communities, 'communities', categories, problems),
    }],
  });
  return sidebars;
}

/** Which sidebar a doc belongs to: its top-level folder in the kennisbank, `overview` for the root. */
const sidebarIdOf = (plugin: DocsPlugin, id: string, explicit: string | null | undefined): string | null => {
  if (explicit !== undefined) return explicit;
  if (plugin === 'communities') return 'communities';
  return id.includes('/') ? (id.split('/')[0] ?? null) : 'overview';
};

// ---------------------------------------------------------------------------

export function resolve(validated: Validated, mode: Mode): { site: Site | null; problems: Problem[] } {
  const problems: Problem[] = [];
  const { config } = validated;
  if (!config) return { site: null, problems };
  const include = (e: Entry) => mode === 'development' || e.frontmatter.draft !== true;
  const draftPermalinks = new Set<string>();
  const draftFiles = new Set<string>();
  const leaveOut = (e: Entry, permalink: string) => { draftPermalinks.add(permalink); draftFiles.add(e.file.path); };

  const docs: Doc[] = [];
  const posts: Post[] = [];
  const pages: Page[] = [];
  const authors = [...validated.authors].map(([key, def]) => toAuthor(key, def.value)).sort((a, b) => a.key.localeCompare(b.key, 'nl'));

  for (const entry of validated.entries) {
    const fm = entry.frontmatter;
    const common = {
      title: fm.title,
      description: fm.description ?? null,
      draft: fm.draft === true,
      unlisted: fm.unlisted === true,
    };
    if (entry.kind === 'doc') {
      const permalink = docPermalink(entry.plugin, entry.id, fm.slug);
      if (!include(entry)) { leaveOut(entry, permalink); continue; }
      docs.push({
        ...common, entry, permalink, plugin: entry.plugin, id: entry.id,
        tags: resolveTags(entry, entry.plugin, validated.tags, problems),
        sidebarLabel: entry.frontmatter.sidebar_label ?? fm.title,
        sidebarId: sidebarIdOf(entry.plugin, entry.id, entry.frontmatter.displayed_sidebar),
        isCategoryIndex: entry.id.endsWith('/index') || entry.id === 'index',
      });
    } else if (entry.kind === 'post') {
      const permalink = fm.slug?.startsWith('/') ? fm.slug : postPermalink(entry.date, fm.slug ?? entry.slug);
      if (!hasTruncateMarker(entry.tree)) {
        problems.push(error('missing-truncate', entry.file.display, startOfFile,
          'Deze blogpost heeft geen afkapregel. Zet `<!-- truncate -->` op een eigen regel na de inleiding: de tekst daarboven verschijnt in de bloglijst.'));
      }
      const postAuthors = entry.frontmatter.authors.flatMap((key, i) => {
        const author = authors.find((a) => a.key === key);
        if (!author) {
          const suggestion = closest(key, authors.map((a) => a.key));
          problems.push(error('unknown-author', entry.file.display, entry.locate(['authors', i]),
            `De auteur "${key}" staat niet in content/blog/authors.yml.${suggestion ? ` Bedoel je "${suggestion}"?` : ''} Voeg de auteur daar toe of gebruik een bestaande sleutel.`));
          return [];
        }
        return [author];
      });
      if (!include(entry)) { leaveOut(entry, permalink); continue; }
      posts.push({ ...common, entry, permalink, date: entry.date, authors: postAuthors, tags: resolveTags(entry, 'blog', validated.tags, problems) });
    } else {
      const permalink = pagePermalink(entry.id, fm.slug);
      if (!include(entry)) { leaveOut(entry, permalink); continue; }
      pages.push({ ...common, entry, permalink, tags: resolveTags(entry, null, validated.tags, problems) });
    }
  }
  posts.sort((a, b) => b.date.localeCompare(a.date, 'nl') || a.permalink.localeCompare(b.permalink, 'nl'));

  const sidebars = buildSidebars(docs, validated.categories, problems);
  const configFile = 'dist-config/site.yml';
  for (const doc of docs) {
    if (doc.sidebarId !== null && !sidebars.some((s) => s.id === doc.sidebarId)) {
      problems.push(error('config-sidebar', doc.entry.file.display, doc.entry.locate(['displayed_sidebar']),
        `De zijbalk "${doc.sidebarId}" bestaat niet. Kies een van: ${sidebars.map((s) => s.id).join(', ')}.`));
    }
  }
  for (const doc of docs) {
    for (const field of ['pagination_next', 'pagination_prev'] as const) {
      const target = doc.entry.frontmatter[field];
      if (typeof target === 'string' && !docs.some((d) => d.plugin === doc.plugin && d.id === target)) {
        problems.push(error('config-doc-id', doc.entry.file.display, doc.entry.locate([field]),
          `\`${field}\` noemt doc "${target}", maar ${doc.plugin} heeft geen doc met die id. Gebruik een bestaande doc-id (het pad zonder .md, zoals apis/problem-details) of null.`));
      }
    }
  }
  const at = validated.configPlace;
  config.navbar.items.forEach((item, i) => {
    const plugin = 'docsPluginId' in item && item.docsPluginId ? item.docsPluginId : 'kennisbank';
    if (item.type === 'doc' && !docs.some((d) => d.plugin === plugin && d.id === item.docId)) {
      problems.push(error('config-doc-id', configFile, at(['navbar', 'items', i, 'docId']), `Navbar-item "${item.label}" verwijst naar doc "${item.docId}", maar die bestaat niet in ${plugin}. Gebruik een bestaande doc-id.`));
    }
    if (item.type === 'docSidebar' && !sidebars.some((s) => s.id === item.sidebarId)) {
      problems.push(error('config-sidebar', configFile, at(['navbar', 'items', i, 'sidebarId']), `Navbar-item "${item.label}" verwijst naar zijbalk "${item.sidebarId}", maar die bestaat niet. Kies een van: ${sidebars.map((s) => s.id).join(', ')}.`));
    }
  });

  const plugins: DocsPlugin[] = ['kennisbank', 'communities'];
  const versions: Version[] = plugins.flatMap((plugin) =>
    config.docs.versions.map((v, i) => {
      if (!docs.some((d) => d.plugin === plugin && d.id === v.mainDocId)) {
        problems.push(error('config-doc-id', configFile, at(['docs', 'versions', i, 'mainDocId']), `Docs-versie "${v.name}" noemt hoofddoc "${v.mainDocId}", maar ${plugin} heeft geen doc met die id. Maak ${plugin}/${v.mainDocId}.md aan of pas mainDocId aan.`));
      }
      return {
        ...v, plugin, isLast: i === 0,
        docIds: docs.filter((d) => d.plugin === plugin).map((d) => d.id),
        sidebarIds: sidebars.filter((s) => s.plugin === plugin).map((s) => s.id),
        draftIds: docs.filter((d) => d.plugin === plugin && d.draft).map((d) => d.id),
      };
    }));

  const tags = new Map([...validated.tags].map(([k, v]) => [k, v.value] as const));
  return { site: { mode, config, docs, posts, pages, tags, authors, sidebars, versions, draftPermalinks, draftFiles }, problems };
}

