/**
 * Stage 4, resolve: the whole-corpus pass. Gives every entry its permalink
 * (resolve/permalinks.ts), checks tag and author references against their
 * registries (resolve/tags-and-authors.ts), builds the sidebars and versions
 * (resolve/sidebars.ts), and drops drafts from production builds. This file
 * puts those together into the site.
 */
import { pipe } from 'fp-ts/function';
import type { Entry, DocEntry, DocsArea, PageEntry, PostEntry, Author, Doc, Mode, Page, Post, SidebarGeneration, Site } from '../types.ts';
import { error, startOfFile, warning, type Problem } from '../problem.ts';
import { hasTruncateMarker } from './shared/truncate.ts';
import { docPath } from './shared/number-prefix.ts';
import { postAuthorRefs } from './resolve/inline.ts';
import { all, chain, collect, failed, map, tell, traverse, withProblems, type Result } from '../result.ts';
import type { Validated } from './validate.ts';
import { docIdOf, docsAreaOf, isFolderIndex, permalinkOf } from './resolve/permalinks.ts';
import { inlineAuthorProblems, inlinePolicies, inlineTagProblems, postAuthors, registryProblems, resolveTags, tagRegistryOf, toAuthor, usesIn } from './resolve/tags-and-authors.ts';
import { buildSidebars, referenceProblems, sidebarIdOf, versionsOf } from './resolve/sidebars.ts';
import { sidebarGenerations, type GeneratedSidebars } from './resolve/generated-sidebar.ts';

export { hasTruncateMarker, isTruncateMarker } from './shared/truncate.ts';

/** What every resolved entry takes from its frontmatter; the description falls back to the first paragraph later. */
const common = ({ frontmatter: fm }: Entry) => ({
  title: fm.title,
  description: fm.description ?? null,
  draft: fm.draft === true,
  unlisted: fm.unlisted === true,
});

/** A doc with its tags, sidebar and place in the sidebar tree. */
const resolveDoc = (validated: Validated) => (entry: DocEntry): Result<Doc> => {
  const area = docsAreaOf(validated.layout, entry);
  const id = docIdOf(docPath(entry.pathInArea, entry.frontmatter.parse_number_prefixes), entry.frontmatter.id);
  return pipe(
    resolveTags(entry, area.routeBasePath, tagRegistryOf(validated, entry), inlinePolicies(validated).tags),
    map((tagRefs) => ({
      ...common(entry), entry, permalink: permalinkOf(entry, validated.layout), plugin: entry.plugin, id, tags: tagRefs,
      sidebarLabel: entry.frontmatter.sidebar_label ?? entry.frontmatter.title,
      sidebarId: sidebarIdOf(area, id, entry.frontmatter.displayed_sidebar, validated.sidebarFiles.get(area.id), entry.pathInArea),
      isCategoryIndex: isFolderIndex(entry.pathInArea),
    })),
  );
};

/** A post; a draft left out of the build has no value, but its truncation marker and authors are still checked. */
const resolvePost = (validated: Validated, authors: ReadonlyArray<Author>, registry: Validated['authors'], include: (e: Entry) => boolean, undated: string) => (entry: PostEntry): Result<Post> => pipe(
  postAuthors(entry, authors, registry),
  tell(hasTruncateMarker(entry.tree) ? [] : untruncatedPost(validated, entry)),
  chain((byKey) => !include(entry) ? failed([]) : pipe(
    resolveTags(entry, validated.layout.blog?.routeBasePath ?? 'blog', tagRegistryOf(validated, entry), inlinePolicies(validated).tags),
    map((tagRefs) => ({ ...common(entry), entry, permalink: permalinkOf(entry, validated.layout), date: entry.date ?? undated, authors: byKey, tags: tagRefs })),
  )),
);

/**
 * A post without a truncation marker, as the configuration's
 * `blog.onUntruncatedBlogPosts` says: Docusaurus' default is a warning (the
 * list then shows the whole post), `throw` an error, `ignore` nothing.
 */
function untruncatedPost(validated: Validated, entry: PostEntry): Problem[] {
  const policy = validated.config?.blog.onUntruncatedBlogPosts ?? 'warn';
  if (policy === 'ignore') return [];
  return [(policy === 'throw' ? error : warning)('missing-truncate', entry.file.display, startOfFile,
    'Deze blogpost heeft geen afkapregel, dus de bloglijst toont het hele bericht. Zet `<!-- truncate -->` op een eigen regel na de inleiding: de tekst daarboven verschijnt in de bloglijst.')];
}

/** A page (`pages/`) with its tags; tag pages are per area, so its tags link nowhere. */
const resolvePage = (validated: Validated) => (entry: PageEntry): Result<Page> => pipe(
  resolveTags(entry, null, tagRegistryOf(validated, entry), inlinePolicies(validated).tags),
  map((tagRefs) => ({ ...common(entry), entry, permalink: permalinkOf(entry, validated.layout), tags: tagRefs })),
);

/**
 * The day a draft without a date is shown with in development: that of the
 * newest dated post, so it heads the blog as the post being written. Drafts
 * never reach a production build, so no published page depends on it.
 */
const undatedDraftDate = (posts: ReadonlyArray<PostEntry>): string =>
  posts.reduce((newest, p) => (p.date !== null && p.date > newest ? p.date : newest), '1970-01-01');

/** Markdown files that became no page: neither built nor a draft left out. */
function unbuilt(validated: Validated, built: ReadonlyArray<{ readonly entry: Entry }>, leftOut: ReadonlyArray<Entry>): ReadonlySet<string> {
  const known = new Set([...built.map((b) => b.entry.file.path), ...leftOut.map((e) => e.file.path)]);
  return new Set(validated.markdownFiles.filter((path) => !known.has(path)));
}

const isDoc = (e: Entry): e is DocEntry => e.kind === 'doc';
const isPost = (e: Entry): e is PostEntry => e.kind === 'post';
const isPage = (e: Entry): e is PageEntry => e.kind === 'page';

/** A file under the content root as messages name it (`content/plugins/x.js`), by the prefix the entries' files have. */
const displayIn = (validated: Validated) => (file: string): string => {
  const any = validated.entries[0]?.file;
  return any && any.display.endsWith(any.path) ? `${any.display.slice(0, any.display.length - any.path.length)}${file}` : file;
};

/** The parts the site's sidebar generators have yet to make, when an area has one (the schedule has them made and resolves again). */
const generationsOf = (areas: ReadonlyArray<DocsArea>, docs: ReadonlyArray<Doc>, validated: Validated, generated: GeneratedSidebars): { sidebarGenerations?: ReadonlyArray<SidebarGeneration> } => {
  if (!areas.some((a) => a.sidebarItemsGenerator)) return {};
  const asked = sidebarGenerations(areas, docs, validated.categories, validated.sidebarFiles, generated);
  return asked.length > 0 ? { sidebarGenerations: asked } : {};
};

/** Stage entry. No value without a site configuration (validate reported why). */
export function resolve(validated: Validated, mode: Mode, generated: GeneratedSidebars = new Map()): Result<Site> {
  const { config } = validated;
  if (!config) return failed([]);
  const include = (e: Entry) => mode === 'development' || e.frontmatter.draft !== true;
  const leftOut = validated.entries.filter((e) => !include(e));
  const authors = [...validated.authors.entries].map(([key, def]) => toAuthor(key, def, config.layout.blog?.routeBasePath)).sort((a, b) => a.key.localeCompare(b.key, 'nl'));
  // Every area's tags; where two files define a key, the first file's definition counts here.
  const tags = new Map([...validated.tags.values()].reverse().flatMap((r) => [...r.entries].map(([k, v]) => [k, v.value] as const)));
  // The uses resolve checks: tags of what is built, authors of every post (drafts included).
  const tagUses = [...validated.tags].map(([, registry]) => [registry,
    usesIn(validated.entries.filter(include).filter((e) => tagRegistryOf(validated, e) === registry).map((e) => (e.frontmatter.tags ?? []).filter((t): t is string => typeof t === 'string')))] as const);
  const authored = validated.entries.filter(isPost).map((e) => postAuthorRefs(e.frontmatter).filter((a): a is string => typeof a === 'string'));
  return pipe(
    all({
      docs: traverse(resolveDoc(validated))(validated.entries.filter(isDoc).filter(include)),
      posts: pipe(
        validated.entries.filter(isPost),
        collect(resolvePost(validated, authors, validated.authors, include, undatedDraftDate(validated.entries.filter(isPost)))),
        map((posts) => [...posts].sort((a, b) => b.date.localeCompare(a.date, 'nl') || a.permalink.localeCompare(b.permalink, 'nl'))),
      ),
      pages: traverse(resolvePage(validated))(validated.entries.filter(isPage).filter(include)),
    }),
    tell([
      // Without a tags file every tag is inline, as in Docusaurus; only `throw` makes that one problem at the file.
      ...tagUses.flatMap(([registry, uses]) => registry.unusable === 'missing' && inlinePolicies(validated).tags !== 'throw' ? []
        : registryProblems(registry, uses, { code: 'unknown-tag', noun: 'tag', plural: 'tags', needs: 'een label en een beschrijving' })),
      ...inlineTagProblems(validated, validated.entries.filter(include)),
      ...inlineAuthorProblems(validated, validated.entries.filter(isPost)),
      ...registryProblems(validated.authors, usesIn(authored), { code: 'unknown-author', noun: 'auteur', plural: 'auteurs', needs: 'ten minste een naam' }),
    ]),
    chain(({ docs, posts, pages }) => pipe(
      buildSidebars(docs, validated.categories, config.layout, validated.sidebarFiles, leftOut, { made: generated, display: displayIn(validated) }),
      chain((sidebars) => withProblems<Site>({
        ...generationsOf(config.layout.docs, docs, validated, generated),
        mode, config, docs, posts, pages, tags, authors, sidebars,
        versions: versionsOf(config, docs, sidebars),
        draftPermalinks: new Set(leftOut.map((e) => permalinkOf(e, config.layout))),
        draftFiles: new Set(leftOut.map((e) => e.file.path)),
        configFile: validated.configFile,
        configPlace: validated.configPlace,
        unbuiltFiles: unbuilt(validated, [...docs, ...posts, ...pages], leftOut),
      }, referenceProblems(docs, sidebars, config, validated.configPlace, validated.configFile))),
    )),
  );
}

