/** Generic content page, the home page, the search page and the not-found page. */
import type { Page } from '../../pipeline/types.ts';
import type { PageContext } from '../../renderer/context.ts';
import { Markdown } from '../../renderer/markdown.tsx';
import { blogPath, publishedPosts } from '../../pipeline/published.ts';
import { bodyTheme } from '../shell/body-theme.tsx';
import { Layout } from '../shell/Layout.tsx';
import { siteHosts } from '../shell/site-text.ts';
import { SmartLink } from '../shell/SmartLink.tsx';
import { clientSearchConfig } from '../shell/search-config.ts';
import { labels } from '../client/labels.ts';
import { dutchDate } from './dutch-date.ts';
import { Banner, TableOfContents } from './parts.tsx';
import { areaSidebar, countArticles } from './DocsPages.tsx';
import { Pictogram } from './pictograms.tsx';
import type { HomeTile } from '../../pipeline/model.ts';

export function ContentPage({ ctx, page }: { ctx: PageContext; page: Page }) {
  const content = ctx.contents.get(page.permalink);
  const showToc = !page.entry.frontmatter.hide_table_of_contents && (content?.toc.length ?? 0) > 2;
  return (
    <Layout ctx={ctx} title={page.title} description={page.description ?? content?.firstParagraph ?? null} robots={page.unlisted ? 'noindex, nofollow' : undefined}>
      <div className={`doc-container${showToc ? ' with-toc' : ''}`}>
        <article className="content-page">
          {page.draft ? <Banner kind="draft">{labels.draftBanner}</Banner> : null}
          {page.unlisted ? <Banner kind="unlisted">{labels.unlistedBanner}</Banner> : null}
          {/* A Docusaurus site's pages draw no title of their own: a page's `# heading`, if any, is its h1. */}
          {(ctx.site.config.layout.pages?.drawsTitle ?? true) && page.entry.contentTitle === null && !page.entry.frontmatter.hide_title ? <h1>{page.title}</h1> : null}
          <Markdown tree={content?.body} siteHosts={siteHosts(ctx)} bodyTheme={bodyTheme(ctx)} />
        </article>
        {showToc && content ? <TableOfContents toc={content.toc} /> : null}
      </div>
    </Layout>
  );
}

/**
 * A React page of the site (pipeline/stages/react-pages.ts): what its code
 * rendered, as it rendered it (already held to the schema of site-code
 * output), in the shell, with the title and description its `Layout` gave.
 * Docusaurus draws no title above it, and neither does this page.
 */
export function ReactPage({ ctx, page }: { ctx: PageContext; page: Page }) {
  const content = ctx.contents.get(page.permalink);
  const wrapper = page.entry.frontmatter.wrapperClassName;
  return (
    <Layout ctx={ctx} title={page.title} description={page.description ?? content?.firstParagraph ?? null} noFooter={page.entry.react?.noFooter === true}>
      <div className={wrapper ? `react-page ${wrapper}` : 'react-page'} dangerouslySetInnerHTML={{ __html: page.entry.react?.html ?? '' }} />
    </Layout>
  );
}

/**
 * The search form of the home, search and not-found pages. A plain GET to the
 * search page, so it works without JavaScript; the search page reads `q`.
 */
function SearchForm({ id, size = 'regular', home }: { id: string; size?: 'regular' | 'large'; home?: boolean }) {
  return (
    <form className={`search-form${size === 'large' ? ' search-form-large' : ''}`} action="/zoeken" method="get" role="search">
      <label htmlFor={id} className="search-label">{labels.searchLabel}</label>
      <div className="search-row">
        <input id={id} name="q" type="search" autoComplete="off" enterKeyHint="search" data-search-input={home ? 'home' : 'page'} />
        <button type="submit" className="button">{labels.searchButton}</button>
      </div>
    </form>
  );
}

/** Words only the server-rendered pages use; kept out of labels.ts, which ships in the browser bundle. */
const words = {
  kennisbankTopics: 'Onderwerpen in de kennisbank',
} as const;

/** The configured tiles (site.yml `home.tiles`): pictogram, title, text and an optional badge; the whole tile is the link. */
export function Tiles({ ctx, tiles }: { ctx: PageContext; tiles: ReadonlyArray<HomeTile> }) {
  if (!tiles.length) return null;
  const hosts = siteHosts(ctx);
  return (
    <ul className="tiles-grid">
      {tiles.map((tile) => (
        <li key={tile.href} className="tile">
          {tile.pictogram ? <Pictogram name={tile.pictogram} /> : null}
          <h2 className="tile-title"><SmartLink href={tile.href} siteHosts={hosts} className="tile-link">{tile.title}</SmartLink></h2>
          {tile.badge ? <p className="tile-badge">{tile.badge}</p> : null}
          <p className="tile-text">{tile.text}</p>
        </li>
      ))}
    </ul>
  );
}

export function HomePage({ ctx, page }: { ctx: PageContext; page: Page | null }) {
  const content = page ? ctx.contents.get(page.permalink) : undefined;
  const overview = ctx.site.sidebars.find((s) => s.id === 'overview');
  const areas = overview?.items[0]?.type === 'category' ? overview.items[0].items : [];
  const areaCount = (href: string | null) => {
    const sidebar = areaSidebar(ctx, href);
    const area = sidebar?.items[0]?.type === 'category' ? sidebar.items[0].items[0] : undefined;
    return area?.type === 'category' ? countArticles(area.items) : 0;
  };
  // The same posts as the blog feeds: published and listed, newest first.
  const latest = publishedPosts(ctx.site).slice(0, 3);
  const hosts = siteHosts(ctx);
  const tiles = ctx.site.config.home?.tiles ?? [];
  return (
    <Layout ctx={ctx} title={page?.title ?? ctx.site.config.siteName} description={page?.description ?? content?.firstParagraph ?? null}>
      <section className={`hero${tiles.length ? ' hero-with-tiles' : ''}`} aria-labelledby="hero-title">
        <div className="hero-inner">
          <h1 id="hero-title">{page?.title ?? ctx.site.config.siteName}</h1>
          {page?.description ? <p className="hero-lead">{page.description}</p> : null}
          <SearchForm id="home-search" size="large" home />
        </div>
      </section>
      <div className="home-content">
        <Tiles ctx={ctx} tiles={tiles} />
        <div className="home-band">
          {content ? <div className="home-intro"><Markdown tree={content.body} siteHosts={hosts} bodyTheme={bodyTheme(ctx)} /></div> : null}
          {latest.length ? (
            <section className="home-latest" aria-labelledby="latest-title">
              <h2 id="latest-title">{labels.latestPosts}</h2>
              <ul className="latest-posts">
                {latest.map((p) => (
                  <li key={p.permalink}>
                    <a href={p.permalink}>{p.title}</a>
                    <time dateTime={p.date}>{dutchDate(p.date)}</time>
                    {p.description ? <p>{p.description}</p> : null}
                  </li>
                ))}
              </ul>
              <p><a href={blogPath(ctx.site.config.layout)}>{labels.allPosts}</a></p>
            </section>
          ) : null}
        </div>
        {areas.length ? (
          <section aria-labelledby="areas-title">
            <h2 id="areas-title">{words.kennisbankTopics}</h2>
            <ul className="cards tiles">
              {areas.map((a) => (
                <li key={a.href} className="card">
                  <h3 className="card-title"><a href={a.href ?? undefined}>{a.label}</a></h3>
                  {a.type === 'category' && a.description ? <p className="card-description">{a.description}</p> : null}
                  <p className="card-count">{labels.articles(areaCount(a.href))}</p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </Layout>
  );
}

export function SearchPage({ ctx, page }: { ctx: PageContext; page: Page | null }) {
  const content = page ? ctx.contents.get(page.permalink) : undefined;
  return (
    <Layout ctx={ctx} title={labels.searchTitle} description="Zoek in de kennisbank, de blog en de communities van het ontwikkelaarsportaal." robots="noindex, follow">
      <div className="content-page search-page">
        <div className="search-panel">
          <h1>{labels.searchTitle}</h1>
          {content ? <Markdown tree={content.body} siteHosts={siteHosts(ctx)} bodyTheme={bodyTheme(ctx)} /> : null}
          <SearchForm id="search-page-input" size="large" />
        </div>
        <noscript><p className="search-no-js" data-search-no-js>{labels.searchNeedsJs}</p></noscript>
        <div className="search-results" data-search-results={ctx.theme.searchIndex ?? ''} data-external-hosts={(ctx.site.config.search.externalHosts ?? []).join(',')}
          data-search-config={JSON.stringify(clientSearchConfig(ctx.site, ctx.theme.searchIndex ?? null))} />
      </div>
    </Layout>
  );
}

export function NotFoundPage({ ctx }: { ctx: PageContext }) {
  return (
    <Layout ctx={ctx} title={labels.notFoundTitle} description={labels.notFoundText} robots="noindex">
      <div className="content-page not-found">
        <div className="not-found-panel">
          <Pictogram name="search" />
          <div className="not-found-text">
            <h1>{labels.notFoundTitle}</h1>
            <p className="not-found-lead">{labels.notFoundText}</p>
            <p>{labels.notFoundHelp}</p>
            <SearchForm id="not-found-search" size="large" />
          </div>
        </div>
        <Tiles ctx={ctx} tiles={ctx.site.config.home?.tiles ?? []} />
      </div>
    </Layout>
  );
}
