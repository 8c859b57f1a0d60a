/**
 * The URL segment of a tag (or author) key. Docusaurus makes it with lodash's
 * `kebabCase`: accents dropped, words split at anything that is not a letter
 * or digit, at a lower-to-upper case change and between letters and digits,
 * then joined in lower case with `-` (`ci/cd` → `ci-cd`, `Open Source` →
 * `open-source`). A key that already is such a segment (lower-case words
 * joined by `-`) is kept as written, so the portal's own tag URLs
 * (`/blog/tags/nis2`) do not move; for a key like that Docusaurus would also
 * split letters from digits (`nis-2`).
 */

/** Letters `normalize('NFD')` does not take apart, written without their accents as lodash's `deburr` writes them. */
const unaccented: Readonly<Record<string, string>> = {
  ß: 'ss', æ: 'ae', Æ: 'Ae', ø: 'o', Ø: 'O', œ: 'oe', Œ: 'Oe', đ: 'd', Đ: 'D', ð: 'd', Ð: 'D', þ: 'th', Þ: 'Th',
  ł: 'l', Ł: 'L', ħ: 'h', Ħ: 'H', ı: 'i', ĳ: 'ij', Ĳ: 'IJ', ŀ: 'l', Ŀ: 'L', ŉ: "'n", ſ: 's',
};

/** `text` without accents on Latin letters (`Überblick` → `Uberblick`). */
const deburr = (text: string): string =>
  text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\u0000-\u007f]/g, (c) => unaccented[c] ?? c);

/**
 * The words of `text`: runs of letters and digits, split where lower case
 * meets upper case (`apiDesign`), where an upper-case run meets a capitalised
 * word (`APIDesign` → `API`, `Design`) and between letters and digits.
 * Apostrophes inside a word are dropped (`Jan's` → `Jans`).
 */
const words = (text: string): string[] =>
  text.replace(/['\u2019]/g, '').match(/\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+|[\p{L}\p{M}]+/gu) ?? [];

/** Docusaurus' tag and author slug (lodash `kebabCase`). */
export const kebabCase = (text: string): string => words(deburr(text)).map((w) => w.toLowerCase()).join('-');

/** A key that is already a URL segment as the portal writes them. */
const plainSegment = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The URL segment of a tag or author key: the key when it is one already, else its Docusaurus slug. */
export const keySegment = (key: string): string => (plainSegment.test(key) ? key : kebabCase(key));
