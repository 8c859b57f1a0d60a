/**
 * Structured data (schema.org as JSON-LD): a `BreadcrumbList` on docs pages
 * and a `BlogPosting` on blog posts. Plain values in, plain objects out; the
 * shell writes them in a `<script type="application/ld+json">` data block,
 * which browsers never execute (so a strict CSP allows it).
 */
import type { Post } from '../pipeline/types.ts';
import type { PageContext } from './context.ts';
import { absolute } from '../pipeline/published.ts';

export type StructuredData = Readonly<Record<string, unknown>>;

/**
 * The breadcrumbs a page shows, from the home page (`trail[0]`) down to the
 * page itself. Crumbs without a page of their own (a category without an
 * index) are left out: every list item but the last needs an address.
 */
export function breadcrumbList(ctx: PageContext, trail: ReadonlyArray<{ label: string; href: string | null }>): StructuredData {
  const { site, route } = ctx;
  const items = trail.flatMap((c, i) => {
    const last = i === trail.length - 1;
    const href = last ? (c.href ?? route.path) : c.href;
    return href ? [{ name: c.label, href }] : [];
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: absolute(site, c.href) })),
  };
}

export function blogPosting(ctx: PageContext, post: Post, options: { description: string | null; image: string; wordCount: number }): StructuredData {
  const { site } = ctx;
  const url = absolute(site, post.permalink);
  const modified = post.entry.frontmatter.last_update?.date;
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    ...(options.description ? { description: options.description } : {}),
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    datePublished: post.date,
    dateModified: modified && /^\d{4}-\d{2}-\d{2}/.test(modified) ? modified.slice(0, 10) : post.date,
    inLanguage: site.config.locale.lang,
    image: options.image,
    wordCount: options.wordCount,
    ...(post.tags.length ? { keywords: post.tags.map((t) => t.label).join(', ') } : {}),
    author: post.authors.map((a) => ({
      '@type': 'Person',
      name: a.name,
      ...(a.title ? { jobTitle: a.title } : {}),
      ...(a.permalink ? { url: absolute(site, a.permalink) } : a.url ? { url: a.url } : {}),
    })),
    publisher: {
      '@type': 'Organization',
      name: site.config.siteName,
      url: absolute(site, '/'),
      logo: { '@type': 'ImageObject', url: absolute(site, ctx.theme.files.get('icon-512.png') ?? '/icon-512.png'), width: 512, height: 512 },
    },
  };
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no text can close the element. */
export const jsonLd = (data: StructuredData): string =>
  JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
