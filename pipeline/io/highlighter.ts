/**
 * Effect edge: create one shiki highlighter with only the languages the
 * content uses (spec section 9 asks for turtle; it is bundled with shiki).
 */
import { createHighlighterCore, type HighlighterCore } from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { bundledLanguages } from 'shiki/langs';

export async function createHighlighter(languages: ReadonlyArray<string>): Promise<HighlighterCore> {
  const known = languages.filter((l): l is keyof typeof bundledLanguages => l in bundledLanguages);
  return createHighlighterCore({
    themes: [import('@shikijs/themes/github-light')],
    langs: known.map((l) => bundledLanguages[l]()),
    engine: createOnigurumaEngine(import('shiki/wasm')),
  });
}
