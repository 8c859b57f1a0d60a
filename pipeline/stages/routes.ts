/**
 * Stage 6, routes: the route table. Site in, `Route[]` out: every path the
 * build writes, its page type, its plugin context, its sidebar, and for list
 * pages the posts or docs it lists (spec section 3, route-to-content map).
 */
import { paginate, type Pagination } from './paginate.ts';
import { tagPermalink, type Author, type Doc, type Post, type Page, type Site, type TagRef } from './resolve.ts';
import { pipe } from 'fp-ts/function';
import { warning, startOfFile } from '../problem.ts';
import { collect, failed, ok, type Result } from '../result.ts';

export type Plugin = 'kennisbank' | 'communities' | 'blog' | 'pages';

export interface TagSummary {
  readonly key: string;
  readonly label: string;
  readonly description: string;
  readonly permalink: string;
  readonly count: number;
}

interface RouteBase {
  readonly path: string;
  readonly plugin: Plugin;
  readonly sidebarId: string | null;
}

export type Route = RouteBase & (
  | { readonly type: 'docs-item'; readonly doc: Doc }
  | { readonly type: 'docs-root'; readonly doc: Doc }
  | { readonly type: 'docs-version-root'; readonly doc: Doc }
  | { readonly type: 'docs-tag-list'; readonly tags: ReadonlyArray<TagSummary> }
  | { readonly type: 'docs-tag-docs'; readonly tag: TagSummary; readonly docs: ReadonlyArray<Doc> }
  | { readonly type: 'blog-list'; readonly pagination: Pagination<Post> }
  | { readonly type: 'blog-post'; readonly post: Post; readonly newer: Post | null; readonly older: Post | null }
  | { readonly type: 'blog-archive'; readonly years: ReadonlyArray<{ readonly year: string; readonly posts: ReadonlyArray<Post> }> }
  | { readonly type: 'blog-tags'; readonly tags: ReadonlyArray<TagSummary> }
  | { readonly type: 'blog-tag-posts'; readonly tag: TagSummary; readonly pagination: Pagination<Post> }
  | { readonly type: 'blog-authors'; readonly authors: ReadonlyArray<{ readonly author: Author; readonly count: number }> }
  | { readonly type: 'blog-author-posts'; readonly author: Author; readonly pagination: Pagination<Post> }
  | { readonly type: 'search'; readonly page: Page | null }
  | { readonly type: 'content-page'; readonly page: Page }
  | { readonly type: 'not-found' }
);

export type PageType = Route['type'];

/** Docs and posts that may appear in lists: not unlisted (drafts are already gone in production). */
const listed = <A extends { unlisted: boolean }>(xs: ReadonlyArray<A>) => xs.filter((x) => !x.unlisted);

function tagIndex<A extends { tags: ReadonlyArray<TagRef> }>(items: ReadonlyArray<A>, area: 'kennisbank' | 'communities' | 'blog', site: Site): Array<{ tag: TagSummary; items: A[] }> {
  const byKey = new Map<string, A[]>();
  for (const item of items) for (const tag of item.tags) byKey.set(tag.key, [...(byKey.get(tag.key) ?? []), item]);
  return [...byKey.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'nl'))
    .map(([key, tagged]) => {
      const def = site.tags.get(key);
      return {
        tag: { key, label: def?.label ?? key, description: def?.description ?? '', permalink: tagPermalink(area, key, def?.permalink), count: tagged.length },
        items: tagged,
      };
    });
}

export function buildRoutes(site: Site): Result<ReadonlyArray<Route>> {
  const routes: Route[] = [];
  const perPage = site.config.blog.postsPerPage;

  // Docs: kennisbank and communities.
  for (const plugin of ['kennisbank', 'communities'] as const) {
    const docs = site.docs.filter((d) => d.plugin === plugin);
    const mainDocId = site.versions.find((v) => v.plugin === plugin)?.mainDocId ?? 'index';
    for (const doc of docs) {
      const type = doc.id === mainDocId ? (plugin === 'kennisbank' ? 'docs-root' : 'docs-version-root') : 'docs-item';
      routes.push({ path: doc.permalink, plugin, sidebarId: doc.sidebarId, type, doc });
    }
    const tagged = tagIndex(listed(docs), plugin, site);
    if (tagged.length) {
      routes.push({ path: `/${plugin}/tags`, plugin, sidebarId: null, type: 'docs-tag-list', tags: tagged.map((t) => t.tag) });
      for (const { tag, items } of tagged) {
        routes.push({ path: tag.permalink, plugin, sidebarId: null, type: 'docs-tag-docs', tag, docs: [...items].sort((a, b) => a.title.localeCompare(b.title, 'nl')) });
      }
    }
  }

  // Blog.
  const visible = listed(site.posts);
  for (const pagination of paginate(visible, perPage, '/blog')) {
    routes.push({ path: pagination.path, plugin: 'blog', sidebarId: null, type: 'blog-list', pagination });
  }
  site.posts.forEach((post) => {
    // Prev/next follow the listed order; an unlisted post links to neither neighbour list.
    const i = visible.indexOf(post);
    routes.push({
      path: post.permalink, plugin: 'blog', sidebarId: null, type: 'blog-post', post,
      newer: i > 0 ? (visible[i - 1] ?? null) : null,
      older: i >= 0 ? (visible[i + 1] ?? null) : null,
    });
  });
  const years = new Map<string, Post[]>();
  for (const post of visible) years.set(post.date.slice(0, 4), [...(years.get(post.date.slice(0, 4)) ?? []), post]);
  routes.push({ path: '/blog/archive', plugin: 'blog', sidebarId: null, type: 'blog-archive', years: [...years].map(([year, posts]) => ({ year, posts })) });
  const blogTags = tagIndex(visible, 'blog', site);
  routes.push({ path: '/blog/tags', plugin: 'blog', sidebarId: null, type: 'blog-tags', tags: blogTags.map((t) => t.tag) });
  for (const { tag, items } of blogTags) {
    for (const pagination of paginate(items, perPage, tag.permalink)) {
      routes.push({ path: pagination.path, plugin: 'blog', sidebarId: null, type: 'blog-tag-posts', tag, pagination });
    }
  }
  const withPages = site.authors.filter((a) => a.permalink !== null);
  routes.push({
    path: '/blog/authors', plugin: 'blog', sidebarId: null, type: 'blog-authors',
    authors: withPages.map((author) => ({ author, count: visible.filter((p) => p.authors.includes(author)).length })),
  });
  for (const author of withPages) {
    const posts = visible.filter((p) => p.authors.includes(author));
    for (const pagination of paginate(posts, perPage, author.permalink ?? '')) {
      routes.push({ path: pagination.path, plugin: 'blog', sidebarId: null, type: 'blog-author-posts', author, pagination });
    }
  }

  // Static pages, the search page and the not-found page.
  const searchPath = site.config.search.page ?? '/zoeken';
  for (const page of site.pages) {
    if (page.permalink === searchPath) continue;
    routes.push({ path: page.permalink, plugin: 'pages', sidebarId: null, type: 'content-page', page });
  }
  routes.push({ path: searchPath, plugin: 'pages', sidebarId: null, type: 'search', page: site.pages.find((p) => p.permalink === searchPath) ?? null });
  routes.push({ path: '/404.html', plugin: 'pages', sidebarId: null, type: 'not-found' });

  return uniqueRoutes(routes);
}

/** Two sources for one path: keep the first, warn about the rest (spec section 5). */
function uniqueRoutes(routes: ReadonlyArray<Route>): Result<ReadonlyArray<Route>> {
  const first = new Map<string, Route>();
  for (const route of routes) if (!first.has(route.path)) first.set(route.path, route);
  return pipe(routes, collect((route) => {
    const kept = first.get(route.path) ?? route;
    return kept === route ? ok(route) : failed([warning('duplicate-route', sourceOf(route), startOfFile,
      `De route ${route.path} wordt ook al gemaakt door ${sourceOf(kept)}. Alleen de eerste wordt gebouwd; geef een van beide een andere slug.`)]);
  }));
}

const sourceOf = (route: Route): string =>
  'doc' in route ? route.doc.entry.file.display
    : 'post' in route ? route.post.entry.file.display
      : route.type === 'content-page' ? route.page.entry.file.display
        : `(gegenereerde pagina ${route.type})`;

/** The output file for a route: `/x` → `x/index.html`, `/x/` → `x/index.html`, `/404.html` stays. */
export const outputFile = (path: string): string =>
  path.endsWith('.html') ? path.slice(1) : `${path.replace(/^\/|\/$/g, '')}/index.html`.replace(/^\//, '');
