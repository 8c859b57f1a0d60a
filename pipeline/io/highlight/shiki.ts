/**
 * Effect edge: create one shiki highlighter with only the languages the
 * content uses (turtle included: it is bundled with shiki).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { createHighlighterCore, type HighlighterCore } from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { bundledLanguages } from 'shiki/langs';
import type { Grammar } from '../../stages/highlight/requests.ts';

const require = createRequire(import.meta.url);

/**
 * shiki's oniguruma, from the .wasm file shiki ships. `shiki/wasm` holds the
 * same bytes as base64 of gzip inside a JavaScript module: decoding that took
 * about 100 ms in every thread that loads shiki, where reading the file takes
 * 4 ms.
 */
export const onigWasm = (): Promise<Buffer> => fs.promises.readFile(require.resolve('shiki/onig.wasm'));

// The dev server rebuilds after every save; the same languages reuse the same highlighter.
let last: { key: string; highlighter: Promise<HighlighterCore> } | null = null;

export function createHighlighter(languages: ReadonlyArray<string>): Promise<HighlighterCore> {
  const known = languages.filter((l): l is keyof typeof bundledLanguages => l in bundledLanguages);
  const key = known.join(',');
  if (last?.key === key) return last.highlighter;
  const highlighter = createHighlighterCore({
    themes: [import('@shikijs/themes/github-light')],
    langs: known.map((l) => bundledLanguages[l]()),
    engine: createOnigurumaEngine(onigWasm()),
  });
  last = { key, highlighter };
  return highlighter;
}

/**
 * The grammar each of `languages` loads, with its size, for sharing the work
 * between highlight threads (`highlightGroups`). Languages without a grammar
 * of their own (`text`, `ansi`) cost nothing.
 */
export async function grammars(languages: Iterable<string>): Promise<Map<string, Grammar>> {
  const result = new Map<string, Grammar>();
  for (const lang of languages) {
    const load = (bundledLanguages as Record<string, (() => Promise<{ default: ReadonlyArray<{ name: string }> }>) | undefined>)[lang];
    // A language module lists the grammars it embeds first and its own last.
    const own = load ? (await load()).default.at(-1) : undefined;
    result.set(lang, own ? { name: own.name, size: JSON.stringify(own).length } : { name: lang, size: 0 });
  }
  return result;
}
