/**
 * Effect edge: create one shiki highlighter with only the languages the
 * content uses (spec section 9 asks for turtle; it is bundled with shiki).
 */
import { createHighlighterCore, type HighlighterCore } from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { bundledLanguages } from 'shiki/langs';

// The dev server rebuilds after every save; the same languages reuse the same highlighter.
let last: { key: string; highlighter: Promise<HighlighterCore> } | null = null;

export function createHighlighter(languages: ReadonlyArray<string>): Promise<HighlighterCore> {
  const known = languages.filter((l): l is keyof typeof bundledLanguages => l in bundledLanguages);
  const key = known.join(',');
  if (last?.key === key) return last.highlighter;
  const highlighter = createHighlighterCore({
    themes: [import('@shikijs/themes/github-light')],
    langs: known.map((l) => bundledLanguages[l]()),
    engine: createOnigurumaEngine(import('shiki/wasm')),
  });
  last = { key, highlighter };
  return highlighter;
}
