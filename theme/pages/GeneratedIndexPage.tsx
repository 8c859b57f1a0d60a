/**
 * A category's generated index (`link: { type: generated-index }`): its
 * title, description and a card for each item of the category, in the
 * category's sidebar, the way a docs category index shows its children.
 */
import type { SidebarCategory } from '../../pipeline/types.ts';
import type { PageContext } from '../../renderer/context.ts';
import { breadcrumbList } from '../../renderer/structured-data.ts';
import { Layout } from '../shell/Layout.tsx';
import { labels } from '../client/labels.ts';
import { CategoryCards } from './DocsPages.tsx';
import { Breadcrumbs, DocsSidebar, Paginator, trail } from './parts.tsx';
import { docByPermalink, sidebarById, sidebarOrder } from './docs-index.ts';

export function GeneratedIndexPage({ ctx, category, plugin }: { ctx: PageContext; category: SidebarCategory; plugin: string }) {
  const meta = category.generatedIndex;
  const title = meta?.title ?? category.label;
  const description = meta?.description ?? category.description;
  const path = ctx.route.path;
  const sidebar = sidebarById(ctx, ctx.route.sidebarId, plugin);
  const crumbs = sidebar ? trail(sidebar.items, path).map((i) => ({ label: i.label, href: i.href })) : [{ label: title, href: path }];
  // Prev/next in sidebar order, as on a doc; a neighbour is a doc or another generated index.
  const order = sidebar ? sidebarOrder(sidebar) : [];
  const at = order.indexOf(path);
  const neighbour = (href: string | undefined) => {
    if (at < 0 || !href) return null;
    const doc = docByPermalink(ctx, href);
    const item = sidebar ? trail(sidebar.items, href).pop() : undefined;
    return doc ? { href, title: doc.entry.frontmatter.pagination_label ?? doc.sidebarLabel } : item ? { href, title: item.label } : null;
  };
  return (
    <Layout ctx={ctx} title={title} description={description}
      structuredData={breadcrumbList(ctx, [{ label: labels.home, href: '/' }, ...crumbs])}
      sidebar={sidebar ? <DocsSidebar sidebar={sidebar} path={path} /> : undefined}>
      <div className="doc-container" data-docs-plugin={plugin}>
        <article className="doc generated-index">
          <Breadcrumbs crumbs={crumbs} />
          <header><h1>{title}</h1></header>
          {description ? <p className="lead">{description}</p> : null}
          <CategoryCards ctx={ctx} items={category.items} />
          <Paginator label={labels.docsPagination} previous={neighbour(order[at - 1])} next={neighbour(order[at + 1])} previousLabel={labels.previous} nextLabel={labels.next} />
        </article>
      </div>
    </Layout>
  );
}
