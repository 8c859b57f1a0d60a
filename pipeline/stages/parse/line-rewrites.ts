/**
 * Rewriting a body's text line by line before parsing (outside fenced code),
 * and mapping every position in the tree parsed from it back to the text as
 * written: the Docusaurus forms the parser does not read as they are
 * (./legacy-admonition-titles.ts, ./docusaurus-preprocess.ts) share this.
 */
import type { Root } from 'mdast';
import { fencedCodeLines } from './fenced-code.ts';

/** For one rewritten line: the column (0-based) in the original line of each character in the new one. */
export interface LineMap {
  readonly columns: ReadonlyArray<number>;
  readonly originalLength: number;
}

/**
 * `text` with each line outside fenced code that `rewrite` changes replaced,
 * and for each such line (by its 1-based number) its `LineMap`. `mark` is a
 * string every line to rewrite holds: without it the text is left alone at once.
 */
export function rewriteLines(text: string, mark: string, rewrite: (line: string) => { readonly line: string; readonly map: LineMap } | null): { text: string; lines: Map<number, LineMap> } {
  const lines = new Map<number, LineMap>();
  if (!text.includes(mark)) return { text, lines };
  const out = text.split('\n');
  const inCode = fencedCodeLines();
  out.forEach((line, i) => {
    // Every line goes through inCode, in order: it follows the fences.
    if (inCode(line)) return;
    const rewritten = rewrite(line);
    if (!rewritten) return;
    out[i] = rewritten.line;
    lines.set(i + 1, rewritten.map);
  });
  return { text: out.join('\n'), lines };
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
