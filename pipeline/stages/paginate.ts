import type { Pagination } from '../types.ts';
/** Stage helper, paginate: plain list chunking and the one function that names page N. */

/** `/blog` for page 1, `/blog/page/2` after it; under the root `/` page 2 is `/page/2`. */
export const pagePath = (base: string, page: number): string => (page === 1 ? base : `${base.replace(/\/$/, '')}/page/${page}`);

export function chunk<A>(items: ReadonlyArray<A>, size: number): A[][] {
  const chunks: A[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks.length ? chunks : [[]];
}

/** Pages of at most `size` items; an empty list still has one (empty) page. */
export function paginate<A>(items: ReadonlyArray<A>, size: number, base: string): Pagination<A>[] {
  const chunks = chunk(items, size);
  return chunks.map((pageItems, i) => ({
    items: pageItems,
    page: i + 1,
    pages: chunks.length,
    path: pagePath(base, i + 1),
    previous: i > 0 ? pagePath(base, i) : null,
    next: i + 1 < chunks.length ? pagePath(base, i + 2) : null,
  }));
}
