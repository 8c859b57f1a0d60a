/**
 * `:::tip Eigen titel`: an admonition opening with its title after the name
 * (Docusaurus' older form), read as `:::tip[Eigen titel]`. The text is
 * rewritten before parsing and every position in the tree is mapped back to
 * the text as written afterwards. A name that is no admonition type
 * (`:::Oproep Doe mee`) is read the same way, so that the markdown stage
 * can show it as a neutral admonition with a warning instead of its lines.
 */
import type { Root } from 'mdast';
import { fencedCodeLines } from './fenced-code.ts';

/** The admonition types of Docusaurus 3 (the markdown stage gives each its Dutch title). */
export const admonitionTypes: ReadonlySet<string> = new Set(['note', 'tip', 'info', 'warning', 'danger', 'caution', 'success', 'secondary', 'important']);

/**
 * An opening line with its title after the name: prefix and name (a
 * directive name, as remark-directive reads one), gap, title, trailing blanks.
 */
const legacyTitleLine = /^((?:[ \t]*>)*[ \t]*:{3,}([a-zA-Z][\w-]*))([ \t]+)([^[{ \t](?:.*[^ \t])?)([ \t]*)$/;

/** For one rewritten line: the column (0-based) in the original line of each character in the new one. */
export interface LineMap {
  readonly columns: ReadonlyArray<number>;
  readonly originalLength: number;
}

/**
 * remark-directive reads a title only as a label (`:::tip[Eigen titel]`); after
 * `:::tip` it allows nothing else, so `:::tip Eigen titel` would silently be a
 * paragraph. Docusaurus accepts both; so do we, by writing the opening line in
 * the label form before parsing (outside fenced code). Only those lines
 * change, and only within the line: `lines` maps
 * each rewritten line (by its 1-based number) back to the original.
 */
export function legacyAdmonitionTitles(text: string): { text: string; lines: Map<number, LineMap> } {
  const lines = new Map<number, LineMap>();
  if (!text.includes(':::')) return { text, lines };
  const out = text.split('\n');
  const inCode = fencedCodeLines();
  out.forEach((raw, i) => {
    if (inCode(raw)) return;
    const cr = raw.endsWith('\r') ? '\r' : '';
    const line = cr ? raw.slice(0, -1) : raw;
    const match = legacyTitleLine.exec(line);
    if (!match) return;
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
    out[i] = `${head}[${label}]${cr}`;
    lines.set(i + 1, { columns, originalLength: line.length });
  });
  return { text: out.join('\n'), lines };
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

type Point = { line: number; column: number; offset?: number | undefined };
type Positioned = { position?: { start: Point; end: Point } | undefined; children?: unknown[] };

/**
 * Puts every position in a tree parsed from the rewritten text back in terms
 * of the original text (line, column and offset), in place.
 */
export function restorePositions(tree: Root, original: string, lines: ReadonlyMap<number, LineMap>): void {
  const starts = [0];
  for (let i = original.indexOf('\n'); i !== -1; i = original.indexOf('\n', i + 1)) starts.push(i + 1);
  const fix = (point: Point) => {
    const map = lines.get(point.line);
    if (map) {
      const c = point.column - 1;
      point.column = (c < map.columns.length ? (map.columns[c] ?? c) : map.originalLength + c - map.columns.length) + 1;
    }
    if (point.offset !== undefined) point.offset = (starts[point.line - 1] ?? 0) + point.column - 1;
  };
  const walk = (node: Positioned) => {
    if (node.position) { fix(node.position.start); fix(node.position.end); }
    if (Array.isArray(node.children)) for (const child of node.children) walk(child as Positioned);
  };
  walk(tree);
}
