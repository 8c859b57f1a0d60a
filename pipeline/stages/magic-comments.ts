/**
 * Magic comments in fenced code, as Docusaurus reads them: a line that holds
 * only `highlight-next-line`, `highlight-start` or `highlight-end` in one of
 * the comment syntaxes of the block's language marks lines as highlighted and
 * is itself left out of the code shown (and so of what the copy button
 * copies). A fence with a line range in its meta (`{1,3-4}`) keeps its code
 * as written, and a fence without a language is never read for them: both as
 * in Docusaurus. Pure: shared by the highlighter's transformer
 * (highlight.ts) and the markdown stage's warnings (markdown/code.ts).
 */

/** A comment syntax: what opens it and what closes it on the same line (nothing: to the end of the line). */
interface CommentSyntax {
  readonly open: string;
  readonly close: string;
}

/** The syntaxes, as regular-expression sources. */
const syntaxes = {
  slashes: { open: '//', close: '' },
  block: { open: '/\\*', close: '\\*/' },
  jsx: { open: '\\{\\s*/\\*', close: '\\*/\\s*\\}' },
  hash: { open: '#', close: '' },
  html: { open: '<!--', close: '-->' },
  dashes: { open: '--', close: '' },
  semicolons: { open: ';;', close: '' },
  percent: { open: '%', close: '' },
  apostrophe: { open: "['‘’]", close: '' },
  vbnet: { open: "(?:_\\s*)?['‘’]", close: '' },
  rem: { open: '[Rr][Ee][Mm]\\b', close: '' },
  bang: { open: '!', close: '' },
  ml: { open: '\\(\\*', close: '\\*\\)' },
  cobol: { open: '\\*>', close: '' },
} satisfies Record<string, CommentSyntax>;

type Syntax = keyof typeof syntaxes;

/** What a language not named below accepts: the comment syntaxes most languages use. */
const common: ReadonlyArray<Syntax> = ['slashes', 'block', 'jsx', 'hash', 'html'];

/** The comment syntaxes read per fence language (as written), where they differ from `common`. */
const byLanguage: Readonly<Record<string, ReadonlyArray<Syntax>>> = {
  js: ['slashes', 'block'], javascript: ['slashes', 'block'], ts: ['slashes', 'block'], typescript: ['slashes', 'block'],
  jsx: ['slashes', 'block', 'jsx'], tsx: ['slashes', 'block', 'jsx'],
  html: ['slashes', 'block', 'html'],
  python: ['hash'], py: ['hash'], bash: ['hash'],
  // Markdown text takes HTML comments, its front matter `#`.
  markdown: ['html', 'jsx', 'hash'], md: ['html', 'jsx', 'hash'],
  tex: ['percent'], latex: ['percent'], matlab: ['percent'],
  lua: ['dashes'], haskell: ['dashes'],
  sql: ['dashes', 'block'],
  wasm: ['semicolons'],
  vb: ['apostrophe', 'rem'], vba: ['apostrophe', 'rem'], 'visual-basic': ['apostrophe', 'rem'],
  vbnet: ['vbnet', 'rem'],
  batch: ['rem'],
  basic: ['rem', 'bang'],
  fsharp: ['slashes', 'ml'],
  ocaml: ['ml'], sml: ['ml'],
  fortran: ['bang'],
  cobol: ['cobol'],
};

export type MagicComment = 'highlight-next-line' | 'highlight-start' | 'highlight-end';

const patterns = new Map<string, RegExp>();

/** The line pattern for a language: only white space besides the comment; the directive is the first group that matched. */
function directivePattern(lang: string): RegExp {
  const names = byLanguage[lang] ?? common;
  const key = names.join(',');
  let pattern = patterns.get(key);
  if (!pattern) {
    const alternatives = names.map((name) => {
      const { open, close } = syntaxes[name];
      return `${open}\\s*(highlight-next-line|highlight-start|highlight-end)\\s*${close}`;
    });
    pattern = new RegExp(`^\\s*(?:${alternatives.join('|')})\\s*$`);
    patterns.set(key, pattern);
  }
  return pattern;
}

/** A line range in a fence's meta (`{1,3-4}`): the block's highlighting is then the meta's alone. */
export const metaLineRange = /\{[\d,-]+\}/;

/** A magic comment that pairs with nothing, by its line (0-based) in the code as written. */
export interface UnpairedComment {
  readonly line: number;
  readonly comment: MagicComment;
}

export interface MagicLines {
  /** The code without its magic-comment lines. */
  readonly code: string;
  /** The highlighted lines of `code`, 1-based, ascending. */
  readonly highlighted: ReadonlyArray<number>;
  /** A `highlight-start` without its end, or an end without its start: they highlight nothing. */
  readonly unpaired: ReadonlyArray<UnpairedComment>;
}

/**
 * The code of a fence read for magic comments; null when it is not read for
 * them (no language, a line range in the meta, or no magic comment at all).
 * `highlight-next-line` marks the line after it; a pair of start and end
 * marks the lines between them. A start inside an open range restarts it.
 */
export function magicLines(lang: string | null | undefined, meta: string | null | undefined, code: string): MagicLines | null {
  if (!lang || !code.includes('highlight-') || (meta && metaLineRange.test(meta))) return null;
  const pattern = directivePattern(lang);
  const kept: string[] = [];
  const highlighted = new Set<number>();
  const unpaired: UnpairedComment[] = [];
  let open: { line: number; from: number } | null = null;
  code.split('\n').forEach((line, index) => {
    const match = pattern.exec(line);
    const comment = match?.slice(1).find((group) => group !== undefined) as MagicComment | undefined;
    if (!comment) {
      kept.push(line);
      return;
    }
    // `kept.length + 1` is the 1-based number the next kept line will have.
    if (comment === 'highlight-next-line') highlighted.add(kept.length + 1);
    else if (comment === 'highlight-start') {
      if (open) unpaired.push({ line: open.line, comment: 'highlight-start' });
      open = { line: index, from: kept.length + 1 };
    } else if (open) {
      for (let n = open.from; n <= kept.length; n++) highlighted.add(n);
      open = null;
    } else unpaired.push({ line: index, comment: 'highlight-end' });
  });
  if (kept.length === code.split('\n').length) return null;
  const last = open as { line: number } | null;
  if (last) unpaired.push({ line: last.line, comment: 'highlight-start' });
  return {
    code: kept.join('\n'),
    highlighted: [...highlighted].filter((n) => n <= kept.length).sort((a, b) => a - b),
    unpaired: unpaired.sort((a, b) => a.line - b.line),
  };
}

/**
 * The first line number of a fence with `showLineNumbers` in its meta (1, or
 * N from `showLineNumbers=N`; 1 when N is no whole number); null without it.
 */
export function lineNumbersStart(meta: string | null | undefined): number | null {
  const match = meta ? /(?:^|\s)showLineNumbers(?:=(\S*))?(?=\s|$)/.exec(meta) : null;
  if (!match) return null;
  const start = Number.parseInt(match[1] ?? '1', 10);
  return Number.isNaN(start) ? 1 : start;
}
