/**
 * Resolve: tags and authors. Each entry's tags and each post's authors
 * against their registries (inline ones as Docusaurus builds them:
 * inline.ts), and the problems of a registry that gave nothing or of inline
 * tags and authors, as the configuration's policies say.
 */
import type { AuthorDefinition, FrontmatterTag, InlineAuthor, TagDefinition } from '../../model.ts';
import type { Author, Entry, PostEntry, TagRef } from '../../types.ts';
import { error, startOfFile, type Problem } from '../../problem.ts';
import { collect, failed, ok, type Result } from '../../result.ts';
import { closest } from '../shared/text.ts';
import type { Located, Registry, Validated } from '../validate.ts';
import { socialUrl } from './author-socials.ts';
import { authorRefPath, defaultInlinePolicy, groupedWarnings, inlineAuthor, postAuthorRefs, tagKey, type InlinePolicy, type InlineUse } from './inline.ts';
import { authorPermalink, docsAreaOf, tagPermalink } from './permalinks.ts';

/**
 * Whether a key missing from `registry` is the author's to fix where it is
 * used. It is not when the file gave no definitions at all (one problem at
 * the file says why and counts the uses: `registryProblems`) or refused this
 * key's definition (reported at its line).
 */
const reportedAtUse = (registry: Registry<unknown>, key: string): boolean => !registry.unusable && !registry.refused.has(key);

/**
 * The entry's tags against the registry. A tag the registry does not define
 * is an inline tag: with the `throw` policy it drops out, with a problem at
 * its place when it is the author's typo; otherwise it is a tag of its own
 * (its label the text, its page the text's slug), reported once per tag by
 * `inlineTagProblems`.
 */
export function resolveTags(entry: Entry, routeBasePath: string | null, registry: Registry<TagDefinition>, policy: InlinePolicy): Result<ReadonlyArray<TagRef>> {
  const tags = registry.entries;
  return collect((tag: FrontmatterTag, i): Result<TagRef> => {
    const key = tagKey(tag);
    const def = typeof tag === 'string' ? tags.get(key) : undefined;
    if (!def && policy !== 'throw') {
      const own = typeof tag === 'string' ? undefined : tag;
      return ok({ key, label: key, description: own?.description ?? '', permalink: routeBasePath !== null ? tagPermalink(routeBasePath, key, own?.permalink) : '' });
    }
    if (!def) {
      if (typeof tag !== 'string' || !reportedAtUse(registry, key)) return failed([]);
      const suggestion = closest(key, tags.keys());
      return failed([error('unknown-tag', entry.file.display, entry.locate(['tags', i]),
        `De tag "${key}" staat niet in ${registry.file}.${suggestion ? ` Bedoel je "${suggestion}"?` : ''} Voeg de tag daar toe met een label en beschrijving, of gebruik een bestaande tag.`)]);
    }
    return ok({
      key,
      label: def.value.label ?? key,
      description: def.value.description ?? '',
      permalink: routeBasePath !== null ? tagPermalink(routeBasePath, key, def.value.permalink) : '',
    });
  })(entry.frontmatter.tags ?? []);
}

export function toAuthor(key: string, located: Located<AuthorDefinition>, blogBase = 'blog'): Author {
  const def = located.value;
  const imageField = def.image_url !== undefined ? 'image_url' : 'imageURL';
  return {
    key,
    name: def.name,
    title: def.title ?? null,
    url: def.url ?? null,
    imageUrl: def.image_url ?? def.imageURL ?? null,
    imageAt: { file: located.file, place: located.locate?.([imageField]) ?? located.place },
    email: def.email ?? null,
    description: def.description ?? null,
    socials: Object.entries(def.socials ?? {}).sort(([a], [b]) => a.localeCompare(b, 'nl')).map(([network, handle]) => ({
      network,
      url: socialUrl(network, handle),
    })),
    permalink: def.page === false ? null
      : typeof def.page === 'object' ? `/${blogBase}/authors/${def.page.permalink.replace(/^\/+/, '')}`.replace(/\/+/g, '/')
        : authorPermalink(key, blogBase),
  };
}

/** The tags registry an entry's tags are checked against: its area's tags file. */
export function tagRegistryOf(validated: Validated, entry: Entry): Registry<TagDefinition> {
  const { layout } = validated;
  const file = entry.kind === 'doc' ? docsAreaOf(layout, entry).tags
    : entry.kind === 'post' ? layout.blog?.tags ?? null
      // Pages have no tag pages of their own: their tags are checked against the first tags file.
      : [...validated.tags.keys()][0] ?? null;
  return (file ? validated.tags.get(file) : undefined) ?? { file: file ?? 'tags.yml', entries: new Map(), unusable: 'missing', refused: new Set() };
}

/**
 * A post's authors against the registry; an unknown key drops out, with a
 * problem at its place when it is the author's typo. An inline author (with
 * any policy but `throw`, which validate reported) is built from its own
 * fields, over the registry's author when it names a `key`.
 */
export const postAuthors = (entry: PostEntry, authors: ReadonlyArray<Author>, registry: Validated['authors']): Result<ReadonlyArray<Author>> =>
  collect((ref: string | InlineAuthor, i): Result<Author> => {
    if (typeof ref !== 'string') return ok(inlineAuthor(ref, authors.find((a) => a.key === ref.key) ?? null));
    const key = ref;
    const author = authors.find((a) => a.key === key);
    if (author) return ok(author);
    if (!reportedAtUse(registry, key)) return failed([]);
    const suggestion = closest(key, authors.map((a) => a.key));
    return failed([error('unknown-author', entry.file.display, entry.locate(authorRefPath(entry.frontmatter, i)),
      `De auteur "${key}" staat niet in ${registry.file}.${suggestion ? ` Bedoel je "${suggestion}"?` : ''} Voeg de auteur daar toe of gebruik een bestaande sleutel.`)]);
  })(postAuthorRefs(entry.frontmatter));

/** The uses of a registry's keys: how many, in how many files. */
export interface Uses { readonly count: number; readonly files: number }

export const usesIn = (lists: ReadonlyArray<ReadonlyArray<string>>): Uses =>
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
export function registryProblems(registry: Registry<unknown>, uses: Uses, words: RegistryWords): Problem[] {
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

/** What inline tags and authors do on this site: the configuration's `frontmatter.onInlineTags` / `onInlineAuthors`, Docusaurus' `warn` by default. */
export const inlinePolicies = (validated: Validated): { readonly tags: InlinePolicy; readonly authors: InlinePolicy } => {
  const of = (policy: 'ignore' | 'log' | 'warn' | 'throw' | undefined): InlinePolicy => (policy === 'log' ? 'warn' : policy ?? defaultInlinePolicy);
  const rules = validated.config?.frontmatter;
  return { tags: of(rules?.onInlineTags), authors: of(rules?.onInlineAuthors) };
};

/**
 * One warning per inline tag, naming the files that use it, as Docusaurus'
 * `onInlineTags: 'warn'` does; only where the area has a tags file (without
 * one every tag is inline, as in Docusaurus).
 */
export function inlineTagProblems(validated: Validated, entries: ReadonlyArray<Entry>): Problem[] {
  if (inlinePolicies(validated).tags !== 'warn') return [];
  const uses: InlineUse[] = entries.flatMap((entry) => {
    const registry = tagRegistryOf(validated, entry);
    if (registry.unusable === 'missing') return [];
    return (entry.frontmatter.tags ?? []).flatMap((tag, i) => typeof tag === 'string' && registry.entries.has(tag) ? []
      : [{ name: tagKey(tag), file: entry.file.display, place: entry.locate(['tags', i]) }]);
  });
  return groupedWarnings('inline-tag', uses, (name, files) =>
    `De tag "${name}" staat niet in het tagsbestand (${files}). De build maakt hem toch, zoals Docusaurus, met "${name}" als label. Voeg hem toe aan het tagsbestand met een label en beschrijving, of gebruik een bestaande tag.`);
}

/** One warning per inline author, naming the posts, as Docusaurus' `onInlineAuthors: 'warn'` does; only when the site has an authors file. */
export function inlineAuthorProblems(validated: Validated, posts: ReadonlyArray<PostEntry>): Problem[] {
  if (inlinePolicies(validated).authors !== 'warn' || validated.authors.unusable === 'missing') return [];
  const uses: InlineUse[] = posts.flatMap((entry) => postAuthorRefs(entry.frontmatter).flatMap((ref, i) => typeof ref === 'string' ? [] : [{
    name: ref.name ?? ref.key ?? '',
    file: entry.file.display,
    place: entry.locate(authorRefPath(entry.frontmatter, i)),
  }]));
  return groupedWarnings('inline-author', uses, (name, files) =>
    `De auteur "${name}" staat in de frontmatter zelf, niet in ${validated.authors.file} (${files}). De build toont de auteur bij de post, zonder auteurspagina. Zet de auteur in ${validated.authors.file} en gebruik de sleutel.`);
}
