/**
 * Publishing stage: what search engines read. Route table in, `/sitemap.xml`
 * and `/robots.txt` out. The sitemap lists every published, listed page: no
 * drafts, no unlisted pages, no not-found page and no search page (both are
 * `noindex`). Dates are content dates, never the clock.
 */
import type { Route, Site } from '../../types.ts';
import type { OutputFile } from '../../types.ts';
import { absolute } from '../../published.ts';

/** Whether a route belongs in the sitemap: an indexable page a reader can reach from a list. */
export function inSitemap(route: Route): boolean {
  switch (route.type) {
    case 'not-found':
    case 'search':
      return false;
    case 'docs-item':
    case 'docs-root':
    case 'docs-version-root':
      return !route.doc.draft && !route.doc.unlisted;
    case 'blog-post':
      return !route.post.draft && !route.post.unlisted;
    case 'content-page':
      return !route.page.draft && !route.page.unlisted;
    default:
      return true;
  }
}

/** The content date of a page, when it has one: a post's date, a doc's `last_update.date`. */
function lastModified(route: Route): string | null {
  const valid = (d: string | undefined) => (d && /^\d{4}-\d{2}-\d{2}/.test(d) ? d.slice(0, 10) : null);
  if (route.type === 'blog-post') return valid(route.post.entry.frontmatter.last_update?.date) ?? route.post.date;
  if ('doc' in route) return valid(route.doc.entry.frontmatter.last_update?.date);
  if (route.type === 'content-page') return valid(route.page.entry.frontmatter.last_update?.date);
  return null;
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export function sitemapXml(site: Site, routes: ReadonlyArray<Route>): string {
  const entries = routes
    .filter(inSitemap)
    .map((route) => ({ loc: absolute(site, encodeURI(route.path)), lastmod: lastModified(route) }))
    .sort((a, b) => (a.loc < b.loc ? -1 : a.loc > b.loc ? 1 : 0));
  const urls = entries.map(({ loc, lastmod }) =>
    `  <url>\n    <loc>${xmlEscape(loc)}</loc>\n${lastmod ? `    <lastmod>${lastmod}</lastmod>\n` : ''}  </url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything may be crawled in production; a development build asks not to be indexed at all. */
export function robotsTxt(site: Site): string {
  if (site.mode === 'development') {
    return `# ${site.config.siteName}: ontwikkelbuild met concepten, niet indexeren.\nUser-agent: *\nDisallow: /\n`;
  }
  return `# ${site.config.siteName}\nUser-agent: *\nAllow: /\n\nSitemap: ${absolute(site, '/sitemap.xml')}\n`;
}

export function buildSitemap(site: Site, routes: ReadonlyArray<Route>): OutputFile[] {
  return [
    { path: 'sitemap.xml', data: sitemapXml(site, routes) },
    { path: 'robots.txt', data: robotsTxt(site) },
  ];
}
