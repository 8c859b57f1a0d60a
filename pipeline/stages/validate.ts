/**
 * Stage 3, validate: decode each parsed file with its io-ts codec and turn
 * every decoding error into a problem that names the field and its line.
 * Cross-file checks (tags, authors, links) come later, in resolve and links.
 */
import * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { Root } from 'mdast';
import type { SourceFile } from '../types.ts';
import type { FieldPath, Parsed, YamlData } from './parse.ts';
import {
  AuthorDefinition, AuthorsFile, BlogFrontmatter, CategoryFile, DocFrontmatter, DocsVersion, NavbarItem,
  PageFrontmatter, SiteConfig, TagDefinition, TagsFile, knownFrontmatterKeys, navbarItemTypes, type Config,
} from '../model.ts';
import { error, startOfFile, warning, type Place, type Problem, type ProblemCode } from '../problem.ts';
import { closest } from './text.ts';

export type DocsPlugin = 'kennisbank' | 'communities';

interface EntryBase {
  readonly file: SourceFile;
  readonly tree: Root;
  readonly locate: (path: FieldPath) => Place;
}

export interface DocEntry extends EntryBase {
  readonly kind: 'doc';
  readonly plugin: DocsPlugin;
  /** Path inside the plugin folder without extension: `apis/index`, `apis/problem-details`. */
  readonly id: string;
  readonly frontmatter: DocFrontmatter;
}

export interface PostEntry extends EntryBase {
  readonly kind: 'post';
  /** `YYYY-MM-DD`, from the file name unless the frontmatter sets `date`. */
  readonly date: string;
  readonly slug: string;
  readonly frontmatter: BlogFrontmatter;
}

export interface PageEntry extends EntryBase {
  readonly kind: 'page';
  /** Path inside `pages/` without extension: `index`, `contact`, `contributing/index`. */
  readonly id: string;
  readonly frontmatter: PageFrontmatter;
}

export type Entry = DocEntry | PostEntry | PageEntry;

export interface Located<A> {
  readonly value: A;
  readonly file: string;
  readonly place: Place;
}

export interface Validated {
  readonly entries: ReadonlyArray<Entry>;
  readonly tags: ReadonlyMap<string, Located<TagDefinition>>;
  readonly authors: ReadonlyMap<string, Located<AuthorDefinition>>;
  /** `_category_.json` per folder, keyed by `plugin/folder` (`kennisbank/apis`). */
  readonly categories: ReadonlyMap<string, CategoryFile>;
  readonly config: Config | null;
  /** Where a field of the site configuration was written, for config problems found later. */
  readonly configPlace: (path: FieldPath) => Place;
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

/** Decodes `data`; on failure, one problem per field (union alternatives merged). */
export function decode<A>(codec: t.Type<A, unknown, unknown>, data: unknown, file: string, locate: (path: FieldPath) => Place, what: string, code: ProblemCode = 'frontmatter-field'): { value: A | null; problems: Problem[] } {
  const result = codec.decode(data);
  if (!isLeft(result)) return { value: result.right, problems: [] };
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
  return { value: null, problems };
}

// ---------------------------------------------------------------------------
// Per-kind validation

const isPlainObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Inline tags and authors (objects instead of keys) are a content-model error, spec section 5. */
function inlineProblems(data: Record<string, unknown>, yaml: YamlData, file: string): Problem[] {
  const problems: Problem[] = [];
  const check = (field: 'tags' | 'authors', registry: string) => {
    const list = data[field];
    if (!Array.isArray(list)) return;
    list.forEach((item, i) => {
      if (typeof item !== 'string') {
        problems.push(error(field === 'tags' ? 'unknown-tag' : 'unknown-author', file, yaml.locate([field, i]),
          `Inline ${field === 'tags' ? 'tags' : 'auteurs'} zijn niet toegestaan. Definieer ${field === 'tags' ? 'de tag' : 'de auteur'} in ${registry} en gebruik hier alleen de sleutel.`));
      }
    });
  };
  check('tags', 'content/tags.yml');
  check('authors', 'content/blog/authors.yml');
  return problems;
}

function unknownKeyProblems(yaml: YamlData, file: string): Problem[] {
  return yaml.keys
    .filter(({ key }) => !knownFrontmatterKeys.includes(key))
    .map(({ key, place }) => {
      const suggestion = closest(key, knownFrontmatterKeys);
      return warning('frontmatter-unknown-key', file, place,
        `Onbekend frontmatter-veld \`${key}\`; de build negeert het.${suggestion ? ` Bedoel je \`${suggestion}\`?` : ''}`);
    });
}

const blogFileName = /^blog\/(?:(\d{4})\/(\d{2})\/(\d{2})-|(\d{4})-(\d{2})-(\d{2})-)([a-z0-9][a-z0-9-]*)\.mdx?$/;

function validateMarkdown(parsed: Parsed & { kind: 'markdown' }): { entry: Entry | null; problems: Problem[] } {
  const { file, frontmatter, tree } = parsed;
  const data = isPlainObject(frontmatter.data) ? frontmatter.data : {};
  const problems = [...inlineProblems(data, frontmatter, file.display), ...unknownKeyProblems(frontmatter, file.display)];
  // Inline values were reported above; decode the rest so other field errors still show.
  const clean = { ...data };
  if (Array.isArray(clean.tags)) clean.tags = clean.tags.filter((x) => typeof x === 'string');
  if (Array.isArray(clean.authors)) clean.authors = clean.authors.filter((x) => typeof x === 'string');
  const base = { file, tree, locate: frontmatter.locate };
  const [area, ...rest] = file.path.split('/');
  // Unreadable frontmatter was reported by parse; decoding nothing would only add a false "title ontbreekt".
  if (!frontmatter.ok) return { entry: null, problems };
  const id = rest.join('/').replace(/\.mdx?$/, '');

  if (area === 'kennisbank' || area === 'communities') {
    const { value, problems: p } = decode(DocFrontmatter, clean, file.display, frontmatter.locate, 'de frontmatter');
    return { entry: value && { kind: 'doc', plugin: area, id, frontmatter: value, ...base }, problems: [...problems, ...p] };
  }
  if (area === 'blog') {
    const name = blogFileName.exec(file.path);
    if (!name) {
      return { entry: null, problems: [...problems, error('blog-file-name', file.display, startOfFile,
        'Een blogpost heet JJJJ-MM-DD-slug.md (of JJJJ/MM/DD-slug.md), met een slug van kleine letters, cijfers en streepjes. Hernoem het bestand.')] };
    }
    const { value, problems: p } = decode(BlogFrontmatter, clean, file.display, frontmatter.locate, 'de frontmatter');
    const fileDate = `${name[1] ?? name[4]}-${name[2] ?? name[5]}-${name[3] ?? name[6]}`;
    const date = value?.date && /^\d{4}-\d{2}-\d{2}/.test(value.date) ? value.date.slice(0, 10) : fileDate;
    return { entry: value && { kind: 'post', date, slug: name[7] ?? '', frontmatter: value, ...base }, problems: [...problems, ...p] };
  }
  if (area === 'pages') {
    const { value, problems: p } = decode(PageFrontmatter, clean, file.display, frontmatter.locate, 'de frontmatter');
    return { entry: value && { kind: 'page', id, frontmatter: value, ...base }, problems: [...problems, ...p] };
  }
  return { entry: null, problems: [...problems, warning('frontmatter-field', file.display, startOfFile,
    `Dit bestand staat buiten kennisbank/, communities/, blog/ en pages/ en wordt niet gebouwd. Verplaats het naar een van die mappen.`)] };
}

function validateRegistry<A>(parsed: Parsed | undefined, codec: t.Type<Record<string, A>, unknown, unknown>, itemCodec: t.Type<A, unknown, unknown>, what: string): { map: Map<string, Located<A>>; problems: Problem[] } {
  const map = new Map<string, Located<A>>();
  if (!parsed || parsed.kind !== 'data') return { map, problems: [] };
  const { yaml, file } = parsed;
  if (!yaml.ok || yaml.data === null) return { map, problems: [] };
  if (!isPlainObject(yaml.data)) {
    const { problems } = decode(codec, yaml.data, file.display, yaml.locate, what);
    return { map, problems };
  }
  const problems: Problem[] = [];
  for (const [key, raw] of Object.entries(yaml.data)) {
    // The key becomes a folder in dist/ (`/blog/authors/{key}`, `/blog/tags/{key}`): one plain path segment.
    if (key.trim() === '' || key === '.' || key === '..' || /[\u0000-\u001f\u007f/\\?#%]/.test(key)) {
      problems.push(error('frontmatter-field', file.display, yaml.locate([key]),
        `De sleutel ${JSON.stringify(key)} in ${what} wordt een deel van een URL en mag geen /, \\, %, ?, # of stuurtekens bevatten en niet . of .. zijn. Gebruik kleine letters, cijfers en streepjes.`));
      continue;
    }
    const { value, problems: p } = decode(itemCodec, raw, file.display, (path) => yaml.locate([key, ...path]), `\`${key}\` in ${what}`);
    problems.push(...p);
    if (value) map.set(key, { value, file: file.display, place: yaml.locate([key]) });
  }
  return { map, problems };
}

export function validateConfig(parsed: Parsed | null): { config: Config | null; problems: Problem[] } {
  if (!parsed || parsed.kind !== 'data' || !parsed.yaml.ok) return { config: null, problems: [] };
  const { yaml, file } = parsed;
  if (yaml.data === null || yaml.data === undefined) {
    return { config: null, problems: [error('config-invalid', file.display, startOfFile, 'De siteconfiguratie is leeg. Zet de instellingen van de site in dit bestand; zie dist-config/site.yml in de repository als voorbeeld.')] };
  }
  const { value, problems } = decode(SiteConfig, yaml.data, file.display, yaml.locate, 'de siteconfiguratie', 'config-invalid');
  if (!value) return { config: null, problems };
  const items: t.TypeOf<typeof NavbarItem>[] = [];
  value.navbar.items.forEach((raw, i) => {
    const type = isPlainObject(raw) ? raw.type : undefined;
    const name = isPlainObject(raw) && typeof raw.label === 'string' ? `"${raw.label}"` : `nummer ${i + 1}`;
    if (typeof type !== 'string' || !(navbarItemTypes as ReadonlyArray<string>).includes(type)) {
      problems.push(error('config-navbar-item', file.display, yaml.locate(['navbar', 'items', i, 'type']),
        `Navbar-item ${name} heeft een onbekend type ${JSON.stringify(type ?? null)}. Kies een van: ${navbarItemTypes.join(', ')}.`));
      return;
    }
    const decoded = decode(NavbarItem, raw, file.display, (path) => yaml.locate(['navbar', 'items', i, ...path]), `navbar-item ${name}`, 'config-navbar-item');
    problems.push(...decoded.problems.map((p) => ({ ...p, code: 'config-navbar-item' as const })));
    if (decoded.value) items.push(decoded.value);
  });
  const versions: t.TypeOf<typeof DocsVersion>[] = [];
  value.docs.versions.forEach((raw, i) => {
    if (!isPlainObject(raw) || typeof raw.name !== 'string' || raw.name === '') {
      problems.push(error('config-invalid', file.display, yaml.locate(['docs', 'versions', i]),
        `Docs-versie nummer ${i + 1} heeft geen naam. Geef elke versie een \`name\` (bijvoorbeeld \`current\`).`));
      return;
    }
    const decoded = decode(DocsVersion, raw, file.display, (path) => yaml.locate(['docs', 'versions', i, ...path]), `docs-versie "${raw.name}"`, 'config-invalid');
    problems.push(...decoded.problems);
    if (decoded.value) versions.push(decoded.value);
  });
  // Cross-domain linking only joins visits on hosts the tracker knows: the portal itself must be one.
  const tracker = value.analytics?.tracker;
  const siteHost = /^https?:\/\/([^/:]+)/i.exec(value.url)?.[1]?.toLowerCase();
  if (tracker && siteHost && !tracker.domains.some((d) => d.toLowerCase() === siteHost || (d.startsWith('*.') && siteHost.endsWith(d.slice(1).toLowerCase())))) {
    problems.push(error('config-invalid', file.display, yaml.locate(['analytics', 'tracker', 'domains']),
      `De tracker telt bezoeken over domeinen heen, maar \`analytics.tracker.domains\` noemt het domein van de site (${siteHost}) niet. Voeg ${siteHost} toe aan de lijst.`));
  }
  if (value.search.backend === 'typesense' && !value.search.typesense) {
    problems.push(error('config-invalid', file.display, yaml.locate(['search', 'backend']),
      'De zoekbackend is typesense, maar `search.typesense` (host, port, protocol, searchOnlyKey) ontbreekt. Voeg het toe, of zet backend op embedded. Zie docs/search.md.'));
  }
  return { config: { ...value, navbar: { items }, docs: { versions } }, problems };
}

/** Stage entry. */
export function validate(parsed: ReadonlyArray<Parsed>, config: Parsed | null): { validated: Validated; problems: Problem[] } {
  const problems: Problem[] = [];
  const entries: Entry[] = [];
  const categories = new Map<string, CategoryFile>();
  for (const p of parsed) {
    if (p.kind === 'markdown') {
      const { entry, problems: found } = validateMarkdown(p);
      problems.push(...found);
      if (entry) entries.push(entry);
    } else if (p.file.path.endsWith('_category_.json') || p.file.path.endsWith('_category_.yml')) {
      if (!p.yaml.ok) continue;
      const { value, problems: found } = decode(CategoryFile, p.yaml.data ?? {}, p.file.display, p.yaml.locate, 'de categorie');
      problems.push(...found);
      if (value) categories.set(p.file.path.replace(/\/_category_\.(json|yml)$/, ''), value);
    }
  }
  const tags = validateRegistry(parsed.find((p) => p.file.path === 'tags.yml'), TagsFile, TagDefinition, 'tags.yml');
  const authors = validateRegistry(parsed.find((p) => p.file.path === 'blog/authors.yml'), AuthorsFile, AuthorDefinition, 'authors.yml');
  const site = validateConfig(config);
  problems.push(...tags.problems, ...authors.problems, ...site.problems);
  const configPlace = config?.kind === 'data' ? config.yaml.locate : () => startOfFile;
  return { validated: { entries, tags: tags.map, authors: authors.map, categories, config: site.config, configPlace }, problems };
}
