/**
 * The body renderer (renderer/markdown.tsx) beyond the fixtures in
 * tests/fixtures/markdown: it writes trusted HTML for the parts the renderer
 * adds itself (icons, diagrams, cards), so nothing else in a tree may come out
 * unescaped; and the image preload that React makes for a body image must
 * still reach the page's head.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { parse, parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ElementContent, Root } from 'hast';
import { Markdown, bodyHtml } from '../../renderer/markdown.tsx';
import { newBodyTheme } from '../../theme/shell/body-theme.tsx';

const body = suite('markdown body');
const options = { siteHosts: ['developer.overheid.nl'], bodyTheme: newBodyTheme() };
const paragraph = (...children: ElementContent[]): Root => ({ type: 'root', children: [{ type: 'element', tagName: 'p', properties: {}, children }] });

type Node = DefaultTreeAdapterMap['childNode'] | DefaultTreeAdapterMap['documentFragment'];
const textOf = (node: Node): string => ('value' in node && node.nodeName === '#text' ? node.value : 'childNodes' in node ? node.childNodes.map(textOf).join('') : '');
const elements = (node: Node): string[] => ('childNodes' in node ? node.childNodes.flatMap((c) => ['tagName' in c ? [c.tagName] : [], elements(c)].flat()) : []);

body('should write any text as text, never as markup', () => {
  // Without NUL and CR, which the HTML parser drops or rewrites wherever they come from.
  const anyText = fc.string({ unit: 'binary' }).map((s) => s.replace(/[\0\r]/g, ''));
  fc.assert(fc.property(anyText, anyText, (value, title) => {
    const { html } = bodyHtml(paragraph({ type: 'text', value }, { type: 'element', tagName: 'a', properties: { href: '/x', title }, children: [{ type: 'text', value }] }), options);
    const fragment = parseFragment(html);
    assert.is(textOf(fragment), value + value);
    assert.equal(elements(fragment), ['p', 'a']);
  }), { numRuns: 500 });
});

body('should drop raw HTML and comments that come with a tree', () => {
  const tree = paragraph(
    { type: 'text', value: 'voor' },
    { type: 'raw', value: '<script>alert(1)</script>' } as unknown as ElementContent,
    { type: 'comment', value: ' geheim ' },
    { type: 'text', value: 'na' },
  );
  assert.is(bodyHtml(tree, options).html, '<p>voorna</p>');
});

body('should add the icon and the new-tab text to an external link only', () => {
  const { html } = bodyHtml(paragraph(
    { type: 'element', tagName: 'a', properties: { href: 'https://example.org/' }, children: [{ type: 'text', value: 'Extern' }] },
    { type: 'element', tagName: 'a', properties: { href: 'https://developer.overheid.nl/blog' }, children: [{ type: 'text', value: 'Intern' }] },
  ), options);
  assert.match(html, /<a href="https:\/\/example.org\/" class="external" target="_blank" rel="noopener noreferrer">Extern<svg class="icon-external"[^]*<\/svg><span class="visually-hidden"> \(opent in een nieuw tabblad\)<\/span><\/a>/);
  assert.match(html, /<a href="https:\/\/developer.overheid.nl\/blog">Intern<\/a>/);
});

body('should preload the first image from the head of the page, and no lazy one', () => {
  const image = (src: string, lazy: boolean): ElementContent => ({ type: 'element', tagName: 'img', properties: { src, alt: '', ...(lazy ? { loading: 'lazy' } : { fetchPriority: 'high' }) }, children: [] });
  const tree = paragraph(image('/assets/boven.png', false), image('/assets/onder.png', true));
  assert.equal(bodyHtml(tree, options).preloads, [{ src: '/assets/boven.png', fetchPriority: 'high' }]);
  const page = renderToStaticMarkup(<html><head /><body><Markdown tree={tree} {...options} /></body></html>);
  const head = parse(page).childNodes.find((n) => n.nodeName === 'html');
  const links = head && 'childNodes' in head ? head.childNodes.find((n) => n.nodeName === 'head') : undefined;
  const preloads = (links && 'childNodes' in links ? links.childNodes : []).map((n) => Object.fromEntries('attrs' in n ? n.attrs.map((a) => [a.name, a.value]) : []));
  assert.equal(preloads, [{ rel: 'preload', as: 'image', href: '/assets/boven.png', fetchpriority: 'high' }]);
});

body.run();
