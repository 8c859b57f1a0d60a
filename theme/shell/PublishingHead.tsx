/**
 * The publishing part of every page head: social card image, icons and
 * manifest, feed and search discovery, structured data and the analytics
 * bootstrap. No inline script: the analytics bootstrap is an external file
 * that reads its configuration from its own data attributes, and JSON-LD is
 * a data block that browsers never execute.
 */
import { posix } from 'node:path';
import type { PageContext } from '../../renderer/context.ts';
import { jsonLd, type StructuredData } from '../../renderer/structured-data.ts';
import { absolute, discoveryPaths, feedPaths, feedTitles, iconFiles, themeColour } from '../../pipeline/published.ts';

/** The social cards the theme draws (PNG 1200×630 in theme/static): one per portal area, and the default. */
export const socialCardAreas = ['kennisbank', 'communities', 'blog', 'default'] as const;
export type SocialCardArea = (typeof socialCardAreas)[number];

/** The name of a route's area for its card's alt text: the docs area's label, Blog, or none for pages. */
function areaName(ctx: PageContext): string | null {
  const plugin = ctx.route.plugin;
  if (plugin === 'pages') return null;
  if (plugin === 'blog') return 'Blog';
  return ctx.site.config.layout.docs.find((a) => a.id === plugin)?.label ?? null;
}

/**
 * The `image` a page's frontmatter gives, as Docusaurus reads it: an https
 * address as it is, a site path (`/img/kaart.png`, a file of a static folder)
 * on the site's host, a path relative to the page's file as its hashed asset.
 * Null without one, or when the file is not there.
 */
function frontmatterImage(ctx: PageContext): string | null {
  const { route } = ctx;
  const entry = 'doc' in route ? route.doc.entry : 'post' in route ? route.post.entry : 'page' in route && route.page ? route.page.entry : null;
  const image = entry?.frontmatter.image?.trim();
  if (!entry || !image) return null;
  if (/^https?:\/\//i.test(image)) return image;
  if (image.startsWith('/')) return absolute(ctx.site, image);
  const asset = ctx.assetUrl(posix.normalize(posix.join(posix.dirname(entry.file.path), image)));
  return asset ? absolute(ctx.site, asset) : null;
}

/**
 * A page's social card: the `image` its frontmatter gives, else its area's
 * card when the theme draws one, else the default card. `drawn` says whether
 * it is one of the theme's cards (PNG, 1200 × 630).
 */
export function socialCard(ctx: PageContext): { url: string; alt: string; drawn: boolean } {
  const plugin = ctx.route.plugin;
  const area: SocialCardArea = (socialCardAreas as ReadonlyArray<string>).includes(plugin) ? plugin as SocialCardArea : 'default';
  const name = `social-${area}.png`;
  const { siteName } = ctx.site.config;
  const label = areaName(ctx);
  const own = frontmatterImage(ctx);
  return {
    url: own ?? absolute(ctx.site, ctx.theme.files.get(name) ?? `/${name}`),
    alt: label === null ? siteName : `${siteName}: ${label}`,
    drawn: own === null,
  };
}

/** A meta description of at most 200 characters, cut at a word boundary. */
export function metaDescription(text: string, max = 200): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** The analytics bootstrap tag: production only, and only when the configuration names a service. */
export function AnalyticsScript({ ctx }: { ctx: PageContext }) {
  const analytics = ctx.site.config.analytics;
  if (ctx.dev || ctx.site.mode !== 'production' || !analytics || (!analytics.counter && !analytics.tracker)) return null;
  const { counter, tracker } = analytics;
  return (
    <script
      src={ctx.theme.files.get('analytics.js') ?? '/analytics.js'}
      async
      data-analytics=""
      data-counter-script={counter?.script}
      data-counter-endpoint={counter?.endpoint}
      data-tracker-url={tracker?.url}
      data-tracker-site-id={tracker ? String(tracker.siteId) : undefined}
      data-tracker-domains={tracker?.domains.join(',')}
      data-tracker-cookie-minutes={tracker?.cookieMinutes !== undefined ? String(tracker.cookieMinutes) : undefined}
    />
  );
}

export function PublishingHead({ ctx, structuredData }: { ctx: PageContext; structuredData?: StructuredData | undefined }) {
  const { config } = ctx.site;
  const file = (name: string) => ctx.theme.files.get(name) ?? `/${name}`;
  const card = socialCard(ctx);
  const titles = feedTitles(config.siteName);
  const feeds = feedPaths(config.layout);
  return (
    <>
      <meta property="og:image" content={card.url} />
      {card.drawn ? (
        <>
          <meta property="og:image:type" content="image/png" />
          <meta property="og:image:width" content="1200" />
          <meta property="og:image:height" content="630" />
        </>
      ) : null}
      <meta property="og:image:alt" content={card.alt} />
      <meta name="twitter:image" content={card.url} />
      <meta name="twitter:image:alt" content={card.alt} />
      <link rel="icon" href={file(iconFiles.ico)} sizes="32x32" />
      <link rel="icon" href={file(iconFiles.svg)} type="image/svg+xml" />
      <link rel="icon" href={file(iconFiles.png96)} type="image/png" sizes="96x96" />
      <link rel="apple-touch-icon" href={file(iconFiles.appleTouch)} sizes="180x180" />
      <link rel="manifest" href={discoveryPaths.manifest} />
      <meta name="theme-color" content={themeColour} />
      <link rel="alternate" type="application/rss+xml" title={titles.rss} href={feeds.rss} />
      <link rel="alternate" type="application/atom+xml" title={titles.atom} href={feeds.atom} />
      <link rel="alternate" type="application/feed+json" title={titles.json} href={feeds.json} />
      <link rel="search" type="application/opensearchdescription+xml" title={config.siteName} href={discoveryPaths.opensearch} />
      {structuredData ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(structuredData) }} /> : null}
      <AnalyticsScript ctx={ctx} />
    </>
  );
}
