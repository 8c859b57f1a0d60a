/**
 * Markdown text → mdast: remark with GitHub's extensions and directives, the
 * older admonition title form read as the label form, and positions in the
 * text as written. In MDX (remark-mdx) JSX, expressions and ESM are read as
 * well, with HTML comments and Docusaurus' escaped heading ids; in both
 * formats `mdx-code-block` fences are unwrapped, as Docusaurus does.
 */
import { unified, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkMdx from 'remark-mdx';
import type { Root } from 'mdast';
import { emailLiteralsAfterParsing } from './gfm-literals.ts';
// micromark's edits in linear time instead of quadratic (see the module).
import './micromark-edits.ts';
import { legacyAdmonitionTitles, restorePositions } from './legacy-admonition-titles.ts';
import { escapeHeadingIds, unwrapMdxCodeBlocks } from './docusaurus-preprocess.ts';
import { htmlCommentFromMarkdown, htmlCommentSyntax } from './html-comments.ts';
import type { MarkdownFormat } from '../../types.ts';
import { unravelJsxParagraphs } from './mdx-unravel.ts';
import { mdxCodeBlocks } from './mdx-code-blocks.ts';

/** HTML comments in MDX (./html-comments.ts) as a remark plugin. */
function mdxHtmlComments(this: Processor): void {
  const data = this.data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };
  (data.micromarkExtensions ??= []).push(htmlCommentSyntax);
  (data.fromMarkdownExtensions ??= []).push(htmlCommentFromMarkdown);
}

/**
 * Made once and frozen: their plugins run when they freeze, and parsing keeps
 * no state in them, so every call and every build share them.
 */
const markdownParser = unified().use(remarkParse).use(remarkGfm).use(emailLiteralsAfterParsing).use(remarkDirective).freeze();
const mdxParser = unified().use(remarkParse).use(remarkMdx).use(mdxHtmlComments).use(remarkGfm).use(emailLiteralsAfterParsing).use(remarkDirective).freeze();

/**
 * The tree of a body; its positions are those of `text`. Throws where the
 * parser does: content it cannot hold, and in MDX a syntax error (a
 * VFileMessage with its place, see ./mdx-errors.ts).
 */
export function parseMarkdownBody(text: string, format: MarkdownFormat = 'md'): Root {
  const unwrapped = unwrapMdxCodeBlocks(text);
  const ids = format === 'mdx' ? escapeHeadingIds(unwrapped) : { text: unwrapped, lines: new Map() };
  const { text: rewritten, lines } = legacyAdmonitionTitles(ids.text);
  const parser = format === 'mdx' ? mdxParser : markdownParser;
  const tree = parser.runSync(parser.parse(rewritten)) as Root;
  if (format === 'mdx') unravelJsxParagraphs(tree);
  if (lines.size) restorePositions(tree, ids.text, lines);
  if (ids.lines.size) restorePositions(tree, unwrapped, ids.lines);
  if (format === 'mdx') {
    truncateMarkers(tree);
    mdxCodeBlocks(tree);
  }
  return tree;
}

/**
 * `{/* truncate *\/}` in MDX is an expression of its own; as the `<!-- truncate -->`
 * it means, every later step (the truncation rule, the excerpt) knows it.
 */
function truncateMarkers(tree: Root): void {
  tree.children.forEach((node, i) => {
    if (node.type === 'mdxFlowExpression' && /^\/\*\s*truncate\s*\*\/$/.test(node.value.trim())) {
      tree.children[i] = { type: 'html', value: '<!-- truncate -->', ...(node.position ? { position: node.position } : {}) };
    }
  });
}
