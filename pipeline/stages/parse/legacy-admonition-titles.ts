/**
 * `:::tip Eigen titel`: an admonition opening with its title after the name
 * (Docusaurus' older form), read as `:::tip[Eigen titel]`. The text is
 * rewritten before parsing and every position in the tree is mapped back to
 * the text as written afterwards. A name that is no admonition type
 * (`:::Oproep Doe mee`) is read the same way, so that the markdown stage
 * can show it as a neutral admonition with a warning instead of its lines.
 */
import { rewriteLines, type LineMap } from './line-rewrites.ts';

export { restorePositions, type LineMap } from './line-rewrites.ts';

/** The admonition types of Docusaurus 3 (the markdown stage gives each its Dutch title). */
export const admonitionTypes: ReadonlySet<string> = new Set(['note', 'tip', 'info', 'warning', 'danger', 'caution', 'success', 'secondary', 'important']);

/**
 * An opening line with its title after the name: prefix and name (a
 * directive name, as remark-directive reads one), gap, title, trailing blanks.
 */
const legacyTitleLine = /^((?:[ \t]*>)*[ \t]*:{3,}([a-zA-Z][\w-]*))([ \t]+)([^[{ \t](?:.*[^ \t])?)([ \t]*)$/;

/**
 * remark-directive reads a title only as a label (`:::tip[Eigen titel]`); after
 * `:::tip` it allows nothing else, so `:::tip Eigen titel` would silently be a
 * paragraph. Docusaurus accepts both; so do we, by writing the opening line in
 * the label form before parsing (outside fenced code). Only those lines
 * change, and only within the line: `lines` maps
 * each rewritten line (by its 1-based number) back to the original.
 */
export function legacyAdmonitionTitles(text: string): { text: string; lines: Map<number, LineMap> } {
  return rewriteLines(text, ':::', (raw) => {
    const cr = raw.endsWith('\r') ? '\r' : '';
    const line = cr ? raw.slice(0, -1) : raw;
    const match = legacyTitleLine.exec(line);
    if (!match) return null;
    const head = match[1] ?? '';
    const gap = match[3] ?? '';
    const title = match[4] ?? '';
    const columns: number[] = [...head].map((_, c) => c);
    columns.push(head.length); // `[` stands where the space was
    // Balanced brackets read as in a label (`[tekst](url)` stays a link); an unbalanced one would end the label early.
    const escape = !balanced(title);
    let label = '';
    [...title].forEach((ch, k) => {
      const at = head.length + gap.length + k;
      if (escape && (ch === '[' || ch === ']' || ch === '\\')) { label += '\\'; columns.push(at); }
      label += ch;
      columns.push(at);
    });
    columns.push(head.length + gap.length + title.length); // `]`
    return { line: `${head}[${label}]${cr}`, map: { columns, originalLength: line.length } };
  });
}

/** Whether every `[` in the text has its `]` (backslash escapes skipped). */
function balanced(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') i++;
    else if (ch === '[') depth++;
    else if (ch === ']' && --depth < 0) return false;
  }
  return depth === 0;
}
