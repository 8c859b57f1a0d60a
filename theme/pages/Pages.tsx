/** Generic content page, the home page, the search page and the not-found page. */
import type { Page } from '../../pipeline/stages/resolve.ts';
import type { PageContext } from '../../renderer/context.ts';
import { Markdown } from '../../renderer/markdown.tsx';
import { publishedPosts } from '../../pipeline/published.ts';
import { bodyTheme } from '../shell/body-theme.tsx';
import { Layout } from '../shell/Layout.tsx';
import { siteHosts } from '../shell/Navbar.tsx';
import { SmartLink } from '../shell/SmartLink.tsx';
import { clientSearchConfig } from '../shell/search-config.ts';
import { labels } from '../client/labels.ts';
import { dutchDate } from './dutch-date.ts';
import { Banner, TableOfContents } from './parts.tsx';
import { areaSidebar, countArticles } from './DocsPages.tsx';

export function ContentPage({ ctx, page }: { ctx: PageContext; page: Page }) {
  const content = ctx.contents.get(page.permalink);
  const showToc = !page.entry.frontmatter.hide_table_of_contents && (content?.toc.length ?? 0) > 2;
  return (
    <Layout ctx={ctx} title={page.title} description={page.description ?? content?.firstParagraph ?? null} robots={page.unlisted ? 'noindex, nofollow' : undefined}>
      <div className={`doc-container${showToc ? ' with-toc' : ''}`}>
        <article className="content-page">
          {page.draft ? <Banner kind="draft">{labels.draftBanner}</Banner> : null}
          {page.unlisted ? <Banner kind="unlisted">{labels.unlistedBanner}</Banner> : null}
          <h1>{page.title}</h1>
          <Markdown tree={content?.body} siteHosts={siteHosts(ctx)} bodyTheme={bodyTheme(ctx)} />
        </article>
        {showToc && content ? <TableOfContents toc={content.toc} /> : null}
      </div>
    </Layout>
  );
}

function SearchForm({ id, autoFocus }: { id: string; autoFocus?: boolean }) {
  return (
    <form className="search-form" action="/zoeken" method="get" role="search">
      <label htmlFor={id} className="search-label">{labels.searchLabel}</label>
      <div className="search-row">
        <input id={id} name="q" type="search" autoComplete="off" data-search-input={autoFocus ? 'home' : 'page'} />
        <button type="submit" className="button">{labels.searchButton}</button>
      </div>
    </form>
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
  return (
    <Layout ctx={ctx} title={page?.title ?? ctx.site.config.siteName} description={page?.description ?? content?.firstParagraph ?? null}>
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">{page?.title ?? ctx.site.config.siteName}</h1>
        {page?.description ? <p className="hero-lead">{page.description}</p> : null}
        <SearchForm id="home-search" autoFocus />
      </section>
      <div className="home-content">
        {content ? <Markdown tree={content.body} siteHosts={hosts} bodyTheme={bodyTheme(ctx)} /> : null}
        <section aria-labelledby="areas-title">
          <h2 id="areas-title">Kennisbank</h2>
          <ul className="cards tiles">
            {areas.map((a) => (
              <li key={a.href} className="card">
                <h3 className="card-title"><a href={a.href ?? undefined}>{a.label}</a></h3>
                {a.type === 'category' && a.description ? <p className="card-description">{a.description}</p> : null}
                <p className="card-count">{labels.articles(areaCount(a.href))}</p>
              </li>
            ))}
            <li className="card">
              <h3 className="card-title"><SmartLink href="https://apis.developer.overheid.nl" siteHosts={hosts}>API-register</SmartLink></h3>
              <p className="card-description">Vind API’s van overheidsorganisaties, met hun documentatie en contactgegevens.</p>
            </li>
            <li className="card">
              <h3 className="card-title"><a href="/communities/">Communities</a></h3>
              <p className="card-description">Werk samen met ontwikkelaars en ontwerpers van andere overheden.</p>
            </li>
          </ul>
        </section>
        {latest.length ? (
          <section aria-labelledby="latest-title">
            <h2 id="latest-title">{labels.latestPosts}</h2>
            <ul className="latest-posts">
              {latest.map((p) => (
                <li key={p.permalink}>
                  <a href={p.permalink}>{p.title}</a> <time dateTime={p.date}>{dutchDate(p.date)}</time>
                  {p.description ? <p>{p.description}</p> : null}
                </li>
              ))}
            </ul>
            <p><a href="/blog">{labels.allPosts}</a></p>
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
        <h1>{labels.searchTitle}</h1>
        {content ? <Markdown tree={content.body} siteHosts={siteHosts(ctx)} bodyTheme={bodyTheme(ctx)} /> : null}
        <SearchForm id="search-page-input" />
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
        <h1>{labels.notFoundTitle}</h1>
        <p>{labels.notFoundText}</p>
        <p>{labels.notFoundHelp}</p>
      </div>
    </Layout>
  );
}
