/**
 * Stage 3, validate: decode each parsed file with its io-ts codec and turn
 * every decoding error into a problem that names the field and its line.
 * Cross-file checks (tags, authors, links) come later, in resolve and links.
 */
import * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/function';
import type { Root } from 'mdast';
import type { SourceFile, FieldPath, Parsed, ParsedData, ParsedMarkdown, YamlData, Config, Entry } from '../types.ts';
import { AuthorDefinition, AuthorsFile, BlogFrontmatter, CategoryFile, DocFrontmatter, DocsVersion, NavbarItem, ContentConfig, DocusaurusTagDefinition, PageFrontmatter, SiteConfig, TagDefinition, knownFrontmatterKeys, navbarItemTypes } from '../model.ts';
import { error, startOfFile, warning, type Place, type Problem, type ProblemCode } from '../problem.ts';
import { fileTitle, titled } from './validate/title-from-heading.ts';
import { contentTitle, contentTitleHeading, wrappedTitleHeading, type TitleRule } from './shared/content-title.ts';
import { configHtmlWarning, sidebarsSpec, type SidebarsSpec } from './validate/sidebars-file.ts';
import { safeConfigHtml } from '../safety/html.ts';
import { keySegment } from './shared/tag-slug.ts';
import { overlongProblems } from './validate/config-limits.ts';
import { postDating } from './validate/blog-file.ts';
import { docusaurusFrontmatterKeys, unknownKeyProblems } from './validate/frontmatter-keys.ts';
import { areaOf, contentFolders, inFolder, layoutOf, outsideRoot, portalLayout } from '../layout.ts';
import type { Layout } from '../types.ts';
import { all, chain, collect, failed, map, ok, problemsOf, tell, valueOf, withProblems, type Result } from '../result.ts';
export type { EntryMemo } from '../types.ts';
import type { EntryMemo } from '../types.ts';

export interface Located<A> {
  readonly value: A;
  readonly file: string;
  readonly place: Place;
  /** Where a field of the definition is written (`['image_url']`); its key's place when it has no such field. */
  readonly locate?: (path: FieldPath) => Place;
}

/**
 * A registry file (tags.yml, authors.yml) as later stages need it: its
 * definitions, and what makes a key missing from them not the author's typo.
 */
export interface Registry<A> {
  /** The file as problems name it (`content/tags.yml`), also when there is none. */
  readonly file: string;
  readonly entries: ReadonlyMap<string, Located<A>>;
  /**
   * Why the file gives no definition at all, when it gives none: then every
   * use of a key is a consequence of that one cause, and is reported with it.
   * `unreadable` (its YAML) was reported by parse, `not-a-map` by this stage.
   */
  readonly unusable: 'missing' | 'empty' | 'unreadable' | 'not-a-map' | null;
  /** Keys the file defines whose definition was refused (reported at its line): a use of one is no unknown key. */
  readonly refused: ReadonlySet<string>;
}

/** A `_category_` file as validate read it: its fields, and where it was written (for a link to a doc that does not exist). */
export type PlacedCategory = CategoryFile & {
  readonly source?: { readonly file: string; readonly linkId: Place };
};

export interface Validated {
  readonly entries: ReadonlyArray<Entry>;
  /** Every tags file the layout names, by its path under the content root (`tags.yml`, `docs/tags.yml`). */
  readonly tags: ReadonlyMap<string, Registry<TagDefinition>>;
  readonly authors: Registry<AuthorDefinition>;
  /** `_category_.json` per folder, keyed by the docs area's id and the folder inside it (`kennisbank/apis`, `default/guides`). */
  readonly categories: ReadonlyMap<string, PlacedCategory>;
  /** The sidebars file of each docs area that names one (`sidebarPath`), by the area's id. */
  readonly sidebarFiles: ReadonlyMap<string, SidebarsSpec>;
  readonly config: Config | null;
  /** Where the content lives: the configuration's, or the portal's when there is no valid configuration. */
  readonly layout: Layout;
  /** Content paths of every Markdown file, built or not, so a link to one that could not be built can say so. */
  readonly markdownFiles: ReadonlyArray<string>;
  /** Where a field of the site configuration was written, for config problems found later. */
  readonly configPlace: (path: FieldPath) => Place;
  /** The configuration file as problems name it (`dist-config/site.yml`, or the file given with `--config`). */
  readonly configFile: string;
}

// ---------------------------------------------------------------------------
// io-ts errors → problems

const dutchType = (name: string): string => {
  if (name === 'string') return 'tekst';
  if (name === 'number') return 'een getal';
  if (name === 'boolean') return 'true of false';
  if (name === 'null') return 'leeg (null)';
  if (name === 'Array<string>') return 'een lijst met tekst';
  if (/^Array</.test(name)) return 'een lijst';
  if (/^\{/.test(name) || /^Partial</.test(name) || /^\{ \[K in string\]/.test(name)) return 'een object met velden';
  if (/^\(.*\)$/.test(name)) return dutchType(name.slice(1, -1));
  if (/ \| /.test(name)) return name.split(' | ').map(dutchType).join(' of ');
  return name;
};

const describeValue = (value: unknown): string => {
  if (value === undefined) return 'leeg';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'een lijst';
  if (typeof value === 'object') return 'een object';
  if (typeof value === 'string') return `de tekst "${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  return `${typeof value === 'number' ? 'het getal' : 'de waarde'} ${String(value)}`;
};

/** The author-facing field path of an io-ts error: intersection and union member indexes removed. */
const fieldPath = (context: t.Context): Array<string | number> => {
  const path: Array<string | number> = [];
  for (let i = 1; i < context.length; i++) {
    const parent = context[i - 1]?.type as { _tag?: string } | undefined;
    if (parent?._tag === 'IntersectionType' || parent?._tag === 'UnionType') continue;
    const key = context[i]?.key ?? '';
    path.push(/^\d+$/.test(key) && parent?._tag === 'ArrayType' ? Number(key) : key);
  }
  return path;
};

/** Decodes `data`; on failure no value, and one problem per field (union alternatives merged). */
export function decode<A>(codec: t.Type<A, unknown, unknown>, data: unknown, file: string, locate: (path: FieldPath) => Place, what: string, code: ProblemCode = 'frontmatter-field'): Result<A> {
  const result = codec.decode(data);
  if (!isLeft(result)) return ok(result.right);
  const byField = new Map<string, { path: Array<string | number>; expected: Set<string>; actual: unknown }>();
  for (const e of result.left) {
    const path = fieldPath(e.context);
    const key = path.join('.');
    const last = e.context[e.context.length - 1];
    const entry = byField.get(key) ?? { path, expected: new Set<string>(), actual: e.value };
    if (last) entry.expected.add(dutchType(last.type.name));
    byField.set(key, entry);
  }
  const problems = [...byField.values()].map(({ path, expected, actual }) => {
    const want = [...expected].join(' of ');
    const field = `\`${path.join('.')}\``;
    const message = path.length === 0
      ? `${what[0]?.toUpperCase()}${what.slice(1)} moet ${want} zijn, maar is ${describeValue(actual)}. Pas het bestand aan.`
      : actual === undefined
        ? `Het verplichte veld ${field} ontbreekt in ${what}. Voeg het toe (${want}).`
        : `Het veld ${field} in ${what} moet ${want} zijn, maar is ${describeValue(actual)}. Pas de waarde aan.`;
    return error(code === 'config-invalid' && path[0] === 'navbar' ? 'config-navbar-item' : code, file, locate(path), message);
  });
  return failed(problems);
}

// ---------------------------------------------------------------------------
// Per-kind validation

const isPlainObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Inline tags and authors (objects instead of keys) are a content-model error where the configuration refuses them (`frontmatter.onInlineTags`/`onInlineAuthors: throw`). */
function inlineProblems(data: Record<string, unknown>, yaml: YamlData, file: string, refused: InlineRules, files: { readonly tags: string; readonly authors: string }): Problem[] {
  const inline = (field: 'tags' | 'authors', registry: string): Problem[] => {
    const list = data[field];
    if (!(field === 'tags' ? refused.tags : refused.authors)) return [];
    // Docusaurus also takes one author without a list.
    if (field === 'authors' && isPlainObject(list)) {
      return [error('unknown-author', file, yaml.locate([field]), `Inline auteurs zijn niet toegestaan. Definieer de auteur in ${registry} en gebruik hier alleen de sleutel.`)];
    }
    if (!Array.isArray(list)) return [];
    return list.flatMap((item, i) => typeof item === 'string' ? [] : [
      error(field === 'tags' ? 'unknown-tag' : 'unknown-author', file, yaml.locate([field, i]),
        `Inline ${field === 'tags' ? 'tags' : 'auteurs'} zijn niet toegestaan. Definieer ${field === 'tags' ? 'de tag' : 'de auteur'} in ${registry} en gebruik hier alleen de sleutel.`),
    ]);
  };
  // Docusaurus' older one-author fields are an inline author too.
  const legacy = refused.authors && typeof data.author === 'string' ? [error('unknown-author', file, yaml.locate(['author']),
    `Inline auteurs zijn niet toegestaan, ook niet met \`author\`, \`author_title\`, \`author_url\` of \`author_image_url\`. Definieer de auteur in ${files.authors} en gebruik \`authors: [sleutel]\`.`)] : [];
  return [...inline('tags', files.tags), ...inline('authors', files.authors), ...legacy];
}

/** Whether inline tags and authors are refused (`throw`); otherwise resolve builds them (`onInlineTags`, `onInlineAuthors`). */
interface InlineRules { readonly tags: boolean; readonly authors: boolean }

const inlineRules = (config: Config | null): InlineRules => ({
  tags: config?.frontmatter?.onInlineTags === 'throw',
  authors: config?.frontmatter?.onInlineAuthors === 'throw',
});

/** The tags file and authors file a markdown file's refused inline values belong in, named as problems name files (`content/blog/authors.yml`). */
function registryNames(layout: Layout, file: { readonly path: string; readonly display: string }): { tags: string; authors: string } {
  const root = file.display.endsWith(file.path) ? file.display.slice(0, file.display.length - file.path.length) : '';
  const area = areaOf(layout, file.path);
  const tags = area && area.kind !== 'pages' ? area.area.tags : null;
  return { tags: `${root}${tags ?? 'tags.yml'}`, authors: `${root}${layout.blog?.authors ?? 'blog/authors.yml'}` };
}

/** `validateMarkdown` through the dev server's memo, when there is one. */
const remembered = (entryOf: (parsed: ParsedMarkdown) => Result<Entry>, config: string, memo: EntryMemo | undefined) => (parsed: ParsedMarkdown): Result<Entry> => {
  if (!memo) return entryOf(parsed);
  const hit = memo.get(parsed);
  if (hit?.config === config) return hit.entry;
  const entry = entryOf(parsed);
  memo.set(parsed, { config, entry });
  return entry;
};

/** A markdown file as an entry; no value when it cannot be built (its problems say why). */
const validateMarkdown = (layout: Layout, refused: InlineRules) => (parsed: ParsedMarkdown): Result<Entry> => {
  const { file, frontmatter } = parsed;
  const data = isPlainObject(frontmatter.data) ? frontmatter.data : {};
  const found = inlineProblems(data, frontmatter, file.display, refused, registryNames(layout, file));
  // Unreadable frontmatter was reported by parse; decoding nothing would only add a false "title ontbreekt".
  if (!frontmatter.ok) return failed(found);
  // Refused inline values were reported above; decode the rest so other field errors still show.
  const clean = { ...data };
  if (refused.tags && Array.isArray(clean.tags)) clean.tags = clean.tags.filter((x) => typeof x === 'string');
  if (refused.authors && Array.isArray(clean.authors)) clean.authors = clean.authors.filter((x) => typeof x === 'string');
  if (refused.authors && isPlainObject(clean.authors)) delete clean.authors;
  if (refused.authors) delete clean.author;
  const area = areaOf(layout, file.path);
  const post = area?.kind === 'blog';
  const named = titled(clean, parsed.tree, fileTitle(area?.rest ?? file.path, post), file.display, post, titleRule(area));
  return pipe(entryOf({ ...parsed, tree: named.tree }, named.data, layout), tell([...found, ...named.problems]));
};

/** A page in a pages folder takes its title from its first heading also when an element wraps it; other files from a heading that opens the body. */
const titleRule = (area: ReturnType<typeof areaOf>): TitleRule => (area?.kind === 'pages' ? wrappedTitleHeading : contentTitleHeading);

/** The entry of a markdown file by its area (the configured folder that holds it), from its cleaned frontmatter. */
function entryOf(parsed: ParsedMarkdown, clean: Record<string, unknown>, layout: Layout): Result<Entry> {
  const { file, frontmatter, tree } = parsed;
  const area = areaOf(layout, file.path);
  const base = { file, tree, locate: frontmatter.locate, contentTitle: contentTitle(tree, titleRule(area)) };
  const id = area ? area.rest.replace(/\.mdx?$/i, '') : '';
  const decoded = <A>(codec: t.Type<A, unknown, unknown>) => decode(codec, clean, file.display, frontmatter.locate, 'de frontmatter');

  if (area?.kind === 'docs') {
    return pipe(decoded(DocFrontmatter), map((fm): Entry => ({ kind: 'doc', plugin: area.area.id, id, pathInArea: area.rest, frontmatter: fm, ...base })));
  }
  if (area?.kind === 'blog') {
    return pipe(decoded(BlogFrontmatter), chain((fm) => pipe(
      postDating(area.rest, fm, file.display, frontmatter.locate),
      map(({ date, slug }): Entry => ({ kind: 'post', date, slug, frontmatter: fm, ...base })),
    )));
  }
  if (area?.kind === 'pages') {
    return pipe(decoded(PageFrontmatter), map((fm): Entry => ({ kind: 'page', id, frontmatter: fm, ...base })));
  }
  return failed([warning('frontmatter-field', file.display, startOfFile,
    `Dit bestand staat buiten ${contentFolders(layout).map((f) => `${f}/`).join(', ')} en wordt niet gebouwd. Verplaats het naar een van die mappen.`)]);
}

/** A `_category_.json` (or `.yml`) keyed by its docs area and folder, `plugin/folder`. */
const validateCategory = (layout: Layout) => (parsed: ParsedData): Result<readonly [string, PlacedCategory]> => {
  const { file, yaml } = parsed;
  // Unreadable YAML was reported by parse.
  if (!yaml.ok) return failed([]);
  const area = areaOf(layout, file.path);
  const key = area?.kind === 'docs' ? `${area.area.id}/${area.rest}` : file.path;
  return pipe(
    decode(CategoryFile, yaml.data ?? {}, file.display, yaml.locate, 'de categorie'),
    map((category) => [key.replace(/\/?_category_\.(json|yml)$/, ''), { ...category, source: { file: file.display, linkId: yaml.locate(['link', 'id']) } }] as const),
  );
};

/**
 * A registry file (tags.yml, authors.yml) by key; a bad item drops out, the
 * others stay. `display` names the file in problems, also when there is none.
 */
function validateRegistry<A>(parsed: Parsed | undefined, display: string, codec: t.Type<Record<string, A>, unknown, unknown>, itemCodec: t.Type<A, unknown, unknown>, what: string): Result<Registry<A>> {
  const none = (unusable: Registry<A>['unusable']): Registry<A> => ({ file: display, entries: new Map(), unusable, refused: new Set() });
  if (!parsed || parsed.kind !== 'data') return ok(none('missing'));
  const { yaml, file } = parsed;
  // Unreadable YAML was reported by parse.
  if (!yaml.ok) return ok(none('unreadable'));
  if (yaml.data === null || yaml.data === undefined || (isPlainObject(yaml.data) && Object.keys(yaml.data).length === 0)) return ok(none('empty'));
  if (!isPlainObject(yaml.data)) return withProblems(none('not-a-map'), problemsOf(decode(codec, yaml.data, file.display, yaml.locate, what)));
  const item = ([key, raw]: readonly [string, unknown]): Result<readonly [string, Located<A>]> => {
    // The key's slug becomes a folder in dist/ (`/blog/tags/ci-cd` for `ci/cd`, as Docusaurus makes it): it must have one.
    if (keySegment(key) === '' || /[\u0000-\u001f\u007f]/.test(key)) {
      return failed([error('frontmatter-field', file.display, yaml.locate([key]),
        `Van de sleutel ${JSON.stringify(key)} in ${what} kan geen URL worden gemaakt: er staan geen letters of cijfers in, of er staan stuurtekens in. Gebruik letters, cijfers, streepjes en eventueel spaties of /.`)]);
    }
    return pipe(
      decode(itemCodec, raw, file.display, (path) => yaml.locate([key, ...path]), `\`${key}\` in ${what}`),
      map((value) => [key, { value, file: file.display, place: yaml.locate([key]), locate: (path: FieldPath) => yaml.locate([key, ...path]) }] as const),
    );
  };
  const keys = Object.keys(yaml.data);
  return pipe(Object.entries(yaml.data), collect(item), map((items): Registry<A> => {
    const entries = new Map(items);
    return { file: file.display, entries, unusable: null, refused: new Set(keys.filter((key) => !entries.has(key))) };
  }));
}

/**
 * How problems name a file of the content folder that may not exist: like the
 * other files of the folder (`content/tags.yml`).
 */
const displayOf = (parsed: ReadonlyArray<Parsed>, path: string): string => {
  const known = parsed.find((p) => p.file.path === path) ?? parsed.find((p) => p.file.display.endsWith(p.file.path));
  if (!known) return path;
  return known.file.path === path ? known.file.display : `${known.file.display.slice(0, -known.file.path.length)}${path}`;
};

/** The site configuration; no value when there is none to build with (parse or this stage says why). */
export function validateConfig(parsed: Parsed | null): Result<Config> {
  // Unreadable YAML was reported by parse.
  if (!parsed || parsed.kind !== 'data' || !parsed.yaml.ok) return failed([]);
  const { yaml, file } = parsed;
  if (yaml.data === null || yaml.data === undefined) {
    return failed([error('config-invalid', file.display, startOfFile, 'De siteconfiguratie is leeg. Zet de instellingen van de site in dit bestand; zie dist-config/site.yml in de repository als voorbeeld.')]);
  }
  // A 100 MB tagline would be copied onto every page: refused before anything is decoded.
  const overlong = overlongProblems(yaml.data, file.display, yaml.locate, 'config-invalid');
  if (overlong.length) return failed(overlong);
  const navbarItem = (raw: unknown, i: number): Result<t.TypeOf<typeof NavbarItem>> => {
    const type = isPlainObject(raw) ? raw.type : undefined;
    const name = isPlainObject(raw) && typeof raw.label === 'string' ? `"${raw.label}"` : `nummer ${i + 1}`;
    if (typeof type !== 'string' || !(navbarItemTypes as ReadonlyArray<string>).includes(type)) {
      return failed([error('config-navbar-item', file.display, yaml.locate(['navbar', 'items', i, 'type']),
        `Navbar-item ${name} heeft een onbekend type ${JSON.stringify(type ?? null)}. Kies een van: ${navbarItemTypes.join(', ')}.`)]);
    }
    return pipe(
      decode(NavbarItem, raw, file.display, (path) => yaml.locate(['navbar', 'items', i, ...path]), `navbar-item ${name}`, 'config-navbar-item'),
      chain((item): Result<t.TypeOf<typeof NavbarItem>> => {
        if (item.type !== 'html') return ok(item);
        // Held to the one schema of HTML in content; what it removes is said at the item's value.
        const safe = safeConfigHtml(item.value);
        return withProblems({ ...item, value: safe.html },
          safe.removed.length ? [configHtmlWarning(file.display, yaml.locate(['navbar', 'items', i, 'value']), `navbar-item ${name}`, safe.removed)] : []);
      }),
    );
  };
  const version = (raw: unknown, i: number): Result<t.TypeOf<typeof DocsVersion>> => {
    if (!isPlainObject(raw) || typeof raw.name !== 'string' || raw.name === '') {
      return failed([error('config-invalid', file.display, yaml.locate(['docs', 'versions', i]),
        `Docs-versie nummer ${i + 1} heeft geen naam. Geef elke versie een \`name\` (bijvoorbeeld \`current\`).`)]);
    }
    return decode(DocsVersion, raw, file.display, (path) => yaml.locate(['docs', 'versions', i, ...path]), `docs-versie "${raw.name}"`, 'config-invalid');
  };
  const crossChecks = (value: t.TypeOf<typeof SiteConfig>): Problem[] => {
    // Cross-domain linking only joins visits on hosts the tracker knows: the portal itself must be one.
    const tracker = value.analytics?.tracker;
    const siteHost = /^https?:\/\/([^/:]+)/i.exec(value.url)?.[1]?.toLowerCase();
    const untracked = tracker && siteHost && !tracker.domains.some((d) => d.toLowerCase() === siteHost || (d.startsWith('*.') && siteHost.endsWith(d.slice(1).toLowerCase())));
    return [
      ...(untracked ? [error('config-invalid', file.display, yaml.locate(['analytics', 'tracker', 'domains']),
        `De tracker telt bezoeken over domeinen heen, maar \`analytics.tracker.domains\` noemt het domein van de site (${siteHost}) niet. Voeg ${siteHost} toe aan de lijst.`)] : []),
      ...(value.search.backend === 'typesense' && !value.search.typesense ? [error('config-invalid', file.display, yaml.locate(['search', 'backend']),
        'De zoekbackend is typesense, maar `search.typesense` (host, port, protocol, searchOnlyKey) ontbreekt. Voeg het toe, of zet backend op embedded. Zie docs/search.md.')] : []),
      ...contentProblems(value.content, (path) => yaml.locate(['content', ...path]), file.display),
    ];
  };
  return pipe(
    decode(SiteConfig, yaml.data, file.display, yaml.locate, 'de siteconfiguratie', 'config-invalid'),
    chain((value) => pipe(
      all({ items: collect(navbarItem)(value.navbar.items), versions: collect(version)(value.docs.versions) }),
      map(({ items, versions }): Config => ({ ...value, navbar: { items: [...items] }, docs: { versions: [...versions] }, layout: layoutOf(value.content) })),
      chain((config) => withProblems(config, crossChecks(value))),
    )),
  );
}

/**
 * What `content` may not say although each field is valid: two docs areas
 * with one id (navbar items and sidebars name an area by it), an id that is
 * the name of another area (`blog`, `pages`), or two areas in one folder.
 */
function contentProblems(content: ContentConfig | undefined, at: (path: FieldPath) => Place, file: string): Problem[] {
  if (!content) return [];
  const docs = content.docs ?? [];
  const folders = [
    ...docs.map((d, i) => ({ folder: d.path.replace(/^\/+|\/+$/g, ''), path: ['docs', i, 'path'] as FieldPath })),
    ...(content.blog ? [{ folder: (content.blog.path ?? 'blog').replace(/^\/+|\/+$/g, ''), path: ['blog', 'path'] as FieldPath }] : []),
    ...(content.pages ? [{ folder: (content.pages.path ?? 'src/pages').replace(/^\/+|\/+$/g, ''), path: ['pages', 'path'] as FieldPath }] : []),
  ];
  return [
    ...docs.flatMap((d, i) => docs.findIndex((o) => o.id === d.id) < i
      ? [error('config-invalid', file, at(['docs', i, 'id']), `Twee docs-gebieden heten "${d.id}". Geef elk gebied een eigen \`id\`: navbar-items en zijbalken noemen een gebied bij die naam.`)]
      : d.id === 'blog' || d.id === 'pages'
        ? [error('config-invalid', file, at(['docs', i, 'id']), `Een docs-gebied kan niet "${d.id}" heten: zo heet het gebied van de ${d.id === 'blog' ? 'blog' : "losse pagina's"} al. Kies een andere \`id\`.`)]
        : []),
    ...folders.flatMap((f, i) => folders.findIndex((o) => o.folder === f.folder) < i
      ? [error('config-invalid', file, at(f.path), `De map "${f.folder}" is al de map van een ander gebied in \`content\`. Geef elk gebied een eigen map.`)]
      : []),
    ...namedFiles(content).flatMap(({ folder, file: named, path }) => outsideRoot(inFolder(folder, named))
      ? [error('config-invalid', file, at(path), `Het bestand ${named} ligt, vanuit de map ${folder}/, buiten de map van de site; de build leest niets buiten de site. Zet het bestand in de site en noem het vanuit ${folder}/ (bijvoorbeeld ../tags.yml voor tags.yml in de root van de site).`)]
      : []),
  ];
}

/** The files `content` names relative to an area's folder (tags and authors files), with the field that names them. */
function namedFiles(content: ContentConfig): Array<{ folder: string; file: string; path: FieldPath }> {
  const trim = (s: string) => s.replace(/^\/+|\/+$/g, '');
  const blog = content.blog ? trim(content.blog.path ?? 'blog') : '';
  return [
    ...(content.docs ?? []).flatMap((d, i) => (typeof d.tags === 'string' ? [{ folder: trim(d.path), file: d.tags, path: ['docs', i, 'tags'] as FieldPath }] : [])),
    ...(typeof content.blog?.tags === 'string' ? [{ folder: blog, file: content.blog.tags, path: ['blog', 'tags'] as FieldPath }] : []),
    ...(typeof content.blog?.authors === 'string' ? [{ folder: blog, file: content.blog.authors, path: ['blog', 'authors'] as FieldPath }] : []),
  ];
}

const isMarkdown = (p: Parsed): p is ParsedMarkdown => p.kind === 'markdown';
const isCategory = (p: Parsed): p is ParsedData =>
  p.kind === 'data' && (p.file.path.endsWith('_category_.json') || p.file.path.endsWith('_category_.yml'));

/**
 * Stage entry. A file that does not decode drops out and the others stay, so
 * one run reports every broken file; the value is always there.
 */

export function validate(parsed: ReadonlyArray<Parsed>, config: Parsed | null, sidebarFiles: ReadonlyArray<ParsedData> = [], entries?: EntryMemo): Result<Validated> {
  const site = validateConfig(config);
  // Without a valid configuration the files are still checked, where the portal keeps them.
  const layout = valueOf(site)?.layout ?? portalLayout;
  const tagFiles = [...new Set([...layout.docs.map((a) => a.tags), layout.blog?.tags].filter((f): f is string => Boolean(f)))];
  const authorsFile = layout.blog?.authors ?? null;
  // The portal's own layout (no `content` in its configuration) keeps its rule that every tag has a label.
  // (The portal's codec decodes a narrower value: every label is there.)
  const tagCodec = valueOf(site)?.content ? DocusaurusTagDefinition : TagDefinition as t.Type<TagDefinition, unknown, unknown>;
  const registry = <A>(path: string, codec: t.Type<Record<string, A>, unknown, unknown>, item: t.Type<A, unknown, unknown>) =>
    validateRegistry(parsed.find((p) => p.file.path === path), displayOf(parsed, path), codec, item, path.split('/').pop() ?? path);
  return pipe(
    all({
      entries: pipe(
        collect(remembered(validateMarkdown(layout, inlineRules(valueOf(site))), config ? `${config.file.display}\0${config.file.text}` : '', entries))(parsed.filter(isMarkdown)),
        // One warning per unknown key, however many files use it.
        tell(unknownKeyProblems(parsed.filter(isMarkdown).map((p) => ({ file: p.file.display, keys: p.frontmatter.keys })),
          [...knownFrontmatterKeys, ...docusaurusFrontmatterKeys], valueOf(site)?.frontmatter?.allowedKeys ?? [])),
      ),
      categories: pipe(parsed.filter(isCategory), collect(validateCategory(layout)), map((pairs) => new Map(pairs))),
      sidebarFiles: pipe(
        layout.docs.flatMap((area) => {
          // The read edge reported a file it could not read; the area's sidebars are then autogenerated.
          const file = sidebarFiles.find((f) => f.file.path === area.sidebarPath);
          return file ? [[area.id, file] as const] : [];
        }),
        collect(([id, file]) => {
          const overlong = file.yaml.ok ? overlongProblems(file.yaml.data, file.file.display, file.yaml.locate, 'config-sidebar') : [];
          return overlong.length ? failed(overlong) : pipe(sidebarsSpec(file, decode), map((spec) => [id, spec] as const));
        }),
        map((pairs) => new Map(pairs)),
      ),
      tags: pipe(tagFiles, collect((path) => pipe(registry(path, t.record(t.string, tagCodec), tagCodec), map((r) => [path, r] as const))), map((pairs) => new Map(pairs))),
      authors: authorsFile ? registry(authorsFile, AuthorsFile, AuthorDefinition) : ok<Registry<AuthorDefinition>>({ file: 'authors.yml', entries: new Map(), unusable: 'missing', refused: new Set() }),
      // Without a valid configuration the rest is still checked; resolve then stops.
      config: withProblems(valueOf(site), problemsOf(site)),
    }),
    map((validated) => ({
      ...validated, layout,
      markdownFiles: parsed.filter(isMarkdown).map((p) => p.file.path),
      configPlace: config?.kind === 'data' ? config.yaml.locate : () => startOfFile,
      configFile: config?.file.display ?? 'dist-config/site.yml',
    })),
  );
}
