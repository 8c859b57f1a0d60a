/**
 * Docusaurus' `<DocCardList />`: the cards of the current doc's sidebar
 * category, in sidebar order, with their descriptions, where the author put
 * it. It is the `::doc-card-list` directive written as a component, so it
 * gives the same markup (theme/pages/DocsPages.tsx draws the cards).
 */
import type { ReactNode } from 'react';
import type { Doc, SidebarItem } from '../../pipeline/stages/resolve.ts';
import type { PageContext } from '../../renderer/context.ts';
import { sidebarById } from '../pages/docs-index.ts';
import { trail } from '../pages/parts.tsx';
import { DocCard, type DocCardItem } from './DocCard.tsx';

/**
 * The items whose cards a doc's card list shows, as `::doc-card-list` has
 * them: on a category's own page (or the root of its docs) the category's
 * items; on any other doc the other pages of its folder.
 */
export function docCardItems(ctx: Pick<PageContext, 'site' | 'memo'>, doc: Doc, path: string): ReadonlyArray<SidebarItem> {
  const sidebar = sidebarById(ctx, doc.sidebarId);
  if (!sidebar) return [];
  const chain = trail(sidebar.items, path);
  const own = chain[chain.length - 1];
  if (own?.type === 'category') return own.items;
  const folder = chain[chain.length - 2];
  return folder?.type === 'category' ? folder.items.filter((i) => i.href !== path) : [];
}

/** A static `items` prop an author wrote: the cards as given, in that order. */
const staticItems = (items: unknown): ReadonlyArray<DocCardItem> | null =>
  Array.isArray(items) && items.every((i) => typeof i === 'object' && i !== null) ? (items as DocCardItem[]) : null;

/**
 * The component for one page: `cards` draws the page's own card list (null
 * when the page is no doc, and so has no category); a static `items` prop
 * replaces it.
 */
export function docCardList(cards: (() => ReactNode) | null) {
  return function DocCardList({ items, className }: { items?: unknown; className?: string }) {
    const given = staticItems(items);
    if (given) {
      return (
        <div className={className ? `doc-card-list ${className}` : 'doc-card-list'}>
          {given.map((item, i) => <DocCard key={i} item={item} />)}
        </div>
      );
    }
    const drawn = cards?.();
    return drawn ? <div className={className ? `doc-card-list ${className}` : 'doc-card-list'}>{drawn}</div> : null;
  };
}
