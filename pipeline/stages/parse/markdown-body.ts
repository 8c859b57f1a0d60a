/**
 * Markdown text → mdast: remark with GitHub's extensions and directives, the
 * older admonition title form read as the label form, and positions in the
 * text as written.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import type { Root } from 'mdast';
import { emailLiteralsAfterParsing } from './gfm-literals.ts';
// micromark's edits in linear time instead of quadratic (see the module).
import './micromark-edits.ts';
import { legacyAdmonitionTitles, restorePositions } from './legacy-admonition-titles.ts';

/**
 * Made once and frozen: its plugins run when it freezes, and parsing keeps no
 * state in it, so every call and every build share it.
 */
const markdownParser = unified().use(remarkParse).use(remarkGfm).use(emailLiteralsAfterParsing).use(remarkDirective).freeze();

/** The tree of a Markdown body; its positions are those of `text`. Throws where the parser does (content it cannot hold). */
export function parseMarkdownBody(text: string): Root {
  const { text: rewritten, lines } = legacyAdmonitionTitles(text);
  const tree = markdownParser.runSync(markdownParser.parse(rewritten)) as Root;
  if (lines.size) restorePositions(tree, text, lines);
  return tree;
}
