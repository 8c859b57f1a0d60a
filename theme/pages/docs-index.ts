/**
 * The lookups a docs page makes (its sidebar, its neighbours in the
 * paginator, the docs behind its cards), built once per site. Searching all
 * docs on every page made the pages stage grow with the square of the site:
 * at 30× content those searches alone took 7 of its 33 s (docs/performance.md,
 * session 12). Each lookup gives what the `find` it replaces gave: the first match.
 */
import type { Doc, Sidebar, Site } from '../../pipeline/stages/resolve.ts';
import { sidebarOrder } from '../../pipeline/stages/resolve.ts';

interface DocsIndex {
  readonly byPermalink: ReadonlyMap<string, Doc>;
  /** By `plugin/id`. */
  readonly byId: ReadonlyMap<string, Doc>;
  readonly sidebars: ReadonlyMap<string, Sidebar>;
  /** Per sidebar, filled as pages ask: its hrefs in paginator order and the place of each. */
  readonly orders: Map<Sidebar, SidebarOrder>;
}

export interface SidebarOrder {
  readonly hrefs: ReadonlyArray<string>;
  /** The place of `href` in `hrefs`, or -1. */
  readonly indexOf: (href: string) => number;
}

const indexes = new WeakMap<Site, DocsIndex>();

/** A map of `items` by `key`, the first item winning, like `find`. */
function firstBy<T>(items: ReadonlyArray<T>, key: (item: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) if (!map.has(key(item))) map.set(key(item), item);
  return map;
}

function indexOf(site: Site): DocsIndex {
  let index = indexes.get(site);
  if (!index) {
    index = {
      byPermalink: firstBy(site.docs, (d) => d.permalink),
      byId: firstBy(site.docs, (d) => `${d.plugin}/${d.id}`),
      sidebars: firstBy(site.sidebars, (s) => s.id),
      orders: new Map(),
    };
    indexes.set(site, index);
  }
  return index;
}

export const docByPermalink = (site: Site, permalink: string | null): Doc | undefined =>
  (permalink ? indexOf(site).byPermalink.get(permalink) : undefined);

export const docById = (site: Site, plugin: string, id: string): Doc | undefined => indexOf(site).byId.get(`${plugin}/${id}`);

export const sidebarById = (site: Site, id: string | null): Sidebar | undefined => (id === null ? undefined : indexOf(site).sidebars.get(id));

/** `sidebarOrder(sidebar)`, made once per sidebar. */
export function sidebarPlaces(site: Site, sidebar: Sidebar): SidebarOrder {
  const { orders } = indexOf(site);
  let order = orders.get(sidebar);
  if (!order) {
    const hrefs = sidebarOrder(sidebar);
    const places = firstBy(hrefs.map((href, place) => ({ href, place })), (p) => p.href);
    order = { hrefs, indexOf: (href) => places.get(href)?.place ?? -1 };
    orders.set(sidebar, order);
  }
  return order;
}
