/**
 * Fenced code: a language the highlighter does not know is shown as plain
 * text, with a warning, and a magic comment that pairs with nothing is a
 * warning at its line. The highlighting itself, magic comments and line
 * numbers included, happens on the hast (stages/highlight/: highlighted-code.ts, requests.ts).
 */
import type { Code, Root } from 'mdast';
import { placeOf, warning, type Problem } from '../../problem.ts';
import { codeBlocks, codeLanguages } from '../code-blocks.ts';
import { isUnknownLanguage, type Highlighter } from '../highlight/requests.ts';
import { magicLines } from '../magic-comments.ts';
import type { Handler } from './walk.ts';

/** The code job of one page; without a highlighter every language stays as written. */
export function codeLanguage(file: string, highlighter: Highlighter | null): Handler<Code> {
  return (node) => {
    const problems = unpairedComments(file, node);
    if (!node.lang || !highlighter || !isUnknownLanguage(node.lang, highlighter.getLoadedLanguages())) return problems.length ? { problems } : undefined;
    const problem = warning('unknown-language', file, placeOf(node), `De taal "${node.lang}" is onbekend voor de syntax highlighter; het blok wordt als platte tekst getoond. Gebruik een taal uit docs/authoring.md.`);
    node.lang = 'text';
    return { problems: [problem, ...problems] };
  };
}

/**
 * `highlight-start` without its `highlight-end` (or the other way round):
 * Docusaurus highlights nothing for it, silently. The place is the comment's
 * line; the code starts on the line after the opening fence.
 */
function unpairedComments(file: string, node: Code): Problem[] {
  const lines = magicLines(node.lang, node.meta, node.value);
  if (!lines?.unpaired.length) return [];
  const fence = placeOf(node);
  return lines.unpaired.map(({ line, comment }) => warning('highlight-comment-unpaired', file, { line: fence.line + 1 + line, column: fence.column },
    comment === 'highlight-start'
      ? 'Dit highlight-start-commentaar heeft geen highlight-end erna: er wordt niets gemarkeerd. Zet een regel met highlight-end na de laatste regel die gemarkeerd moet worden.'
      : 'Dit highlight-end-commentaar hoort bij geen highlight-start ervoor: er wordt niets gemarkeerd. Zet een regel met highlight-start voor de eerste regel die gemarkeerd moet worden, of haal dit commentaar weg.'));
}

/** Languages fenced code uses, so the io edge can load just those into the highlighter. */
export const languagesUsed = (trees: ReadonlyArray<Root>): string[] => codeLanguages(trees.flatMap((tree) => codeBlocks(tree)));
