/**
 * Tags and authors written in front matter instead of in the tags file or
 * authors.yml (Docusaurus' inline tags and authors). What the site does with
 * them is the configuration's choice, with Docusaurus' names and default:
 * `throw` refuses them, `warn` builds them with one warning each, `ignore`
 * builds them silently. The portal's own configuration says `throw`.
 */
import type { BlogFrontmatter, FrontmatterTag, InlineAuthor } from '../../model.ts';
import { warning, type Place, type Problem, type ProblemCode } from '../../problem.ts';
import type { Author } from '../../types.ts';
import { socialUrl } from './author-socials.ts';
import { fileList } from '../shared/text.ts';

export type InlinePolicy = 'ignore' | 'warn' | 'throw';

/** Docusaurus' default for both `onInlineTags` and `onInlineAuthors`. */
export const defaultInlinePolicy: InlinePolicy = 'warn';

/** The key a front-matter tag is grouped by: a tags-file key, or an inline tag's label. */
export const tagKey = (tag: FrontmatterTag): string => (typeof tag === 'string' ? tag : tag.label);

/** An author as a post lists it: a key of authors.yml, or written out in the post. */
export type PostAuthorRef = string | InlineAuthor;

/** Every author a post names, in order: `authors` (one or a list), else Docusaurus' older `author` fields. */
export function postAuthorRefs(fm: BlogFrontmatter): ReadonlyArray<PostAuthorRef> {
  if (fm.authors !== undefined) return Array.isArray(fm.authors) ? fm.authors : [fm.authors];
  if (fm.author === undefined) return [];
  const url = fm.author_url ?? fm.authorURL;
  const title = fm.author_title ?? fm.authorTitle;
  const image = fm.author_image_url ?? fm.authorImageURL;
  return [{ name: fm.author, ...(title ? { title } : {}), ...(url ? { url } : {}), ...(image ? { image_url: image } : {}) }];
}

/** Where the `i`th author of `postAuthorRefs` is written: an item of `authors`, `authors` itself, or `author`. */
export const authorRefPath = (fm: BlogFrontmatter, i: number): ReadonlyArray<string | number> =>
  fm.authors === undefined ? ['author'] : Array.isArray(fm.authors) ? ['authors', i] : ['authors'];


/**
 * An inline author, over the registry's author of the same `key` when it
 * names one: its own fields win, as in Docusaurus. It has no author page.
 */
export function inlineAuthor(ref: InlineAuthor, base: Author | null): Author {
  const socials = ref.socials
    ? Object.entries(ref.socials).sort(([a], [b]) => a.localeCompare(b, 'nl')).map(([network, value]) => ({ network, url: socialUrl(network, value) }))
    : base?.socials ?? [];
  return {
    key: ref.key ?? base?.key ?? '',
    name: ref.name ?? base?.name ?? ref.key ?? '',
    title: ref.title ?? base?.title ?? null,
    url: ref.url ?? base?.url ?? null,
    imageUrl: ref.image_url ?? ref.imageURL ?? base?.imageUrl ?? null,
    // A picture written in the post is the post's to check; authors.yml's only when it comes from there.
    imageAt: ref.image_url ?? ref.imageURL ? null : base?.imageAt ?? null,
    email: ref.email ?? base?.email ?? null,
    description: base?.description ?? null,
    socials,
    permalink: base?.permalink ?? null,
  };
}

/** One use of an inline tag or author: what it is called, and where. */
export interface InlineUse {
  readonly name: string;
  readonly file: string;
  readonly place: Place;
}

/**
 * One warning per name, at its first use, naming every file that uses it:
 * a site migrated from Docusaurus may use one inline tag in a hundred posts.
 */
export function groupedWarnings(code: ProblemCode, uses: ReadonlyArray<InlineUse>, message: (name: string, files: string) => string): Problem[] {
  const byName = new Map<string, InlineUse[]>();
  for (const use of uses) byName.set(use.name, [...(byName.get(use.name) ?? []), use]);
  return [...byName.entries()].map(([name, all]) => {
    const first = all[0] as InlineUse;
    const files = [...new Set(all.map((u) => u.file))];
    return warning(code, first.file, first.place, message(name, fileList(files)));
  });
}
