/**
 * What the publishing stages write and every page head points at: the files'
 * paths, the feed titles, the icon names, the theme colour, the search
 * collection, absolute addresses, and which posts a reader may find. The
 * stages (feeds, discovery, sitemap) and the theme both read it here, so that
 * the theme needs no stage code: like pipeline/types.ts, it imports types only.
 */
import type { SiteConfig } from './model.ts';
import type { Post, Site } from './types.ts';
import type { Layout } from './types.ts';

/** An absolute address on the production host (`url` in dist-config/site.yml): `/blog` → `https://developer.overheid.nl/blog`. */
export const absolute = (site: Site, path: string): string =>
  `${site.config.url.replace(/\/$/, '')}${path.startsWith('/') ? path : `/${path}`}`;

/**
 * A path of the blog's pages under its `routeBasePath`: its list with no
 * `rest` (`/blog`, `/nieuws`, `/` for the prefix ''), else a page under it
 * (`/blog/archive`, `/archive`). A site without a blog keeps `blog` as the
 * prefix of its (empty) feeds.
 */
export const blogPath = (layout: Pick<Layout, 'blog'>, rest = ''): string =>
  `/${layout.blog?.routeBasePath ?? 'blog'}/${rest}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');

/** The feeds and their stylesheet, in the blog's folder of the site as Docusaurus places them. */
export const feedPaths = (layout: Pick<Layout, 'blog'>) => ({
  rss: blogPath(layout, 'rss.xml'),
  atom: blogPath(layout, 'atom.xml'),
  json: blogPath(layout, 'feed.json'),
  xsl: blogPath(layout, 'feed.xsl'),
}) as const;

/** A content path for an author's picture: one relative to the authors file (`./img/ada.png`) lies in the blog's folder. */
export const authorImagePath = (layout: Pick<Layout, 'blog'>, imageUrl: string): string =>
  imageUrl.replace(/^\.\//, `${layout.blog?.path ?? 'blog'}/`);

/** The titles of the feed links (`<link rel="alternate">`) in every page head. */
export const feedTitles = (siteName: string) => ({
  rss: `${siteName} – blog (RSS)`,
  atom: `${siteName} – blog (Atom)`,
  json: `${siteName} – blog (JSON Feed)`,
});

export const discoveryPaths = { opensearch: '/opensearch.xml', manifest: '/manifest.webmanifest' } as const;

/** Lintblauw, the Rijkshuisstijl colour of the header and the icons. */
export const themeColour = '#154273';

/** Icons in theme/static, by file name; the theme gives each its public (hashed) URL. */
export const iconFiles = {
  svg: 'favicon.svg',
  ico: 'favicon.ico',
  png96: 'favicon-96x96.png',
  appleTouch: 'apple-touch-icon.png',
  png192: 'icon-192.png',
  png512: 'icon-512.png',
  maskable512: 'icon-maskable-512.png',
} as const;

/**
 * The posts a reader may find in a list: published (never a draft, not even
 * in a development build) and not unlisted. Newest first, as `site.posts` is.
 * The feeds and the home page's latest posts both come from here.
 */
export const publishedPosts = (site: Site): ReadonlyArray<Post> => site.posts.filter((p) => !p.draft && !p.unlisted);

/** The Typesense alias the site searches: `developer_{product}`. */
export const aliasName = (product: string): string => `developer_${product}`;

/** The collection the configured site searches: the alias unless site.yml names another. */
export const searchCollection = (config: Pick<SiteConfig, 'product' | 'search'>): string =>
  config.search.typesense?.collection ?? aliasName(config.product);
