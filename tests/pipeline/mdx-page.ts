/**
 * The markdown stage on one MDX page (`docs/pagina.mdx`, linking to `docs/doel.md`, with one site
 * component `Kaart`), for the MDX tests: its body as HTML and its problems as `line:column severity code`.
 */
import { toHtml } from 'hast-util-to-html';
import type { Nodes as HastNodes } from 'hast';
import { renderMarkdown, type MarkdownContext } from '../../pipeline/stages/markdown.ts';
import { parseMarkdownBody } from '../../pipeline/stages/parse.ts';
import type { Problem } from '../../pipeline/problem.ts';

export const ctx: MarkdownContext = {
  permalinks: new Map([['docs/doel.md', '/docs/doel']]),
  drafts: new Set(),
  assets: new Map(),
  highlighter: null,
  diagrams: new Map(),
  mdx: { unknownComponents: 'error', componentsFolder: 'src/components', siteComponents: new Set(['Kaart']), staticFolders: ['static'] },
};

export const render = (md: string) =>
  renderMarkdown({ tree: parseMarkdownBody(md, 'mdx'), path: 'docs/pagina.mdx', display: 'docs/pagina.mdx', permalink: '/docs/pagina', tocMin: 2, tocMax: 3, source: md }, ctx);

/** The body as HTML, with a component still in it written as its tag. */
export function html(node: HastNodes): string {
  if (node.type === 'root') return node.children.map((c) => html(c as HastNodes)).join('');
  if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
    const attributes = node.attributes.map((a) => (a.type === 'mdxJsxAttribute' ? ` ${a.name}=${typeof a.value === 'string' ? JSON.stringify(a.value) : a.value === null ? 'true' : `{${a.value?.value}}`}` : ' {...}')).join('');
    return `<${node.name}${attributes}>${node.children.map((c) => html(c as HastNodes)).join('')}</${node.name}>`;
  }
  if (node.type === 'element') return toHtml({ ...node, children: [] }).replace(/<\/[^>]+>$/, '') + node.children.map((c) => html(c as HastNodes)).join('') + `</${node.tagName}>`;
  return toHtml(node as never);
}

export const codes = (problems: ReadonlyArray<Problem>) => problems.map((p) => `${p.line}:${p.column} ${p.severity} ${p.code}`);
