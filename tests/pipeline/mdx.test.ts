/**
 * MDX through the parse and markdown stages: every form an author writes,
 * what the stage makes of it (the node contract the renderer reads), and the
 * problems for what is not supported, at their places.
 */
import { suite } from 'uvu';
import fc from 'fast-check';
import * as assert from 'uvu/assert';
import { toHtml } from 'hast-util-to-html';
import type { Nodes as HastNodes, Root as HastRoot } from 'hast';
import { renderMarkdown, type MarkdownContext } from '../../pipeline/stages/markdown.ts';
import { parseMarkdownBody } from '../../pipeline/stages/parse.ts';
import type { Problem } from '../../pipeline/problem.ts';
import { analyse, generate } from '../../pipeline/build.ts';
import { configText, effects, tree } from '../helpers.ts';

const ctx = (over: Partial<MarkdownContext> = {}): MarkdownContext => ({
  permalinks: new Map([['docs/mdx/doel.md', '/docs/mdx/doel']]),
  drafts: new Set(),
  assets: new Map([['docs/mdx/img/kaart.png', { path: 'docs/mdx/img/kaart.png', url: '/assets/kaart.abc123.png', bytes: new Uint8Array(), width: 10, height: 10 } as never]]),
  highlighter: null,
  diagrams: new Map(),
  mdx: { unknownComponents: 'error', componentsFolder: 'src/components', siteComponents: new Set(['Kaart', 'kaarten$Klein']), staticFolders: ['static'] },
  ...over,
});

const render = (md: string, over: Partial<MarkdownContext> = {}) =>
  renderMarkdown({ tree: parseMarkdownBody(md, 'mdx'), path: 'docs/mdx/alles.mdx', display: 'content/docs/mdx/alles.mdx', permalink: '/docs/mdx/alles', tocMin: 2, tocMax: 3, source: md }, ctx(over));

/** The hast with the JSX nodes written as tags, to compare briefly. */
function brief(node: HastNodes): string {
  if (node.type === 'root') return node.children.map(brief).join('');
  if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
    const attributes = node.attributes.map((a) => (a.type === 'mdxJsxAttribute' ? ` ${a.name}=${typeof a.value === 'string' ? JSON.stringify(a.value) : a.value === null ? 'true' : `{${a.value?.value}}`}` : ' {...}')).join('');
    return `<${node.name}${attributes}>${node.children.map((c) => brief(c as HastNodes)).join('')}</${node.name}>`;
  }
  if (node.type === 'element') return toHtml({ ...node, children: [] }).replace(/<\/[^>]+>$/, '') + node.children.map((c) => brief(c as HastNodes)).join('') + `</${node.tagName}>`;
  return toHtml(node as never);
}

const codesOf = (problems: ReadonlyArray<Problem>) => problems.map((p) => `${p.line}:${p.column} ${p.severity} ${p.code}`);

const mdx = suite('mdx');

mdx('should give built-in components their canonical name, whatever the local name', () => {
  const { content, problems } = render(`import Tabbladen from '@theme/Tabs';
import Blad from '@theme/TabItem';

<Tabbladen groupId="taal" values={[{label: 'Een', value: 'een'}, {label: 'Twee', value: 2}]}>
<Blad value="een" default>

Tekst **vet**.

</Blad>
</Tabbladen>
`);
  assert.equal(problems, []);
  assert.is(brief(content.body), '<Tabs groupId="taal" values={[{"label":"Een","value":"een"},{"label":"Twee","value":2}]}><TabItem value="een" default=true><p>Tekst <strong>vet</strong>.</p></TabItem></Tabs>');
});

mdx('should keep static attribute values as a program of one literal, and nothing else', () => {
  const { content } = render(`import DocCard from '@theme/DocCard';\n\n<DocCard item={{type: 'link', href: '/docs/mdx/doel', label: \`Doel\`, n: -1}} />\n`);
  const card = content.body.children[0] as Extract<HastNodes, { type: 'mdxJsxFlowElement' }>;
  const value = card.attributes[0]?.value as { data: { estree: unknown } };
  assert.equal(value.data.estree, {
    type: 'Program', sourceType: 'module', body: [{ type: 'ExpressionStatement', expression: { type: 'ObjectExpression', properties: [
      ['type', { type: 'Literal', value: 'link' }], ['href', { type: 'Literal', value: '/docs/mdx/doel' }], ['label', { type: 'Literal', value: 'Doel' }],
      ['n', { type: 'UnaryExpression', operator: '-', prefix: true, argument: { type: 'Literal', value: 1 } }],
    ].map(([key, v]) => ({ type: 'Property', key: { type: 'Literal', value: key }, value: v, kind: 'init', method: false, shorthand: false, computed: false })) } }],
  });
});

mdx('should resolve site components from @site and relative imports to Site$Key', () => {
  const { content, problems } = render(`import Kaart from '@site/src/components/Kaart';
import Klein from '../../src/components/kaarten/Klein.tsx';

<Kaart titel="Hallo" />

Tekst met <Klein>in de zin</Klein>.
`);
  assert.equal(problems, []);
  assert.is(brief(content.body), '<Site$Kaart titel="Hallo"></Site$Kaart>\n<p>Tekst met <Site$kaarten$Klein>in de zin</Site$kaarten$Klein>.</p>');
});

mdx('should lower Link, Admonition, Details and CodeBlock to what their Markdown makes', () => {
  const { content, problems } = render(`import Link from '@docusaurus/Link';
import Admonition from '@theme/Admonition';
import CodeBlock from '@theme/CodeBlock';

Lees <Link to="./doel.md">het doel</Link>.

<Admonition type="tip" title="Let op">
Een tip.
</Admonition>

<Details summary="Meer">
Verborgen.
</Details>

<CodeBlock language="js" title="a.js">{\`const a = 1;\`}</CodeBlock>
`);
  assert.equal(problems, []);
  assert.equal(content.links.map((l) => l.url), ['/docs/mdx/doel']);
  const html = brief(content.body);
  assert.match(html, '<p>Lees <a href="/docs/mdx/doel">het doel</a>.</p>');
  assert.match(html, '<aside class="admonition admonition-tip" data-admonition="tip" data-title="Let op"><p>Een tip.</p></aside>');
  assert.match(html, '<details><summary>Meer</summary><p>Verborgen.</p></details>');
  assert.match(html, '<pre><code class="language-js">const a = 1;\n</code></pre>');
});

mdx('should make lower-case JSX an HTML element under the raw HTML rules', () => {
  const { content, problems } = render(`<kbd className="toets">K</kbd> en <span style={{color: 'red'}}>rood</span>.

<div onClick="x()">weg</div>

<a href="javascript:alert(1)">weg</a>
`);
  assert.equal(codesOf(problems), ['1:41 warning mdx-style-ignored', '3:1 error unsafe-html', '5:1 error unsafe-html']);
  assert.is(brief(content.body), '<p><kbd class="toets">K</kbd> en <span>rood</span>.</p>');
});

mdx('should drop comments, make string expressions text and refuse other expressions at their place', () => {
  const { content, problems } = render(`{/* weg */}

Tekst {'letterlijk'} en {1 + 1} en {window.x}.

<!-- ook weg -->
`);
  assert.equal(codesOf(problems), ['3:25 error mdx-expression', '3:36 error mdx-expression']);
  assert.match(problems[0]!.message, 'een berekening (`+`)');
  assert.match(problems[1]!.message, 'het opvragen van een eigenschap');
  assert.is(brief(content.body).trim(), '<p>Tekst letterlijk en  en .</p>');
});

mdx('should report an unresolved component with its import, or with warn render it as Unknown$Name with one warning', () => {
  const md = `import Grafiek from '@site/src/components/Grafiek';\n\n<Grafiek />\n\n<Grafiek>\nuitleg\n</Grafiek>\n\n<Los />\n`;
  const strict = render(md);
  assert.equal(codesOf(strict.problems), ['3:1 error mdx-unknown-component', '5:1 error mdx-unknown-component', '9:1 error mdx-unknown-component']);
  assert.match(strict.problems[0]!.message, '<Grafiek>');
  assert.match(strict.problems[0]!.message, '@site/src/components/Grafiek');
  assert.match(strict.problems[2]!.message, 'niet geïmporteerd');
  const lenient = render(md, { mdx: { unknownComponents: 'warn', componentsFolder: 'src/components', siteComponents: new Set(), staticFolders: ['static'] } });
  assert.equal(codesOf(lenient.problems), ['3:1 warning mdx-unknown-component', '9:1 warning mdx-unknown-component']);
  assert.match(lenient.problems[0]!.message, 'regel 3, 5');
  assert.is(brief(lenient.content.body), '<Unknown$Grafiek></Unknown$Grafiek>\n<Unknown$Grafiek><p>uitleg</p></Unknown$Grafiek>\n<Unknown$Los></Unknown$Los>');
});

mdx('should refuse exports except constants with a static value, which attributes may use', () => {
  const { content, problems } = render(`import Tabs from '@theme/Tabs';
export const talen = [{label: 'NL', value: 'nl'}];
export function Rood() { return null; }

<Tabs values={talen} />
`);
  assert.equal(codesOf(problems), ['3:1 error mdx-export']);
  assert.is(brief(content.body), '<Tabs values={[{"label":"NL","value":"nl"}]}></Tabs>');
});

mdx('should resolve imported images, require and useBaseUrl to URLs', () => {
  const { content, problems } = render(`import kaart from './img/kaart.png';
import useBaseUrl from '@docusaurus/useBaseUrl';
import logo from '@site/static/img/logo.svg';

<img src={kaart} alt="Kaart" />

<img src={logo} alt="Logo" />

<img src={require('./img/kaart.png').default} alt="Ook" />

<img src={useBaseUrl('/img/logo.svg')} alt="Logo" />
`);
  assert.equal(problems, []);
  assert.is(brief(content.body), '<img src="/assets/kaart.abc123.png" alt="Kaart" decoding="async" fetchpriority="high"></img>\n<img src="/img/logo.svg" alt="Logo" decoding="async" loading="lazy"></img>\n<img src="/assets/kaart.abc123.png" alt="Ook" decoding="async" loading="lazy"></img>\n<img src="/img/logo.svg" alt="Logo" decoding="async" loading="lazy"></img>');
});

mdx('should treat DocCardList with the current category items as DocCardList without items', () => {
  const { content, problems } = render(`import DocCardList from '@theme/DocCardList';
import {useCurrentSidebarCategory} from '@docusaurus/theme-common';

<DocCardList items={useCurrentSidebarCategory().items} />
`);
  assert.equal(problems, []);
  assert.ok(content.docCardList);
  assert.is(brief(content.body), '<DocCardList></DocCardList>');
});

mdx('should leave no MDX expression, ESM or spread in the hast', () => {
  const { content } = render(`import Tabs from '@theme/Tabs';\nexport const x = 1;\n\n<Tabs {...{a: 1}} b={x}>{'t'}</Tabs>\n\n{/* c */}\n`);
  const seen = new Set<string>();
  const walk = (node: HastNodes): void => { seen.add(node.type); if ('children' in node) node.children.forEach((c) => walk(c as HastNodes)); };
  walk(content.body as HastRoot);
  assert.not.ok(seen.has('mdxFlowExpression') || seen.has('mdxTextExpression') || seen.has('mdxjsEsm'));
  assert.is(brief(content.body), '<Tabs b={1}><p>t</p></Tabs>');
});

mdx('should hold Link to the link rules: no script addresses', () => {
  const { problems, content } = render(`import Link from '@docusaurus/Link';\n\n<Link to="javascript:alert(1)">klik</Link> en <Link href=" JaVaScRiPt:x">ook</Link>\n`);
  assert.equal(codesOf(problems), ['3:1 error unsafe-html', '3:47 error unsafe-html']);
  assert.not.match(brief(content.body), 'script');
});

mdx('should refuse a CodeBlock whose content is not static', () => {
  const { problems } = render(`import CodeBlock from '@theme/CodeBlock';\n\n<CodeBlock language="js">{\`a \${b}\`}</CodeBlock>\n`);
  assert.equal(codesOf(problems), ['3:1 error mdx-expression']);
});

/** An attribute expression as source, with the value it has when it is static (undefined: it is code). */
type Generated = { readonly source: string; readonly value?: unknown };

const trap = '(globalThis.__mdxTrap = 1)';
const leaf: fc.Arbitrary<Generated> = fc.oneof(
  fc.string({ maxLength: 8 }).map((v) => ({ source: JSON.stringify(v), value: v })),
  fc.integer({ min: -1000, max: 1000 }).map((v) => ({ source: String(v), value: v })),
  fc.boolean().map((v) => ({ source: String(v), value: v })),
  fc.constant({ source: 'null', value: null }),
  fc.string({ maxLength: 6 }).filter((v) => !/[`\\$]/.test(v)).map((v) => ({ source: `\`${v}\``, value: v })),
  // Code that would set the trap if anything ran it.
  fc.constantFrom<Generated>(
    { source: trap }, { source: `(() => ${trap})()` }, { source: `\`x\${${trap}}\`` }, { source: `{get a() { return ${trap}; }}` },
    { source: `[...[${trap}]]` }, { source: `new Function('${trap.replace(/'/g, "\\'")}')()` }, { source: 'globalThis' }, { source: 'a.b' },
    { source: `${trap} || 1` }, { source: `{[${trap}]: 1}` }, { source: `{a: ${trap}}` }, { source: `-${trap}` },
  ),
);
const expression: fc.Arbitrary<Generated> = fc.letrec<{ node: Generated }>((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('node'), { maxLength: 3 }).map((items) => ({ source: `[${items.map((i) => i.source).join(', ')}]`, ...(items.every((i) => 'value' in i) ? { value: items.map((i) => i.value) } : {}) })),
    fc.array(fc.tuple(fc.constantFrom('a', 'b', 'label', '__proto__', 'c d'), tie('node')), { maxLength: 3 }).map((entries) => {
      const unique = [...new Map(entries).entries()];
      return { source: `{${unique.map(([k, v]) => `${JSON.stringify(k)}: ${v.source}`).join(', ')}}`,
        ...(unique.every(([, v]) => 'value' in v) ? { value: Object.fromEntries(unique.map(([k, v]) => [k, v.value])) } : {}) };
    }),
  ),
})).node;

mdx('should never run an attribute expression: each is static, with the value it reads as, or an error', () => {
  fc.assert(fc.property(expression, (generated) => {
    delete (globalThis as { __mdxTrap?: unknown }).__mdxTrap;
    const { content, problems } = render(`import Tabs from '@theme/Tabs';\n\n<Tabs values={${generated.source}} />\n`);
    assert.is((globalThis as { __mdxTrap?: unknown }).__mdxTrap, undefined, 'nothing ran');
    if (!('value' in generated)) {
      assert.ok(problems.some((p) => p.code === 'mdx-expression'), generated.source);
      return;
    }
    assert.equal(problems, [], generated.source);
    const tabs = content.body.children[0] as Extract<HastNodes, { type: 'mdxJsxFlowElement' }>;
    const attribute = tabs.attributes[0] as { value: string | null | { value: string } };
    const value = typeof attribute.value === 'string' ? attribute.value : attribute.value === null ? true : JSON.parse(attribute.value.value);
    assert.equal(value, JSON.parse(JSON.stringify(generated.value)), generated.source);
  }), { numRuns: 300 });
});

mdx('should give one warning per unknown component for the whole site, naming every place', () => {
  const page = (title: string, body: string) => `---\ntitle: ${title}\n---\n\n${body}`;
  const config = configText.replace(/^markdown:$/m, 'mdx:\n  unknownComponents: warn\nmarkdown:');
  const analysis = analyse(tree({
    'kennisbank/a.mdx': page('A', '<Grafiek />\n\nTekst.\n\n<Grafiek />\n'),
    'kennisbank/b.mdx': page('B', '<Grafiek>uitleg</Grafiek>\n\n<Kaartje />\n'),
  }, config), 'production');
  const { problems } = generate(analysis, effects, { render: false });
  const unknown = problems.filter((p) => p.code === 'mdx-unknown-component');
  assert.equal(unknown.map((p) => `${p.file}:${p.line} ${p.severity}`), ['content/kennisbank/a.mdx:5 warning', 'content/kennisbank/b.mdx:7 warning']);
  assert.match(unknown[0]!.message, '<Grafiek> is onbekend en toont alleen zijn inhoud (content/kennisbank/a.mdx regel 5, 9; content/kennisbank/b.mdx regel 5).');
  assert.match(unknown[1]!.message, '<Kaartje>');
});

mdx.run();
