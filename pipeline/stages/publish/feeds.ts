/**
 * Publishing stage: the blog feeds. Site and built content in, four files out,
 * under the blog's URL prefix: RSS 2.0 (`/blog/rss.xml`), Atom 1.0
 * (`/blog/atom.xml`), JSON Feed 1.1 (`/blog/feed.json`) and the XSLT
 * stylesheet (`/blog/feed.xsl`) that makes the RSS and Atom files read as a
 * Dutch page when opened in a browser.
 *
 * The XML is written by the `feed` package. A post's body is written by the
 * renderer, as its page's body is (`FeedOptions.bodyHtml`): a stage does not
 * import the renderer, so the graph passes it in. Everything is
 * deterministic: the feed's `updated` is the newest post date, never the clock.
 */
import { Feed, type Item } from 'feed';
import type { Root as HastRoot } from 'hast';
import type { Content, OutputFile, Author, Post, Site } from '../../types.ts';
import { absolute, authorImagePath, blogPath, feedPaths, publishedPosts } from '../../published.ts';

export { feedPaths } from '../../published.ts';

/** A `YYYY-MM-DD` post date as a moment: midnight UTC, independent of the machine's time zone. */
export const postDate = (date: string): Date => new Date(`${date.slice(0, 10)}T00:00:00.000Z`);

const isLocal = (url: string) => url.startsWith('/') && !url.startsWith('//');

// ---------------------------------------------------------------------------

interface FeedPost {
  readonly post: Post;
  readonly url: string;
  readonly summary: string;
  readonly html: string;
}

function authorLink(site: Site, author: Author): string | undefined {
  return author.permalink ? absolute(site, author.permalink) : (author.url ?? undefined);
}

function avatar(site: Site, author: Author, assetUrl: (contentPath: string) => string | null): string | undefined {
  if (!author.imageUrl) return undefined;
  if (/^https?:\/\//.test(author.imageUrl)) return author.imageUrl;
  const url = assetUrl(authorImagePath(site.config.layout, author.imageUrl));
  return url ? absolute(site, url) : undefined;
}

/** One `Feed` per format: RSS names authors in `dc:creator` (its `author` element must be an e-mail address). */
function makeFeed(site: Site, posts: ReadonlyArray<FeedPost>, format: 'rss' | 'atom' | 'json', assetUrl: (p: string) => string | null, icon: string, styled: boolean): Feed {
  const { config } = site;
  const blogUrl = absolute(site, blogPath(config.layout));
  const paths = feedPaths(config.layout);
  const newest = posts[0]?.post.date;
  const feed = new Feed({
    id: blogUrl,
    link: blogUrl,
    title: `${config.siteName} – blog`,
    description: 'Nieuws, achtergronden en verhalen van ontwikkelaars bij de overheid.',
    language: config.locale.lang,
    // Deterministic: the newest post's date, or the epoch for an empty blog.
    updated: postDate(newest ?? '1970-01-01'),
    generator: config.siteName,
    copyright: config.footer.copyright,
    image: icon,
    favicon: absolute(site, '/favicon.ico'),
    author: { name: config.siteName, link: absolute(site, '/') },
    stylesheet: format === 'json' || !styled ? undefined : paths.xsl,
    feedLinks: { rss: absolute(site, paths.rss), atom: absolute(site, paths.atom), json: absolute(site, paths.json) },
  });
  for (const { post, url, summary, html } of posts) {
    const date = postDate(post.date);
    // Atom's title and summary are `type="html"`: their text must be escaped once (RSS and JSON take plain text).
    const plain = (s: string) => (format === 'atom' ? htmlEscape(s) : s);
    const item: Item = {
      title: plain(post.title),
      id: url,
      link: url,
      date,
      published: date,
      description: plain(summary),
      content: html,
      category: post.tags.map((t) => ({ name: t.label, term: t.key, domain: absolute(site, t.permalink), scheme: absolute(site, `${blogPath(config.layout, 'tags')}/`) })),
    };
    if (format === 'rss') {
      // One `dc:creator` per author: xml-js writes an array as repeated elements (the type only names objects).
      const creators = post.authors.map((a) => ({ _text: a.name }));
      if (creators.length) item.extensions = [{ name: 'dc:creator', objects: creators as unknown as Record<string, unknown> }];
    } else if (post.authors.length) {
      // Never an empty list: the feed library reads `author[0].name` (a post whose authors were all refused).
      item.author = post.authors.map((a) => ({ name: a.name, link: authorLink(site, a), avatar: avatar(site, a, assetUrl) }));
    }
    feed.addItem(item);
  }
  return feed;
}

/**
 * JSON Feed 1.1 on top of the library's 1.0 output: every author (1.1 `authors`,
 * 1.0 `author` kept for older readers) and the feed's language.
 */
function jsonFeed11(json: string, site: Site, posts: ReadonlyArray<FeedPost>, assetUrl: (p: string) => string | null): string {
  const feed = JSON.parse(json) as Record<string, unknown> & { items: Array<Record<string, unknown>> };
  feed.version = 'https://jsonfeed.org/version/1.1';
  feed.language = site.config.locale.lang;
  feed.authors = [{ name: site.config.siteName, url: absolute(site, '/') }];
  feed.items.forEach((item, i) => {
    const post = posts[i]?.post;
    if (post?.authors.length) {
      item.authors = post.authors.map((a) => {
        const author: Record<string, string> = { name: a.name };
        const url = authorLink(site, a);
        const image = avatar(site, a, assetUrl);
        if (url) author.url = url;
        if (image) author.avatar = image;
        return author;
      });
    }
  });
  return `${JSON.stringify(feed, null, 2)}\n`;
}

export interface FeedOptions {
  /**
   * A post's body as HTML that stands on its own in a feed reader (plain
   * HTML, absolute URLs), given the post's absolute URL: the renderer's
   * `feedBodyHtml`, passed in by the graph.
   */
  readonly bodyHtml: (body: HastRoot, url: string, post: Post) => string;
  /** Public URL of a content asset (author avatars), as the renderer resolves it. */
  readonly assetUrl: (contentPath: string) => string | null;
  /** Public URL of the site stylesheet, for the browser view of the feed. */
  readonly css: string;
  /** Public URL of a square icon for the feed's logo. */
  readonly icon: string;
  /** The template of the browser view (theme/feeds/feed.xsl), read at the io edge; null: the feeds have none. */
  readonly stylesheet: string | null;
}

export function buildFeeds(site: Site, contents: ReadonlyMap<string, Content>, options: FeedOptions): OutputFile[] {
  const posts: FeedPost[] = publishedPosts(site).map((post) => {
    const content = contents.get(post.permalink);
    const url = absolute(site, post.permalink);
    return {
      post,
      url,
      summary: post.description ?? content?.firstParagraph ?? post.title,
      html: content ? options.bodyHtml(content.body, url, post) : '',
    };
  });
  const icon = isLocal(options.icon) ? absolute(site, options.icon) : options.icon;
  const feed = (format: 'rss' | 'atom' | 'json') => makeFeed(site, posts, format, options.assetUrl, icon, options.stylesheet !== null);
  const paths = feedPaths(site.config.layout);
  return [
    { path: paths.rss.slice(1), data: feed('rss').rss2() },
    { path: paths.atom.slice(1), data: feed('atom').atom1() },
    { path: paths.json.slice(1), data: jsonFeed11(feed('json').json1(), site, posts, options.assetUrl) },
    ...(options.stylesheet === null ? [] : [{ path: paths.xsl.slice(1), data: feedStylesheet(site, options.stylesheet, options.css) }]),
  ];
}

// ---------------------------------------------------------------------------
// The XSLT stylesheet, a template in the theme (theme/feeds/feed.xsl): XSLT
// 1.0, the version browsers implement. It renders RSS and Atom alike, in
// Dutch, with the site's own stylesheet (no inline styles or scripts, so it
// works under a strict Content-Security-Policy).

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const htmlEscape = xmlEscape;

/**
 * The words of the shell the stylesheet repeats (skip link, breadcrumbs,
 * tags): the theme's labels for them, which a stage cannot import;
 * tests/renderer/shared-rules.test.ts keeps the two the same.
 */
export const shellText = { skipToContent: 'Ga naar hoofdinhoud', breadcrumbs: 'Broodkruimels', home: 'Homepagina', tags: 'Tags:' } as const;

/**
 * The stylesheet from the theme's template (theme/feeds/feed.xsl, read at the
 * io edge): each `{{name}}` becomes the site's value, escaped where it is text
 * of the site; the feed paths are the layout's own.
 */
export function feedStylesheet(site: Site, template: string, css: string): string {
  const paths = feedPaths(site.config.layout);
  const values: Readonly<Record<string, string>> = {
    rss: paths.rss,
    atom: paths.atom,
    json: paths.json,
    lang: xmlEscape(site.config.locale.lang),
    name: xmlEscape(site.config.siteName),
    blog: xmlEscape(blogPath(site.config.layout)),
    css: xmlEscape(css),
    skipToContent: xmlEscape(shellText.skipToContent),
    breadcrumbs: xmlEscape(shellText.breadcrumbs),
    home: xmlEscape(shellText.home),
    tags: xmlEscape(shellText.tags),
  };
  return template.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}
