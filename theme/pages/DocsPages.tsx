/** Docs page types: docs item, docs root, docs version root, docs tag list, docs tag document list. */
import type { Doc, SidebarItem, TagSummary } from '../../pipeline/types.ts';
import type { PageContext } from '../../renderer/context.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { Markdown } from '../../renderer/markdown.tsx';
import { breadcrumbList } from '../../renderer/structured-data.ts';
import { bodyTheme } from '../shell/body-theme.tsx';
import { Layout } from '../shell/Layout.tsx';
import { siteHosts } from '../shell/site-text.ts';
import { labels } from '../client/labels.ts';
import { Banner, Breadcrumbs, CollapsibleTableOfContents, DocsSidebar, EditPageLink, Paginator, TableOfContents, TagList, editUrlOf, findItem, trail } from './parts.tsx';
import { docById, docByPermalink, sidebarById, sidebarPlaces } from './docs-index.ts';

/** Number of articles below a category: every doc link and every category with its own page. */
export const countArticles = (items: ReadonlyArray<SidebarItem>): number =>
  items.reduce((n, item) => n + (item.type === 'link' ? 1 : item.type === 'html' ? 0 : (item.href ? 1 : 0) + countArticles(item.items)), 0);

/** The sidebar of a kennisbank area (not the overview, which lists areas without their articles). */
export const areaSidebar = (ctx: PageContext, href: string | null) =>
  ctx.site.sidebars.find((s) => s.id !== 'overview' && s.items[0]?.type === 'category' && s.items[0].items[0]?.href === href);

export function CategoryCards({ ctx, items }: { ctx: PageContext; items: ReadonlyArray<SidebarItem> }) {
  const cards = items.filter((i) => i.href);
  if (cards.length === 0) return null;
  return (
    <ul className="cards">
      {cards.map((item) => {
        const doc = docByPermalink(ctx, item.href);
        const description = item.type === 'category' ? item.description ?? doc?.description : doc?.description;
        return (
          <li key={item.href} className="card">
            <h2 className="card-title"><a href={item.href ?? undefined}>{item.type === 'category' ? `${item.label}` : doc?.title ?? item.label}</a></h2>
            {description ? <p className="card-description">{description}</p> : null}
            {item.type === 'category' ? <p className="card-count">{labels.articles(countArticles(item.items))}</p> : null}
          </li>
        );
      })}
    </ul>
  );
}

function DocFooter({ ctx, doc }: { ctx: PageContext; doc: Doc }) {
  const { ideaUrl } = ctx.site.config;
  // `custom_edit_url` in the front matter replaces the site's edit link; null or '' hides it, as in Docusaurus.
  // A docs area's own `editUrl` (Docusaurus' option) is followed by the doc's path from the site root; the
  // site's `editUrl` is the portal's repository, whose content root is its content/ folder.
  const custom = doc.entry.frontmatter.custom_edit_url;
  const areaEditUrl = ctx.site.config.layout.docs.find((a) => a.id === doc.plugin)?.editUrl;
  const editHref = custom !== undefined ? custom || null
    : areaEditUrl ? editUrlOf(areaEditUrl, doc.entry.file.path)
      : ctx.site.config.editUrl ? `${ctx.site.config.editUrl}content/${doc.entry.file.path}` : null;
  return (
    <footer className="doc-footer">
      <TagList tags={doc.tags} />
      <ul className="edit-links">
        {editHref ? <li><EditPageLink href={editHref} /></li> : null}
        {ideaUrl ? <li><a href={ideaUrl} target="_blank" rel="noopener noreferrer">{labels.ideas}<span className="visually-hidden"> {labels.opensInNewTab}</span></a></li> : null}
      </ul>
    </footer>
  );
}

export function DocPage({ ctx, doc, variant }: { ctx: PageContext; doc: Doc; variant: 'item' | 'root' | 'version-root' }) {
  const content = ctx.contents.get(doc.permalink);
  const sidebar = sidebarById(ctx, doc.sidebarId, doc.plugin);
  const fm = doc.entry.frontmatter;
  const path = ctx.route.path;
  // Breadcrumbs: the sidebar trail without the "Kennisbank" wrapper duplicated as home.
  const crumbs = sidebar ? trail(sidebar.items, path).map((i) => ({ label: i.label, href: i.href })) : [];
  if (crumbs.length === 0) crumbs.push({ label: doc.sidebarLabel, href: path });
  const order = sidebar ? sidebarPlaces(ctx, sidebar) : { hrefs: [], indexOf: () => -1 };
  const at = order.indexOf(path);
  const neighbour = (explicit: string | null | undefined, index: number) => {
    if (explicit === null) return null;
    const href = order.hrefs[index] ?? null;
    const target = explicit ? docById(ctx, doc.plugin, explicit) : docByPermalink(ctx, href);
    if (target) return at >= 0 ? { href: target.permalink, title: target.entry.frontmatter.pagination_label ?? target.sidebarLabel } : null;
    // A category's generated index page is a neighbour too, named by its category.
    const page = !explicit && at >= 0 && href && sidebar ? findItem(sidebar.items, href) : null;
    return href && page?.type === 'category' && page.generatedIndex ? { href, title: page.label } : null;
  };
  const item = sidebar ? findItem(sidebar.items, path) : null;
  const children = variant === 'root' && sidebar?.id === 'overview'
    ? (sidebar.items[0]?.type === 'category' ? sidebar.items[0].items : [])
    : item?.type === 'category' ? item.items : [];
  // The kennisbank home counts articles per area from the area sidebars (computed at build time).
  const areaCards = variant === 'root'
    ? children.map((c) => {
      const area = areaSidebar(ctx, c.href);
      const full = area?.items[0]?.type === 'category' ? area.items[0].items[0] : undefined;
      return full ?? c;
    })
    : children;
  // `::doc-card-list` places the cards in the text; on a page that is not a category index they are the other pages of its folder.
  const chain = sidebar ? trail(sidebar.items, path) : [];
  const folder = chain[chain.length - 2];
  const placedCards = areaCards.length ? areaCards : folder?.type === 'category' ? folder.items.filter((i) => i.href !== path) : [];
  const showToc = !fm.hide_table_of_contents && (content?.toc.length ?? 0) > 0;
  const version = ctx.site.versions.find((v) => v.plugin === doc.plugin);
  const multipleVersions = ctx.site.config.docs.versions.length > 1;
  return (
    <Layout ctx={ctx} title={doc.title} description={doc.description ?? content?.firstParagraph ?? null} ogType="article"
      structuredData={breadcrumbList(ctx, [{ label: labels.home, href: '/' }, ...crumbs])}
      robots={doc.unlisted ? 'noindex, nofollow' : undefined}
      sidebar={sidebar ? <DocsSidebar sidebar={sidebar} path={path} /> : undefined}>
      <div className={`doc-container${showToc ? ' with-toc' : ''}`} data-docs-plugin={doc.plugin} data-docs-version={version?.name ?? 'current'}>
        <article className="doc">
          {doc.draft ? <Banner kind="draft">{labels.draftBanner}</Banner> : null}
          {doc.unlisted ? <Banner kind="unlisted">{labels.unlistedBanner}</Banner> : null}
          {version?.unmaintained ? <Banner kind="unmaintained">{labels.unmaintainedVersion(version.label)}</Banner> : null}
          <Breadcrumbs crumbs={crumbs} />
          {multipleVersions && version ? <span className="badge">{labels.version(version.label)}</span> : null}
          {showToc && content ? <CollapsibleTableOfContents toc={content.toc} /> : null}
          {/* A body that opens with a `# heading` has its own h1; `hide_title` asks for none. */}
          {doc.entry.contentTitle === null && !fm.hide_title ? <header><h1>{doc.title}</h1></header> : null}
          <Markdown tree={content?.body} siteHosts={siteHosts(ctx)} bodyTheme={bodyTheme(ctx)} docCards={placedCards.some((i) => i.href) ? () => renderToStaticMarkup(<CategoryCards ctx={ctx} items={placedCards} />) : undefined} />
          {content?.docCardList ? null : <CategoryCards ctx={ctx} items={areaCards} />}
          <DocFooter ctx={ctx} doc={doc} />
          <Paginator label={labels.docsPagination} previous={neighbour(fm.pagination_prev, at - 1)} next={neighbour(fm.pagination_next, at + 1)} previousLabel={labels.previous} nextLabel={labels.next} />
        </article>
        {showToc && content ? <TableOfContents toc={content.toc} /> : null}
      </div>
    </Layout>
  );
}

/** A docs area's name and home page for breadcrumbs (its root index page; none without one) and its tags page. */
export function areaCrumb(ctx: PageContext, plugin: string): { label: string; href: string | null; tags: string } {
  const area = ctx.site.config.layout.docs.find((a) => a.id === plugin);
  const base = `/${area?.routeBasePath ?? plugin}`.replace(/\/$/, '');
  const home = ctx.site.docs.find((d) => d.plugin === plugin && d.isCategoryIndex && !d.entry.pathInArea.includes('/'));
  return { label: area?.label ?? plugin, href: home?.permalink ?? null, tags: `${base}/tags` };
}

export function DocsTagListPage({ ctx, tags, plugin }: { ctx: PageContext; tags: ReadonlyArray<TagSummary>; plugin: string }) {
  const crumb = areaCrumb(ctx, plugin);
  const area = crumb.label;
  return (
    <Layout ctx={ctx} title={`${labels.tagsTitle} | ${area}`} description={`Alle tags in de ${area.toLowerCase()}.`}>
      <div className="content-page">
        <Breadcrumbs crumbs={[{ label: area, href: crumb.href }, { label: labels.tagsTitle, href: null }]} />
        <h1>{labels.tagsTitle}</h1>
        <ul className="tag-index">
          {tags.map((t) => <li key={t.key}><a className="tag" href={t.permalink}>{t.label} <span className="tag-count">({t.count})</span></a></li>)}
        </ul>
      </div>
    </Layout>
  );
}

export function DocsTagDocsPage({ ctx, tag, docs, plugin }: { ctx: PageContext; tag: TagSummary; docs: ReadonlyArray<Doc>; plugin: string }) {
  const title = labels.docsTagged(docs.length, tag.label);
  const crumb = areaCrumb(ctx, plugin);
  return (
    <Layout ctx={ctx} title={title} description={tag.description || title}>
      <div className="content-page">
        <Breadcrumbs crumbs={[{ label: crumb.label, href: crumb.href }, { label: labels.tagsTitle, href: crumb.tags }, { label: tag.label, href: null }]} />
        <h1>{title}</h1>
        {tag.description ? <p className="lead">{tag.description}</p> : null}
        <p><a href={crumb.tags}>{labels.showAllTags}</a></p>
        <ul className="doc-list">
          {docs.map((d) => (
            <li key={d.permalink}>
              <h2><a href={d.permalink}>{d.title}</a></h2>
              {d.description ? <p>{d.description}</p> : null}
            </li>
          ))}
        </ul>
      </div>
    </Layout>
  );
}
