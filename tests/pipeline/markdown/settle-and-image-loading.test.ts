import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toHtml } from 'hast-util-to-html';
import type { Root } from 'hast';
import { settle } from '../../../pipeline/stages/markdown/settle.ts';
import { eagerImageBlocks, imageLoading } from '../../../pipeline/stages/markdown/image-loading.ts';
import { pageHast } from '../../../pipeline/stages/markdown/to-hast.ts';
import { parseMarkdownBody } from '../../../pipeline/stages/parse.ts';

const after = suite('markdown: settled tree and image loading');

after('should settle a nested root and HTML attribute names into the shape a re-parse gives', () => {
  const tree = {
    type: 'root',
    children: [{ type: 'element', tagName: 'div', properties: {}, children: [
      { type: 'root', children: [{ type: 'element', tagName: 'pre', properties: { class: 'shiki x', 'data-title': 'a.js', tabIndex: 0 }, children: [] }] },
      { type: 'element', tagName: 'sup', properties: { dataFootnoteRef: true }, children: [] },
    ] }],
  } as unknown as Root;
  settle(tree);
  assert.equal(tree, {
    type: 'root',
    children: [{ type: 'element', tagName: 'div', properties: {}, children: [
      { type: 'element', tagName: 'pre', properties: { className: ['shiki', 'x'], dataTitle: 'a.js', tabIndex: 0 }, children: [] },
      { type: 'element', tagName: 'sup', properties: { dataFootnoteRef: '' }, children: [] },
    ] }],
  });
});

after('should load the first image at once when it stands in the first blocks, and every other one lazily', () => {
  const images = (md: string) => [...toHtml(pageHast(parseMarkdownBody(md), { highlighter: null })).matchAll(/<img [^>]*>/g)].map((m) => m[0]);
  const top = images('![a](/a.png)\n\n![b](/b.png)\n');
  assert.is(top[0], '<img src="/a.png" alt="a" decoding="async" fetchpriority="high">');
  assert.is(top[1], '<img src="/b.png" alt="b" decoding="async" loading="lazy">');
  const low = images(`${'Tekst.\n\n'.repeat(eagerImageBlocks)}<img src="/c.png" alt="c" loading="eager">\n`);
  assert.equal(low, ['<img src="/c.png" alt="c" decoding="async" loading="lazy">']);
});

after('should set loading in place on any tree', () => {
  const tree = { type: 'root', children: [{ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'element', tagName: 'img', properties: { src: 'x' }, children: [] }] }] } as Root;
  imageLoading(tree);
  assert.is(toHtml(tree), '<p><img src="x" decoding="async" fetchpriority="high"></p>');
});

after.run();
