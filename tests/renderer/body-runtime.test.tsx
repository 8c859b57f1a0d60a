/**
 * The body renderer's own JSX runtime (renderer/body/): every takeover of the
 * components map writes the markup it wrote before; MDX component nodes go
 * through the map with their static props, `Unknown$…` names keep their
 * children, and anything that is not a static value throws in the evaluater;
 * HTML is written byte for byte as React writes it, with hostile strings
 * anywhere; and no script, event attribute or script URL is ever written,
 * also not by a component.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { parse } from 'parse5';
import { Children, isValidElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { jsx as reactJsx, jsxs as reactJsxs, Fragment as ReactFragment } from 'react/jsx-runtime';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { Element, ElementContent, Properties, Root, RootContent } from 'hast';
import type { Expression, Program } from 'estree';
import type { MdxJsxAttribute, MdxJsxFlowElementHast, MdxJsxTextElementHast } from 'mdast-util-mdx-jsx';
import { Markdown, bodyHtml, type BodyComponents, type BodyTheme } from '../../renderer/markdown.tsx';
import { takeovers } from '../../renderer/body/components.ts';
import { Fragment, bodyComponent, h, jsx, jsxs, type BodyNode } from '../../renderer/body/jsx-runtime.ts';
import { writeBody } from '../../renderer/body/write.ts';
import { createEvaluater, lookupIn } from '../../renderer/body/evaluater.ts';
import { unsafeUrl } from '../../pipeline/safety/urls.ts';
import { newBodyTheme } from '../../theme/shell/body-theme.tsx';

const siteHosts = ['developer.overheid.nl'];
const shell = newBodyTheme();

/** A body theme whose map is the renderer's takeovers and `extra`: what these tests check does not depend on the theme's own components. */
const themeWith = (extra: BodyComponents = {}): BodyTheme => {
  const theme: BodyTheme = { ...shell, components: (page) => ({ ...takeovers(theme, page), ...extra }) };
  return theme;
};
const theme = themeWith();

const el = (tagName: string, properties: Properties, ...children: ElementContent[]): Element => ({ type: 'element', tagName, properties, children });
const txt = (value: string): ElementContent => ({ type: 'text', value });
const root = (...children: RootContent[]): Root => ({ type: 'root', children });
const html = (tree: Root, options: { docCards?: () => string } = {}, bodyTheme = theme) => bodyHtml(tree, { siteHosts, bodyTheme, ...options }).html;
const page = (tree: Root, bodyTheme = theme, docCards?: () => string) =>
  renderToStaticMarkup(<html><head /><body><Markdown tree={tree} siteHosts={siteHosts} bodyTheme={bodyTheme} docCards={docCards} /></body></html>);

const hint = shell.newTabHint.html;

const takeover = suite('body runtime: takeovers');

takeover('a link that leaves the site opens in a new tab and says so; one on the site stays as written', () => {
  assert.is(html(root(el('p', {}, el('a', { href: 'https://example.org/?a=1&b=2', className: ['x'] }, txt('Extern')), el('a', { href: 'https://developer.overheid.nl/blog' }, txt('Intern'))))),
    `<p><a href="https://example.org/?a=1&amp;b=2" class="x external" target="_blank" rel="noopener noreferrer">Extern${hint}</a><a href="https://developer.overheid.nl/blog">Intern</a></p>`);
  assert.match(hint, /^<svg class="icon-external"[^]*<\/svg><span class="visually-hidden"> \(opent in een nieuw tabblad\)<\/span>$/);
});

takeover('a heading with an id links to itself, named by its text; a visually hidden one and one without id do not', () => {
  assert.is(html(root(el('h2', { id: 'kop-1' }, txt('Kop '), el('code', {}, txt('<x>'))))),
    '<h2 id="kop-1">Kop <code>&lt;x&gt;</code><a class="hash-link" href="#kop-1" aria-label="Direct link naar Kop &lt;x&gt;">#</a></h2>');
  assert.is(html(root(el('h2', { id: 'voetnoten', className: ['sr-only'] }, txt('Voetnoten')), el('h3', {}, txt('Zonder')))),
    '<h2 id="voetnoten" class="sr-only">Voetnoten</h2><h3>Zonder</h3>');
});

takeover('a code block is a figure with its title, a focusable pre and a copy button; light token colours get darker', () => {
  const code = el('pre', { className: ['shiki'], dataTitle: 'app.ts', dataLanguage: 'ts' },
    el('code', {}, el('span', { style: 'color:#D73A49' }, txt('const')), el('span', { style: 'color:#24292E;font-style:italic' }, txt(' x'))));
  assert.is(html(root(code)),
    '<figure class="code-block" data-language="ts"><figcaption class="code-block-title">app.ts</figcaption>'
    + '<pre class="shiki" tabindex="0"><code><span style="color:#c0283b">const</span><span style="color:#24292E;font-style:italic"> x</span></code></pre>'
    + '<button type="button" class="copy-button" data-copy="true" hidden="">Kopieer</button></figure>');
});

takeover('a task-list checkbox is named by its item text, nested lists left out', () => {
  const item = el('li', { className: ['task-list-item'] }, el('input', { type: 'checkbox', checked: true, disabled: true }), txt(' Klaar '),
    el('ul', {}, el('li', {}, txt('genest'))));
  assert.is(html(root(el('ul', { className: ['contains-task-list'] }, item))),
    '<ul class="contains-task-list"><li class="task-list-item"><input type="checkbox" disabled="" aria-label="Klaar" checked=""/> Klaar <ul><li>genest</li></ul></li></ul>');
});

takeover('an admonition has its icon and title above its content', () => {
  assert.is(html(root(el('aside', { dataAdmonition: 'tip', dataTitle: 'Let "op"' }, el('p', {}, txt('Tekst'))))),
    `<aside class="admonition admonition-tip" aria-label="Let &quot;op&quot;"><p class="admonition-heading">${shell.admonitionIcon('tip').html}Let &quot;op&quot;</p><div class="admonition-content"><p>Tekst</p></div></aside>`);
});

takeover('::doc-card-list shows the page\'s cards where the author put it, and nothing on a page without', () => {
  const tree = root(el('div', { dataDocCardList: '' }));
  assert.is(html(tree, { docCards: () => '<ul class="cards"></ul>' }), '<div class="doc-card-list"><ul class="cards"></ul></div>');
  assert.is(html(tree), '');
});

takeover('a video is a link that loads the player only after a click', () => {
  assert.is(html(root(el('div', { dataVideo: 'youtube', dataVideoId: 'a&b', dataTitle: 'Demo' }))),
    '<div class="video-embed" data-embed-src="https://www.youtube-nocookie.com/embed/a%26b?autoplay=1">'
    + '<a class="video-embed-link" href="https://www.youtube.com/watch?v=a%26b" target="_blank" rel="noopener noreferrer">Speel de video &quot;Demo&quot; af op YouTube<span class="visually-hidden"> (opent in een nieuw tabblad)</span></a>'
    + '<p class="video-embed-note">De video wordt pas geladen als je erop klikt. YouTube kan dan gegevens over je bezoek verzamelen.</p></div>');
});

takeover('a diagram sits in a scrolling frame: drawn with its SVG and natural size, or its source until the shell draws it', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 40"><text>A</text></svg>';
  assert.is(html(root(el('figure', { className: ['mermaid-diagram'], dataLabel: 'Stroom', dataMermaidSvg: svg }))),
    '<div class="diagram" style="--diagram-width:200px;--diagram-ratio:5.0000"><div class="diagram-viewport" role="region" tabindex="0" aria-label="Stroom">'
    + `<figure class="mermaid-diagram" role="img" aria-label="Stroom">${svg}</figure></div></div>`);
  assert.is(html(root(el('figure', { className: ['mermaid-diagram'], dataLabel: 'Stroom', dataMermaidSource: 'a --> b', dataMermaidLazy: true }))),
    '<div class="diagram"><div class="diagram-viewport" role="region" aria-label="Stroom"><figure class="mermaid-diagram mermaid-lazy" aria-label="Stroom" data-mermaid-lazy="">'
    + '<pre class="mermaid-source" tabindex="0">a --&gt; b</pre></figure></div></div>');
});

takeover('a table scrolls in its own region, without whitespace between rows, with aligned cells', () => {
  assert.is(html(root(el('table', {}, txt('\n'), el('tbody', {}, txt('\n'), el('tr', {}, el('td', { align: 'right' }, txt('1')), txt('\n')))))),
    '<div class="table-wrapper" role="region" aria-label="Tabel" tabindex="0"><table><tbody><tr><td style="text-align:right">1</td></tr></tbody></table></div>');
});

takeover('an image without a usable URL gets no src; the first eager image is preloaded from the head, none in a picture', () => {
  assert.is(html(root(el('p', {}, el('img', { src: '', alt: 'x' })))), '<p><img alt="x"/></p>');
  const tree = root(el('p', {}, el('img', { src: '/assets/a.png', alt: '', fetchPriority: 'high' }), el('picture', {}, el('img', { src: '/assets/b.png', alt: '' }))));
  assert.equal(bodyHtml(tree, { siteHosts, bodyTheme: theme }).preloads, [{ src: '/assets/a.png', fetchPriority: 'high' }]);
  const head = page(tree).split('<body>')[0] ?? '';
  assert.match(head, /<link rel="preload" href="\/assets\/a.png" as="image" fetchPriority="high"\/>/);
  assert.not.match(head, /b\.png/);
});

takeover.run();

// MDX nodes as the markdown stage leaves them.
const estree = (expression: Expression): Program => ({ type: 'Program', sourceType: 'module', body: [{ type: 'ExpressionStatement', expression }] });
const literal = (value: string | number | boolean | null): Expression => ({ type: 'Literal', value });
const attr = (name: string, value: MdxJsxAttribute['value']): MdxJsxAttribute => ({ type: 'mdxJsxAttribute', name, value });
const expressionAttr = (name: string, expression: Expression): MdxJsxAttribute =>
  attr(name, { type: 'mdxJsxAttributeValueExpression', value: '…', data: { estree: estree(expression) } });
const component = (name: string, attributes: MdxJsxAttribute[], children: ElementContent[], text = false): ElementContent =>
  ({ type: text ? 'mdxJsxTextElement' : 'mdxJsxFlowElement', name, attributes, children } as MdxJsxFlowElementHast | MdxJsxTextElementHast as unknown as ElementContent);

const mdx = suite('body runtime: MDX components');

/** A React component that shows its props as React got them, and reads its children's props as Tabs does. */
function Kaart(props: { titel?: string; open?: boolean; stappen?: unknown; opties?: unknown; children?: ReactNode }) {
  const labels = Children.toArray(props.children).flatMap((child) => (isValidElement<{ label?: string }>(child) && child.props.label ? [child.props.label] : []));
  return (
    <section className="kaart" data-open={props.open} data-stappen={JSON.stringify(props.stappen)} data-opties={JSON.stringify(props.opties)} data-labels={labels.join(',')}>
      <h3>{props.titel}</h3>{props.children}
    </section>
  );
}
const Paneel = ({ label, children }: { label: string; children?: ReactNode }) => <div className="paneel" data-label={label}>{children}</div>;

mdx('a component node with static props renders through the map, in the page\'s own React render, its children written as before', () => {
  const tree = root(
    el('p', {}, txt('Voor')),
    component('Kaart', [
      attr('titel', 'Stap "1"'),
      attr('open', null),
      expressionAttr('stappen', { type: 'ArrayExpression', elements: [literal(1), { type: 'UnaryExpression', operator: '-', prefix: true, argument: literal(2) }, { type: 'TemplateLiteral', expressions: [], quasis: [{ type: 'TemplateElement', tail: true, value: { raw: 'drie', cooked: 'drie' } }] }] }),
      expressionAttr('opties', { type: 'ObjectExpression', properties: [{ type: 'Property', kind: 'init', method: false, shorthand: false, computed: false, key: { type: 'Identifier', name: 'a' }, value: literal(true) }] }),
    ], [
      component('Paneel', [attr('label', 'Een')], [el('p', {}, el('a', { href: 'https://example.org/' }, txt('Extern')))]),
      el('h2', { id: 'binnen' }, txt('Binnen')),
    ]),
  );
  const out = page(tree, themeWith({ Kaart, Paneel }));
  assert.ok(out.includes('<div class="markdown"><p>Voor</p><section class="kaart" data-open="true" data-stappen="[1,-2,&quot;drie&quot;]" data-opties="{&quot;a&quot;:true}" data-labels="Een">'
    + '<h3>Stap &quot;1&quot;</h3>'
    + `<div class="paneel" data-label="Een"><p><a href="https://example.org/" class="external" target="_blank" rel="noopener noreferrer">Extern${hint}</a></p></div>`
    + '<h2 id="binnen">Binnen<a class="hash-link" href="#binnen" aria-label="Direct link naar Binnen">#</a></h2></section></div>'), out);
});

mdx('an image in a body with a React component is preloaded from the head once, as in any other body', () => {
  const tree = root(component('Kaart', [], [el('p', {}, el('img', { src: '/assets/a.png', alt: '' }), el('img', { src: '/assets/a.png', alt: '' }))]), el('p', {}, el('img', { src: '/assets/b.png', alt: '' })));
  const [head, body] = page(tree, themeWith({ Kaart })).split('<body>') as [string, string];
  assert.is(head.match(/rel="preload"/g)?.length, 2);
  assert.match(head, /a\.png[^]*b\.png/);
  assert.not.match(body, /<link/);
});

mdx('an Unknown$ name the map lacks renders its children in a plain div, a span in text', () => {
  const tree = root(component('Unknown$Kaart', [attr('kleur', 'rood')], [el('p', {}, txt('In het '), component('Unknown$Nadruk', [], [txt('kader')], true))]));
  assert.is(html(tree), '<div><p>In het <span>kader</span></p></div>');
});

mdx('a component the map lacks, or an expression that is no static value, throws in the evaluater: content code never runs', () => {
  const evaluater = createEvaluater(lookupIn({ Kaart }))();
  assert.is(evaluater.evaluateExpression({ type: 'Identifier', name: 'Kaart' }), Kaart);
  const refused: Expression[] = [
    { type: 'Identifier', name: 'Onbekend' },
    { type: 'CallExpression', optional: false, callee: { type: 'Identifier', name: 'alert' }, arguments: [literal(1)] },
    { type: 'BinaryExpression', operator: '+', left: literal(1), right: literal(2) },
    { type: 'TemplateLiteral', expressions: [{ type: 'Identifier', name: 'x' }], quasis: [{ type: 'TemplateElement', tail: false, value: { raw: 'a', cooked: 'a' } }, { type: 'TemplateElement', tail: true, value: { raw: '', cooked: '' } }] },
    { type: 'ArrayExpression', elements: [{ type: 'SpreadElement', argument: { type: 'Identifier', name: 'x' } }] },
    { type: 'ObjectExpression', properties: [{ type: 'SpreadElement', argument: { type: 'Identifier', name: 'x' } }] },
    { type: 'ObjectExpression', properties: [{ type: 'Property', kind: 'get', method: false, shorthand: false, computed: false, key: { type: 'Identifier', name: 'a' }, value: { type: 'FunctionExpression', params: [], body: { type: 'BlockStatement', body: [] } } }] },
    { type: 'ArrowFunctionExpression', expression: true, params: [], body: literal(1) },
    { type: 'UnaryExpression', operator: '!', prefix: true, argument: literal(1) },
    { type: 'Literal', value: /x/, regex: { pattern: 'x', flags: '' } },
  ];
  for (const expression of refused) assert.throws(() => evaluater.evaluateExpression(expression), /MDX-expressie|niet in de componenten/, expression.type);
  assert.throws(() => evaluater.evaluateProgram(estree(literal(1))));
  // Through the runtime: an attribute that is code throws before anything is written.
  const tree = root(component('Kaart', [expressionAttr('titel', refused[1]!)], []));
  assert.throws(() => html(tree, {}, themeWith({ Kaart })), /MDX-expressie/);
});

mdx('a __proto__ key in a static object is a key, not the object\'s prototype', () => {
  const value = createEvaluater(lookupIn({}))().evaluateExpression({ type: 'ObjectExpression', properties: [{ type: 'Property', kind: 'init', method: false, shorthand: false, computed: false, key: { type: 'Literal', value: '__proto__' }, value: { type: 'ObjectExpression', properties: [] } }] }) as object;
  assert.is(Object.getPrototypeOf(value), Object.prototype);
  assert.ok(Object.hasOwn(value, '__proto__'));
});

mdx.run();

const react = suite('body runtime: the same HTML as React');

/** Strings that break naive escaping, and any string at all. */
const hostile = fc.oneof(
  fc.constantFrom('"', '\'', '&', '<', '>', '&amp;', '&#x27;', '"><img src=x>', '\' onmouseover=\'x', '</p><p>', '<!--', ']]>', '\u2028', '', ' ', '{{x}}', '\u0000'),
  fc.string({ unit: 'binary', maxLength: 12 }),
);
/** URLs React and the runtime both write (script URLs are the runtime's own rule, tested below). */
const url = fc.oneof(hostile, fc.constantFrom('/a?b=1&c=2', 'https://example.org/"x"', '#kop', 'mailto:a@b')).filter((u) => unsafeUrl(u) === null);
const tags = ['a', 'abbr', 'b', 'br', 'cite', 'code', 'dd', 'del', 'details', 'dfn', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'h2', 'h3', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'pre', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'u', 'ul', 'var', 'input', 'button', 'video', 'source', 'picture', 'section', 'x-kaart'];
const voids = new Set(['br', 'hr', 'img', 'input', 'source']);
const properties = fc.record({
  id: hostile, className: fc.array(hostile, { maxLength: 3 }), title: hostile, href: url, src: url, alt: hostile, cite: url,
  width: fc.oneof(fc.nat(2000), hostile), height: fc.nat(2000), colSpan: fc.nat(5), rowSpan: fc.oneof(fc.nat(5), hostile), start: fc.integer({ min: -3, max: 9 }),
  open: fc.boolean(), hidden: fc.boolean(), reversed: fc.boolean(), controls: fc.boolean(), disabled: fc.boolean(), checked: fc.boolean(),
  ariaLabel: hostile, ariaHidden: fc.constantFrom('true', 'false'), dataFoo: fc.oneof(hostile, fc.boolean()), lang: hostile, dir: fc.constantFrom('ltr', 'rtl', 'auto'),
  dateTime: hostile, tabIndex: fc.integer({ min: -1, max: 3 }), type: fc.constantFrom('checkbox', 'button', 'text'), value: hostile, name: hostile,
  style: fc.constantFrom('color:#D73A49', 'color: red; font-style: italic', '--x: 1px', 'text-align:center', 'margin-top: 2px'),
}, { requiredKeys: [] });

const { tree: hastTree } = fc.letrec<{ tree: Root; node: ElementContent }>((tie) => ({
  tree: fc.array(tie('node'), { maxLength: 5 }).map((children) => root(...children)),
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true },
    hostile.map(txt),
    fc.record({ tag: fc.constantFrom(...tags), props: properties, children: fc.array(tie('node'), { maxLength: 4 }) }).map(({ tag, props, children }) =>
      // Void elements take no children (React throws); images load lazily, so neither side preloads them.
      el(tag, tag === 'img' ? { ...props, loading: 'lazy' } : props, ...(voids.has(tag) ? [] : children))),
  ),
}));

react('random hast: the runtime writes exactly what React\'s renderToStaticMarkup writes for React\'s own JSX', () => {
  const error = console.error;
  console.error = () => {}; // React's development build warns about some props; the output is what counts.
  try {
    fc.assert(fc.property(hastTree, (tree) => {
      const ours = writeBody(toJsxRuntime(tree, { Fragment, jsx, jsxs, passKeys: false }) as unknown as BodyNode);
      const reacts = renderToStaticMarkup(toJsxRuntime(tree, { Fragment: ReactFragment, jsx: reactJsx, jsxs: reactJsxs }));
      assert.is(ours, reacts);
    }), { numRuns: 400 });
  } finally {
    console.error = error;
  }
});

react.run();

const safety = suite('body runtime: no script, event attribute or script URL');

const scriptUrls = ['javascript:alert(1)', ' JaVa\tScRiPt:alert(1)', '\u0001javascript:x', 'vbscript:x', 'data:text/html,<script>alert(1)</script>', 'DATA:image/svg+xml,x'];

safety('the runtime writes no script, no on* attribute and no script URL, also where React would', () => {
  for (const href of scriptUrls) {
    assert.is(writeBody(h('a', { href, src: href, action: href, formAction: href, xlinkHref: href, srcSet: `/a.png 1x, ${href} 2x` }, 'x')), '<a>x</a>', href);
    assert.is(writeBody(h('x-kaart', { href, onclick: 'x', onClick: 'x', ONLOAD: 'x', title: 'ok' })), '<x-kaart title="ok"></x-kaart>', href);
  }
  for (const tag of ['script', 'style', 'iframe', 'object', 'embed', 'title', 'link', 'meta', 'base', 'template']) {
    assert.is(writeBody(h('p', null, 'a', h(tag, { src: '/x.js' }, 'alert(1)'), 'b')), '<p>ab</p>', tag);
  }
  assert.is(writeBody(h('img', { src: '/a.png', onerror: 'alert(1)', onError: 'alert(1)', alt: '' })), '<img src="/a.png" alt=""/>');
});

safety('inner HTML given as a prop is never written: only the renderer\'s own trusted HTML is', () => {
  assert.is(writeBody(h('div', { dangerouslySetInnerHTML: { __html: '<script>alert(1)</script>' } })), '<div></div>');
  const object: Expression = { type: 'ObjectExpression', properties: [{ type: 'Property', kind: 'init', method: false, shorthand: false, computed: false, key: { type: 'Identifier', name: '__html' }, value: literal('<img src=x onerror=alert(1)>') }] };
  assert.is(html(root(component('div', [expressionAttr('dangerouslySetInnerHTML', object)], [txt('tekst')]))), '<div>tekst</div>');
  const Kader = ({ children }: { children?: ReactNode }) => <section>{children}</section>;
  const out = page(root(component('Kader', [], [component('div', [expressionAttr('dangerouslySetInnerHTML', object)], [])])), themeWith({ Kader }));
  assert.ok(out.includes('<div class="markdown"><section><div></div></section></div>'), out);
});

safety('components, the body\'s own and React\'s, are held to the same rules where the runtime writes for them', () => {
  const Boos = bodyComponent(() => h(Fragment, null, h('script', null, 'alert(1)'), h('a', { href: 'javascript:alert(1)', onClick: 'x' }, 'link'), h('img', { src: 'data:image/png;base64,x', alt: '' })));
  const tree = root(component('Boos', [], []));
  assert.is(html(tree, {}, themeWith({ Boos })), '<a>link</a><img alt=""/>');
  // In a body with a React component, the runtime's elements reach React without what the rules refuse.
  const Kader = ({ children }: { children?: ReactNode }) => <section>{children}</section>;
  const out = page(root(component('Kader', [], [component('Boos', [], [])])), themeWith({ Boos, Kader }));
  assert.ok(out.includes('<div class="markdown"><section><a>link</a><img alt=""/></section></div>'), out);
});

safety('whatever text and attribute values a tree holds, they stay text: the body has only the elements it was given', () => {
  fc.assert(fc.property(hostile, hostile, (value, title) => {
    const out = html(root(el('p', {}, txt(value), el('a', { href: '/x', title }, txt(value)))));
    const body = parse(`<body>${out}`).childNodes.find((n) => n.nodeName === 'html');
    const names: string[] = [];
    const walk = (n: unknown): void => {
      const node = n as { nodeName: string; childNodes?: unknown[] };
      if (!node.nodeName.startsWith('#')) names.push(node.nodeName);
      node.childNodes?.forEach(walk);
    };
    walk(body);
    assert.equal(names, ['html', 'head', 'body', 'p', 'a']);
  }), { numRuns: 300 });
});

safety.run();
