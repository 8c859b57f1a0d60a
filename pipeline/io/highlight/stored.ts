/**
 * Highlighted code blocks kept in the build cache (the `code` store), in
 * front of whichever highlighter the build loads: a build that renders a
 * page's markdown again asks shiki only for the blocks no earlier build
 * highlighted. When none are missing, shiki is not loaded at all; when a
 * few are, the schedule loads it in the main thread instead of starting the
 * highlight threads (pipeline/schedule/schedule.ts).
 *
 * A block's colours depend on its fence (language, meta, code), on the
 * languages loaded beside it (a language with injections colours others) and
 * on shiki's version (in the cache folder's name): the key is the first two.
 * What shiki answers for the content's languages (`getLoadedLanguages`,
 * aliases included) is kept too, so that the markdown stage settles each
 * fence's language without shiki.
 */
import type { Root as HastRoot } from 'hast';
import type { CodeToHastOptions } from 'shiki/core';
import type { BuildMemo, Store } from '../../memo.ts';
import { highlightedLanguage, highlightKey, type Highlighter, type HighlightRequest } from '../../stages/highlight/requests.ts';

export class StoredBlocks {
  private readonly languagesKey: string;
  private readonly keys = new Map<string, string>();

  /** `blocks` holds each block's hast as JSON; `languages` what shiki loads for a set of languages. */
  constructor(private readonly blocks: Store<string>, private readonly languages: Store<ReadonlyArray<string>>, private readonly contentLanguages: ReadonlyArray<string>) {
    this.languagesKey = languages.keyOf(['languages', ...contentLanguages]);
  }

  /** What shiki loads for the content's languages, when an earlier build asked it. */
  private loaded(): ReadonlyArray<string> | undefined {
    return this.languages.find(this.languagesKey);
  }

  private keyOf(request: HighlightRequest): string {
    const fence = highlightKey(request);
    let key = this.keys.get(fence);
    if (key === undefined) this.keys.set(fence, (key = this.blocks.keyOf([this.languagesKey, fence])));
    return key;
  }

  /** The blocks of `requests` that shiki would be asked for: all of them when the loaded languages are not known yet. */
  missing(requests: ReadonlyArray<HighlightRequest>): HighlightRequest[] {
    const loaded = this.loaded();
    if (loaded === undefined) return [...requests];
    return requests.filter((request) => {
      const lang = highlightedLanguage(request.lang, loaded);
      return lang !== null && this.blocks.find(this.keyOf({ ...request, lang })) === undefined;
    });
  }

  /**
   * `real` (loaded for the missing blocks; null when none are) behind the
   * store. Should the markdown stage still ask for a block the store lacks,
   * `fallback` starts a highlighter then: the output never depends on
   * guessing right.
   */
  highlighter(real: Highlighter | null, fallback: () => Highlighter): Highlighter {
    let source = real;
    const shiki = (): Highlighter => (source ??= fallback());
    const loaded = (): ReadonlyArray<string> => {
      const known = source ? undefined : this.loaded();
      if (known !== undefined) return known;
      const answer = shiki().getLoadedLanguages();
      if (this.loaded() === undefined) this.languages.put(this.languagesKey, [...answer]);
      return answer;
    };
    return {
      getLoadedLanguages: () => [...loaded()],
      codeToHast: (code: string, options: CodeToHastOptions) => {
        const key = this.keyOf({ lang: options.lang as string, meta: (options.meta as { __raw?: string } | undefined)?.__raw ?? '', code });
        const found = this.blocks.find(key);
        // A copy each time: the markdown stage settles the tree it gets in place.
        if (found !== undefined) return JSON.parse(found) as HastRoot;
        const hast = shiki().codeToHast(code, options) as HastRoot;
        this.blocks.put(key, JSON.stringify(hast));
        return hast;
      },
    } as Highlighter;
  }

  /**
   * A block as a helper thread gets it (pipeline/io/markdown-helper.ts): the
   * key the markdown stage asks for it by (its fence with the language
   * settled) and its hast as JSON, made through `highlighter` (this store's)
   * when the store lacks it; null when its language is not highlighted.
   */
  blockJson(highlighter: Highlighter, request: HighlightRequest): readonly [string, string] | null {
    const lang = highlightedLanguage(request.lang, highlighter.getLoadedLanguages());
    if (lang === null) return null;
    const fenced = { ...request, lang };
    const key = this.keyOf(fenced);
    if (this.blocks.find(key) === undefined) highlighter.codeToHast(request.code, { lang, meta: { __raw: request.meta } } as CodeToHastOptions);
    const json = this.blocks.find(key);
    return json === undefined ? null : [highlightKey(fenced), json];
  }

  /** Keeps the blocks of `requests` (every page's code) though no page asked for them this build. */
  retain(requests: ReadonlyArray<HighlightRequest>): void {
    const loaded = this.loaded();
    if (loaded === undefined) return;
    const live = new Set(requests.flatMap((request) => {
      const lang = highlightedLanguage(request.lang, loaded);
      return lang === null ? [] : [this.keyOf({ ...request, lang })];
    }));
    this.blocks.keepEarlier((key) => live.has(key));
    this.languages.keepEarlier((key) => key === this.languagesKey);
  }
}

/**
 * The dev server's highlighter: `real` behind the memo's in-memory stores, so
 * a rebuild after a save highlights only the blocks no earlier rebuild did
 * (without it shiki colours every block of the saved page again).
 */
export const rememberedBlocks = (real: Highlighter, memo: BuildMemo, languages: ReadonlyArray<string>): Highlighter =>
  new StoredBlocks(memo.code, memo.languages, languages).highlighter(real, () => real);
