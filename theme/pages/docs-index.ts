/**
 * The lookups a docs page makes (its sidebar, its neighbours in the
 * paginator, the docs behind its cards), built once per build and kept in
 * the context's memo. Searching all docs on every page made the pages stage
 * grow with the square of the site: at 30× content those searches alone took
 * 7 of its 33 s (docs/performance.md). Each lookup gives what the `find` it
 * replaces gave: the first match.
 */
import type { Doc, Sidebar, SidebarItem } from '../../pipeline/types.ts';
import { memoSlot, type PageContext } from '../../renderer/context.ts';
import { externalUrl } from '../../pipeline/safety/urls.ts';

/** What the lookups read: the site, and the memo they are kept in. */
export type DocsContext = Pick<PageContext, 'site' | 'memo'>;

interface DocsIndex {
  readonly byPermalink: ReadonlyMap<string, Doc>;
  /** By `plugin/id`. */
  readonly byId: ReadonlyMap<string, Doc>;
  /** By `plugin/id` (two docs areas may each have a sidebar of the same name, `defaultSidebar`), and by id alone (the first). */
  readonly sidebars: ReadonlyMap<string, Sidebar>;
  /** Per sidebar, filled as pages ask: its hrefs in paginator order and the place of each. */
  readonly orders: Map<Sidebar, SidebarOrder>;
}

export interface SidebarOrder {
  readonly hrefs: ReadonlyArray<string>;
  /** The place of `href` in `hrefs`, or -1. */
  readonly indexOf: (href: string) => number;
}

const slot = memoSlot<DocsIndex>('docs index');

/** A map of `items` by `key`, the first item winning, like `find`. */
function firstBy<T>(items: ReadonlyArray<T>, key: (item: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) if (!map.has(key(item))) map.set(key(item), item);
  return map;
}

const indexOf = ({ site, memo }: DocsContext): DocsIndex =>
  memo.get(slot, () => ({
    byPermalink: firstBy(site.docs, (d) => d.permalink),
    byId: firstBy(site.docs, (d) => `${d.plugin}/${d.id}`),
    sidebars: new Map([...firstBy(site.sidebars, (s) => s.id), ...firstBy(site.sidebars, (s) => `${s.plugin}/${s.id}`)]),
    orders: new Map(),
  }));

export const docByPermalink = (ctx: DocsContext, permalink: string | null): Doc | undefined =>
  (permalink ? indexOf(ctx).byPermalink.get(permalink) : undefined);

export const docById = (ctx: DocsContext, plugin: string, id: string): Doc | undefined => indexOf(ctx).byId.get(`${plugin}/${id}`);

/** The sidebar `id` of docs area `plugin`; without `plugin`, the first sidebar of that id. */
export const sidebarById = (ctx: DocsContext, id: string | null, plugin?: string): Sidebar | undefined =>
  (id === null ? undefined : indexOf(ctx).sidebars.get(plugin === undefined ? id : `${plugin}/${id}`));

/** Docs in sidebar order, for the prev/next paginator: every href once, where it first appears. */
export function sidebarOrder(sidebar: Sidebar): string[] {
  const hrefs = new Set<string>();
  const walk = (items: ReadonlyArray<SidebarItem>) => {
    for (const item of items) {
      // A link out of the site (a sidebars file's `link` item) is no page of the docs: pagination skips it.
      const external = item.type === 'link' && item.docId === null && externalUrl(item.href);
      if (item.href && !external) hrefs.add(item.href);
      if (item.type === 'category') walk(item.items);
    }
  };
  walk(sidebar.items);
  return [...hrefs];
}

/** `sidebarOrder(sidebar)`, made once per sidebar. */
export function sidebarPlaces(ctx: DocsContext, sidebar: Sidebar): SidebarOrder {
  const { orders } = indexOf(ctx);
  let order = orders.get(sidebar);
  if (!order) {
    const hrefs = sidebarOrder(sidebar);
    const places = firstBy(hrefs.map((href, place) => ({ href, place })), (p) => p.href);
    order = { hrefs, indexOf: (href) => places.get(href)?.place ?? -1 };
    orders.set(sidebar, order);
  }
  return order;
}
