/**
 * What the markdown stage asks of shiki, as data: the options of every
 * `codeToHast` call and the code blocks a page will ask to have highlighted.
 * Shared by the markdown stage (pipeline/stages/markdown.ts), which highlights through
 * @shikijs/rehype, and the highlight worker (pipeline/io/workers/highlight-worker.ts),
 * which highlights the same blocks ahead on the other core. Pure.
 */
import { transformerMetaHighlight } from '@shikijs/transformers';
import { isSpecialLang, type CodeToHastOptions, type HighlighterCore, type ShikiTransformer } from 'shiki/core';
import type { Root as HastRoot } from 'hast';
import type { Code, Root } from 'mdast';
import { codeBlocks, isHighlightedCode } from '../code-blocks.ts';
import { lineNumbersStart, magicLines } from '../magic-comments.ts';

export { codeBlocks } from '../code-blocks.ts';

/** The part of a shiki highlighter the markdown stage uses: an in-process one, or the worker's stand-in. */
export type Highlighter = Pick<HighlighterCore, 'codeToHast' | 'getLoadedLanguages'>;

/** Adds `data-title` from `title="..."` in the fence meta, for the code block's caption. */
const titleTransformer: ShikiTransformer = {
  name: 'ontwikkelaarsportaal:title',
  pre(node) {
    const title = /title=(?:"([^"]*)"|'([^']*)')/.exec(rawMeta(this.options));
    if (title) node.properties['data-title'] = title[1] ?? title[2] ?? '';
    node.properties['data-language'] = this.options.lang;
    delete node.properties.tabindex;
    return node;
  },
};

/** The fence's meta string, as @shikijs/rehype passes it. */
const rawMeta = (options: { meta?: unknown }): string => (options.meta as { __raw?: string } | undefined)?.__raw ?? '';

/** Where the magic-comment transformer keeps a block's highlighted lines between its two hooks. */
const magicHighlighted = Symbol('magic-comment lines');

/**
 * Takes Docusaurus' magic comments (`// highlight-next-line`, …) out of the
 * code and marks the lines they name as `{1,3-4}` in the meta does: the
 * comments are never shown nor copied (magic-comments.ts).
 */
const magicCommentTransformer: ShikiTransformer = {
  name: 'ontwikkelaarsportaal:magic-comments',
  preprocess(code) {
    const lines = magicLines(this.options.lang, rawMeta(this.options), code);
    if (!lines) return undefined;
    (this.meta as Record<symbol, ReadonlySet<number>>)[magicHighlighted] = new Set(lines.highlighted);
    return lines.code;
  },
  line(node, line) {
    if ((this.meta as Record<symbol, ReadonlySet<number> | undefined>)[magicHighlighted]?.has(line)) this.addClassToHast(node, 'highlighted');
    return node;
  },
};

/**
 * `showLineNumbers` (or `showLineNumbers=N`) in the meta: the code element
 * gets `line-numbers` and the counter's start, and the stylesheet numbers
 * each line in a `::before` (theme/styles/code-lines.css). Generated content
 * is not part of the text: the numbers are neither copied nor read as code.
 */
const lineNumbersTransformer: ShikiTransformer = {
  name: 'ontwikkelaarsportaal:line-numbers',
  code(node) {
    const start = lineNumbersStart(rawMeta(this.options));
    if (start === null) return node;
    const last = start + this.lines.length - 1;
    this.addClassToHast(node, 'line-numbers');
    node.properties.style = `counter-reset:line ${start - 1};--line-number-digits:${Math.max(String(start).length, String(last).length)}`;
    return node;
  },
};

/** The options @shikijs/rehype passes on to every `codeToHast` call (besides `lang` and `meta`). */
export const shikiOptions: { theme: 'github-light'; transformers: ShikiTransformer[]; tokenizeTimeLimit: number } = {
  theme: 'github-light',
  transformers: [magicCommentTransformer, transformerMetaHighlight(), lineNumbersTransformer, titleTransformer],
  // No time limit: output must not depend on how busy the machine is.
  tokenizeTimeLimit: 0,
};

/**
 * The highlighter itself failed (its thread stopped or went silent), not the
 * code it was given: the build stops with this message instead of blaming the
 * page, and caches nothing of it (a page's problems are cached with its markdown).
 */
export class HighlighterFailure extends Error {}

/** One `codeToHast` call: the fence's language and meta string, and its code without the last newline. */
export interface HighlightRequest {
  readonly lang: string;
  readonly meta: string;
  readonly code: string;
}

export const highlightKey = (r: HighlightRequest): string => JSON.stringify([r.lang, r.meta, r.code]);

/** The call as @shikijs/rehype makes it (it strips the code's last newline and passes the meta as `__raw`). */
export function highlight(highlighter: Highlighter, r: HighlightRequest): HastRoot {
  const options: CodeToHastOptions = { ...shikiOptions, lang: r.lang, meta: { __raw: r.meta } };
  return highlighter.codeToHast(r.code, options) as HastRoot;
}

/** Fence languages shown as plain text without a warning. */
export const plainLanguages: ReadonlySet<string> = new Set(['text', 'txt', 'plaintext']);

/** Whether a fence's language gets the `unknown-language` warning (and is then shown as `text`). */
export const isUnknownLanguage = (lang: string, loaded: ReadonlyArray<string>): boolean =>
  !loaded.includes(lang.toLowerCase()) && !plainLanguages.has(lang.toLowerCase());

/**
 * The language a fence is highlighted in, or null when it is not highlighted:
 * the markdown stage's `unknown-language` rule, then @shikijs/rehype's (a
 * language the highlighter has loaded, or one of shiki's plain-text names).
 */
export function highlightedLanguage(lang: string | null | undefined, loaded: ReadonlyArray<string>): string | null {
  if (!lang || lang === 'mermaid') return null;
  const shown = isUnknownLanguage(lang, loaded) ? 'text' : lang;
  return loaded.includes(shown) || isSpecialLang(shown) ? shown : null;
}

/**
 * What a page's code blocks ask of the highlighter, in order, with the
 * language as written: what the markdown stage will ask to have highlighted
 * once `highlightedLanguage` has settled each block's language. The highlight
 * worker works through them ahead of the markdown stage; should the stage ask
 * for anything else, the worker answers that on request (pipeline/io/highlight/workers.ts).
 */
export const highlightRequests = (blocks: Iterable<Code>): HighlightRequest[] =>
  [...blocks].filter(isHighlightedCode).map((node) => ({ lang: node.lang!, meta: node.meta ?? '', code: node.value }));

/** `highlightRequests` of the code blocks of `trees`. */
export const codeRequests = (trees: Iterable<Root>): HighlightRequest[] => [...trees].flatMap((tree) => highlightRequests(codeBlocks(tree)));

/** The grammar a language loads (by its own name, for aliases) and its size in characters. */
export interface Grammar {
  readonly name: string;
  readonly size: number;
}

/**
 * The blocks of `requests` that get highlighted, with the language shiki gets,
 * grouped by grammar and costliest group first. The highlight threads take
 * the groups in turn (pipeline/io/workers/highlight-worker.ts): a grammar warms up in
 * one thread only, and threads that start with the costly groups end at about
 * the same time. A group's cost is its grammar's size (shiki compiles the
 * grammar's expressions at its first block, which is most of the work) plus
 * the length of its code. The order depends on the requests only, so every
 * thread plans the same groups.
 */
export function highlightGroups(requests: ReadonlyArray<HighlightRequest>, loaded: ReadonlyArray<string>, grammar: (lang: string) => Grammar): HighlightRequest[][] {
  const groups = new Map<string, { cost: number; requests: HighlightRequest[] }>();
  for (const request of requests) {
    const lang = highlightedLanguage(request.lang, loaded);
    if (lang === null) continue;
    const { name, size } = grammar(lang);
    const group = groups.get(name) ?? { cost: size, requests: [] };
    group.cost += request.code.length;
    group.requests.push({ ...request, lang });
    groups.set(name, group);
  }
  return [...groups].sort(([a, x], [b, y]) => y.cost - x.cost || (a < b ? -1 : 1)).map(([, group]) => group.requests);
}
