/**
 * Docusaurus' `<DocCardList />`: the cards of the current doc's sidebar
 * category, in sidebar order, with their descriptions, where the author put
 * it. It is the `::doc-card-list` directive written as a component: the page
 * gives both the same cards (`docCards`, drawn by `CategoryCards` in
 * theme/pages/DocsPages.tsx), so the markup is the same.
 */
import { DocCard, type DocCardItem } from './DocCard.tsx';

/** A static `items` prop an author wrote: the cards as given, in that order. */
const staticItems = (items: unknown): ReadonlyArray<DocCardItem> | null =>
  Array.isArray(items) && items.every((i) => typeof i === 'object' && i !== null) ? (items as DocCardItem[]) : null;

/**
 * The component for one page: `cards` gives the HTML of the page's own card
 * list (absent when the page has none: no doc, or no category); a static
 * `items` prop replaces it.
 */
export function docCardList(cards: (() => string) | undefined) {
  return function DocCardList({ items, className }: { items?: unknown; className?: string }) {
    const classes = className ? `doc-card-list ${className}` : 'doc-card-list';
    const given = staticItems(items);
    if (given) return <div className={classes}>{given.map((item, i) => <DocCard key={i} item={item} />)}</div>;
    return cards ? <div className={classes} dangerouslySetInnerHTML={{ __html: cards() }} /> : null;
  };
}
