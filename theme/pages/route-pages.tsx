/** The theme's page for each route type: what the renderer draws a route with. */
import type { RoutePages } from '../../renderer/render.tsx';
import { DocPage, DocsTagDocsPage, DocsTagListPage } from './DocsPages.tsx';
import { GeneratedIndexPage } from './GeneratedIndexPage.tsx';
import {
  BlogArchivePage, BlogAuthorPostsPage, BlogAuthorsPage, BlogListPage, BlogPostPage, BlogTagPostsPage, BlogTagsPage,
} from './BlogPages.tsx';
import { ContentPage, HomePage, NotFoundPage, ReactPage, SearchPage } from './Pages.tsx';

export const routePages: RoutePages = {
  'docs-item': (ctx, route) => <DocPage ctx={ctx} doc={route.doc} variant="item" />,
  'docs-root': (ctx, route) => <DocPage ctx={ctx} doc={route.doc} variant="root" />,
  'docs-version-root': (ctx, route) => <DocPage ctx={ctx} doc={route.doc} variant="version-root" />,
  'docs-tag-list': (ctx, route) => <DocsTagListPage ctx={ctx} tags={route.tags} plugin={route.plugin} />,
  'docs-tag-docs': (ctx, route) => <DocsTagDocsPage ctx={ctx} tag={route.tag} docs={route.docs} plugin={route.plugin} />,
  'docs-generated-index': (ctx, route) => <GeneratedIndexPage ctx={ctx} category={route.category} plugin={route.plugin} />,
  'blog-list': (ctx, route) => <BlogListPage ctx={ctx} pagination={route.pagination} />,
  'blog-post': (ctx, route) => <BlogPostPage ctx={ctx} post={route.post} newer={route.newer} older={route.older} />,
  'blog-archive': (ctx, route) => <BlogArchivePage ctx={ctx} years={route.years} />,
  'blog-tags': (ctx, route) => <BlogTagsPage ctx={ctx} tags={route.tags} />,
  'blog-tag-posts': (ctx, route) => <BlogTagPostsPage ctx={ctx} tag={route.tag} pagination={route.pagination} />,
  'blog-authors': (ctx, route) => <BlogAuthorsPage ctx={ctx} authors={route.authors} />,
  'blog-author-posts': (ctx, route) => <BlogAuthorPostsPage ctx={ctx} author={route.author} pagination={route.pagination} />,
  'search': (ctx, route) => <SearchPage ctx={ctx} page={route.page} />,
  'content-page': (ctx, route) => (route.page.entry.react ? <ReactPage ctx={ctx} page={route.page} />
    : route.path === '/' ? <HomePage ctx={ctx} page={route.page} /> : <ContentPage ctx={ctx} page={route.page} />),
  'not-found': (ctx) => <NotFoundPage ctx={ctx} />,
};
