/**
 * The components map of a rendered page: what `components(page)` of the body
 * theme gives (theme/shell/body-theme.tsx). The page's card list is drawn by
 * the docs pages' own `CategoryCards`, so `<DocCardList />` and
 * `::doc-card-list` give the same cards.
 */
import type { PageContext } from '../../renderer/context.ts';
import { CategoryCards } from '../pages/DocsPages.tsx';
import { docCardItems } from './DocCardList.tsx';
import { mdxComponents, type MdxComponents } from './index.ts';

/** The components of the page `ctx.route` renders, with the site's own components (`Site$Key`). */
export function pageComponents(ctx: PageContext, siteComponents?: MdxComponents): MdxComponents {
  const { route } = ctx;
  const doc = 'doc' in route ? route.doc : null;
  const docCards = doc ? () => {
    const items = docCardItems(ctx, doc, route.path);
    return items.some((i) => i.href) ? <CategoryCards ctx={ctx} items={items} /> : null;
  } : null;
  return mdxComponents({ docCards, ...(siteComponents ? { siteComponents } : {}) });
}
