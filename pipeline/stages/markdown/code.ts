/**
 * Fenced code: a language the highlighter does not know is shown as plain
 * text, with a warning. The highlighting itself happens on the hast
 * (highlighted-code.ts).
 */
import type { Code, Root } from 'mdast';
import { placeOf, warning } from '../../problem.ts';
import { codeBlocks, codeLanguages } from '../code-blocks.ts';
import { isUnknownLanguage, type Highlighter } from '../highlight.ts';
import type { Handler } from './walk.ts';

/** The code job of one page; without a highlighter every language stays as written. */
export function codeLanguage(file: string, highlighter: Highlighter | null): Handler<Code> {
  return (node) => {
    if (!node.lang || !highlighter || !isUnknownLanguage(node.lang, highlighter.getLoadedLanguages())) return undefined;
    const problem = warning('unknown-language', file, placeOf(node), `De taal "${node.lang}" is onbekend voor de syntax highlighter; het blok wordt als platte tekst getoond. Gebruik een taal uit docs/authoring.md.`);
    node.lang = 'text';
    return { problems: [problem] };
  };
}

/** Languages fenced code uses, so the io edge can load just those into the highlighter. */
export const languagesUsed = (trees: ReadonlyArray<Root>): string[] => codeLanguages(trees.flatMap((tree) => codeBlocks(tree)));
