/**
 * What the pages keep for one another lives in the memo of their context
 * (renderer/context.ts), which each build makes anew: values are made once
 * per build, and two builds in one process never share one.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { analyse } from '../../pipeline/build.ts';
import { buildRoutes } from '../../pipeline/stages/routes.ts';
import { valueOf } from '../../pipeline/result.ts';
import { memoSlot, renderMemo, type PageContext, type RenderMemo } from '../../renderer/context.ts';
import { renderRoute } from '../../renderer/render.tsx';
import { routePages } from '../../theme/pages/route-pages.tsx';
import { tree } from '../helpers.ts';

const memo = suite('render memo');

memo('should make a value once per memo, and never hand it to another memo', () => {
  const slot = memoSlot<{ n: number }>('teller');
  let made = 0;
  const make = () => ({ n: ++made });
  const first = renderMemo();
  const value = first.get(slot, make);
  assert.is(first.get(slot, make), value);
  const second = renderMemo();
  assert.is.not(second.get(slot, make), value);
  assert.is(made, 2);
  // Slots differ by identity, not by name.
  assert.is.not(first.get(memoSlot<{ n: number }>('teller'), make), value);
});

/** A memo that records which slots it filled. */
function countingMemo(): RenderMemo & { readonly made: string[] } {
  const inner = renderMemo();
  const made: string[] = [];
  return { made, get: (slot, make) => inner.get(slot, () => (made.push(slot.name), make())) };
}

memo('should make the footer, the navbar targets, the search suggestions and the docs lookups once per build', () => {
  const files = {
    'kennisbank/apis/index.md': '---\ntitle: API\'s\n---\n\nOver API\'s.\n',
    'kennisbank/apis/lang.md': '---\ntitle: Lang\ntags: [api]\n---\n\nTekst.\n',
    'pages/contact.md': '---\ntitle: Contact\n---\n\nMail ons.\n',
  };
  const site = analyse(tree(files), 'production').site!;
  const routes = valueOf(buildRoutes(site))!;
  const theme = { css: '/assets/styles.css', js: null, files: new Map<string, string>() };
  const build = () => {
    const ctx: Omit<PageContext, 'route'> = { site, contents: new Map(), theme, assetUrl: () => null, dev: false, memo: countingMemo() };
    const pages = routes.map((route) => renderRoute(ctx, route, routePages));
    return { pages, made: (ctx.memo as ReturnType<typeof countingMemo>).made };
  };
  const first = build();
  assert.ok(routes.length > 3);
  assert.equal([...first.made].sort(), ['body theme', 'docs index', 'footer', 'navbar item targets', 'search suggestions']);
  // Another build of the same site makes its own, and the same pages.
  const second = build();
  assert.equal([...second.made].sort(), [...first.made].sort());
  assert.equal(second.pages, first.pages);
});

memo.run();
