/**
 * Search options shared by the build (which creates the index) and the
 * browser (which loads and queries it): both must process terms the same way.
 * They live in theme/shared, which the client bundle and the build's edges may
 * both import; the schedule hands `indexOptions` to the graph with the rest of
 * the theme's code, as the search-index stage imports no theme code.
 */

/** What one indexed section stores for the result list: nothing more. */
export interface StoredSection {
  /** URL with anchor. */
  readonly u: string;
  /** Title: the deepest heading of the section (or the page title). */
  readonly t: string;
  /** Breadcrumb: the higher hierarchy levels. */
  readonly b: ReadonlyArray<string>;
  /** Text for the snippet (trimmed). */
  readonly c: string;
}

/** The most frequent Dutch function words: they match nearly every section, so they are not indexed. */
const stopWords = new Set([
  'de', 'het', 'een', 'en', 'van', 'in', 'is', 'op', 'te', 'dat', 'die', 'voor', 'met', 'je', 'zijn', 'er', 'aan', 'om',
  'of', 'als', 'bij', 'ook', 'door', 'naar', 'dan', 'maar', 'wat', 'wordt', 'worden', 'kan', 'kun', 'niet', 'dit', 'deze',
  'hoe', 'jouw', 'wel', 'nog', 'al', 'heeft', 'hebben', 'uit', 'over', 'tot', 'zo', 'we', 'ze', 'hij', 'zij', 'u', 'jij',
]);

const ascii = /^[\x00-\x7f]*$/;

/** Lower case, and Dutch diacritics folded: "categorieën" and "categorieen" are the same term. */
export const processTerm = (term: string): string | null => {
  // Plain ASCII has nothing to fold (most terms): normalising every token was a third of the tokenizing.
  const folded = (ascii.test(term) ? term : term.normalize('NFD').replace(/\p{M}/gu, '')).toLowerCase();
  return folded.length > 0 && !stopWords.has(folded) ? folded : null;
};

export const indexOptions = {
  idField: 'id',
  fields: ['title', 'headings', 'content'],
  storeFields: ['u', 't', 'b', 'c'],
  processTerm,
};

export const searchOptions = {
  boost: { title: 4, headings: 2 },
  prefix: true,
  fuzzy: (term: string) => (term.length > 4 ? 0.2 : false),
  combineWith: 'AND' as const,
};
