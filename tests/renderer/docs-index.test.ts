/**
 * The docs pages look up docs and sidebars in maps made once per build
 * (theme/pages/docs-index.ts) instead of searching every doc on every page.
 * Each lookup must give what the search gave, duplicates included: the first match.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import type { Doc, Sidebar, SidebarItem, Site } from '../../pipeline/types.ts';
import { renderMemo } from '../../renderer/context.ts';
import { docById, docByPermalink, sidebarById, sidebarOrder, sidebarPlaces, type DocsContext } from '../../theme/pages/docs-index.ts';

const index = suite('docs index');

// Few values, so that duplicates and misses are common.
const permalinks = ['/kennisbank', '/kennisbank/a', '/kennisbank/a/', '/kennisbank/b', '/communities/', '/communities/c'];
const ids = ['index', 'a', 'a/index', 'b', 'c'];
const plugins = ['kennisbank', 'communities'] as const;
const sidebarIds = ['overview', 'api', 'data'];

const doc = fc.record({ plugin: fc.constantFrom(...plugins), id: fc.constantFrom(...ids), permalink: fc.constantFrom(...permalinks), title: fc.string() });
const href = fc.option(fc.constantFrom(...permalinks), { nil: null });
const { item } = fc.letrec<{ item: SidebarItem }>((tie) => ({
  item: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ type: fc.constant('link' as const), label: fc.string(), href: fc.constantFrom(...permalinks), docId: fc.constant(null) }),
    fc.record({
      type: fc.constant('category' as const), label: fc.string(), href, docId: fc.constant(null), description: fc.constant(null), collapsed: fc.boolean(),
      items: fc.array(tie('item'), { maxLength: 4 }),
    }),
  ),
}));
const sidebar = fc.record({ id: fc.constantFrom(...sidebarIds), plugin: fc.constantFrom(...plugins), items: fc.array(item, { maxLength: 5 }) });
const site = fc.record({ docs: fc.array(doc, { maxLength: 12 }), sidebars: fc.array(sidebar, { maxLength: 4 }) })
  .map((s) => s as unknown as Site);

/** Each site with its own memo, as a build makes them. */
const inBuild = (s: Site): DocsContext => ({ site: s, memo: renderMemo() });

/** The search the index replaces: every href once, where it first appears. */
function orderBySearch(s: Sidebar): string[] {
  const hrefs: string[] = [];
  const walk = (items: ReadonlyArray<SidebarItem>) => {
    for (const i of items) {
      if (i.href && !hrefs.includes(i.href)) hrefs.push(i.href);
      if (i.type === 'category') walk(i.items);
    }
  };
  walk(s.items);
  return hrefs;
}

index('should find the same doc as a search through all docs', () => {
  fc.assert(fc.property(site, (s) => {
    const ctx = inBuild(s);
    for (const p of [...permalinks, '/elders', '', null]) {
      assert.is(docByPermalink(ctx, p), p ? s.docs.find((d: Doc) => d.permalink === p) : undefined);
    }
    for (const plugin of plugins) {
      for (const id of [...ids, 'elders']) assert.is(docById(ctx, plugin, id), s.docs.find((d) => d.plugin === plugin && d.id === id));
    }
  }), { numRuns: 500 });
});

index('should find the same sidebar, and its docs in the same order with the same places', () => {
  fc.assert(fc.property(site, (s) => {
    const ctx = inBuild(s);
    for (const id of [...sidebarIds, 'elders', null]) assert.is(sidebarById(ctx, id), s.sidebars.find((x) => x.id === id));
    for (const x of s.sidebars) {
      const places = sidebarPlaces(ctx, x);
      const expected = orderBySearch(x);
      assert.equal(sidebarOrder(x), expected);
      assert.equal(places.hrefs, expected);
      for (const p of [...permalinks, '/elders']) assert.is(places.indexOf(p), expected.indexOf(p));
      // Asked again, the same order (made once per sidebar).
      assert.is(sidebarPlaces(ctx, x), places);
    }
  }), { numRuns: 500 });
});

index.run();
