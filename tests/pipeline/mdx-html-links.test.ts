/**
 * An HTML link written as JSX (`<a href="…">`) in an MDX page: a link like a
 * Markdown one, resolved by the link job and seen by the link checker, as
 * Docusaurus' checker sees every link of a page.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toHtml } from 'hast-util-to-html';
import type { Nodes as HastNodes } from 'hast';
import { renderMarkdown, type MarkdownContext } from '../../pipeline/stages/markdown.ts';
import { parseMarkdownBody } from '../../pipeline/stages/parse.ts';
import type { Problem } from '../../pipeline/problem.ts';

const ctx: MarkdownContext = {
  permalinks: new Map([['docs/doel.md', '/docs/doel']]),
  drafts: new Set(),
  assets: new Map(),
  highlighter: null,
  diagrams: new Map(),
  mdx: { unknownComponents: 'error', componentsFolder: 'src/components', siteComponents: new Set(['Kaart']), staticFolders: ['static'] },
};

const render = (md: string) =>
  renderMarkdown({ tree: parseMarkdownBody(md, 'mdx'), path: 'docs/pagina.mdx', display: 'docs/pagina.mdx', permalink: '/docs/pagina', tocMin: 2, tocMax: 3, source: md }, ctx);

/** The body as HTML, with a component still in it written as its tag. */
function html(node: HastNodes): string {
  if (node.type === 'root') return node.children.map((c) => html(c as HastNodes)).join('');
  if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
    const attributes = node.attributes.map((a) => (a.type === 'mdxJsxAttribute' ? ` ${a.name}=${typeof a.value === 'string' ? JSON.stringify(a.value) : a.value === null ? 'true' : `{${a.value?.value}}`}` : ' {...}')).join('');
    return `<${node.name}${attributes}>${node.children.map((c) => html(c as HastNodes)).join('')}</${node.name}>`;
  }
  if (node.type === 'element') return toHtml({ ...node, children: [] }).replace(/<\/[^>]+>$/, '') + node.children.map((c) => html(c as HastNodes)).join('') + `</${node.tagName}>`;
  return toHtml(node as never);
}

const codes = (problems: ReadonlyArray<Problem>) => problems.map((p) => `${p.line}:${p.column} ${p.severity} ${p.code}`);

const links = suite('mdx: HTML links in JSX');

links('should make an HTML link in JSX a link the checker sees, with a .md path resolved and its attributes kept', () => {
  const { content, problems } = render(`Lees <a href="./doel.md" className="knop">het doel</a> of <a href="/docs/bestaat-niet">niets</a>.
`);
  assert.equal(codes(problems), []);
  assert.is(html(content.body), '<p>Lees <a href="/docs/doel" class="knop">het doel</a> of <a href="/docs/bestaat-niet">niets</a>.</p>');
  assert.equal(content.links.map((l) => `${l.url} ${l.place.line}:${l.place.column}`), ['/docs/doel 1:6', '/docs/bestaat-niet 1:59']);
});

links.run();
