/**
 * How deep raw HTML nests, counted on Markdown text before it is parsed:
 * rehype-raw turns every open element into a level of the page's tree, and
 * the steps after it recurse into that tree. Tags in fenced code, in code
 * spans and in comments are text, not elements, and are left out.
 */
import { fencedCodeLines } from './fenced-code.ts';

/** Elements that never hold content, so never stay open. */
const voidElements: ReadonlySet<string> = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr',
]);

/**
 * Elements whose end tag may be left out: a start tag of their group closes
 * them when they are the current element (`<li>a<li>b` is two items, not one
 * in the other), as the HTML parser does.
 */
const listItems: ReadonlySet<string> = new Set(['li']);
const definitions: ReadonlySet<string> = new Set(['dt', 'dd']);
const cells: ReadonlySet<string> = new Set(['td', 'th']);
const rows: ReadonlySet<string> = new Set(['tr', 'td', 'th']);
const tableParts: ReadonlySet<string> = new Set(['thead', 'tbody', 'tfoot', 'tr', 'td', 'th']);
const closedBy: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['li', listItems], ['dt', definitions], ['dd', definitions], ['p', new Set(['p'])], ['option', new Set(['option'])],
  ['td', cells], ['th', cells], ['tr', rows], ['thead', tableParts], ['tbody', tableParts], ['tfoot', tableParts],
]);

/** A start or end tag: its name, and a `/` before its `>` (self-closing) when the `>` is on the same line. */
const tag = /<(\/?)([A-Za-z][\w-]*)(?=[\s/>]|$)[^<>]*?(\/?)(?:>|$|(?=<))/g;

/**
 * A scanner to call on each line of one text, in order: the most elements
 * open at any point of that line. Elements stay open across lines until their
 * end tag (an end tag closes the nearest open element of its name and those
 * inside it; one with no open element of its name is ignored). At most
 * `keep` open elements are remembered, so a hostile line costs linear work:
 * those opened beyond are only counted.
 */
export function htmlNesting(keep: number): (line: string) => number {
  const open: string[] = [];
  let beyond = 0;
  let inComment = false;
  const inCode = fencedCodeLines();
  return (line) => {
    if (inCode(line) || (!inComment && !line.includes('<'))) return open.length + beyond;
    const { text, commentOpen } = withoutComments(withoutCodeSpans(line), inComment);
    inComment = commentOpen;
    let most = open.length + beyond;
    for (const [, end, rawName = '', selfClosing] of text.matchAll(tag)) {
      const name = rawName.toLowerCase();
      if (end) {
        if (beyond > 0) beyond--;
        else {
          const at = open.lastIndexOf(name);
          if (at >= 0) open.length = at;
        }
        continue;
      }
      if (voidElements.has(name) || selfClosing) continue;
      const group = closedBy.get(name);
      while (group && beyond === 0 && open.length > 0 && group.has(open[open.length - 1] ?? '')) open.pop();
      if (open.length < keep) open.push(name);
      else beyond++;
      most = Math.max(most, open.length + beyond);
    }
    return most;
  };
}

/** The line without code spans (a run of backticks up to the next run of the same length), in one pass. */
function withoutCodeSpans(line: string): string {
  if (!line.includes('`')) return line;
  const runs: Array<{ start: number; length: number }> = [];
  for (const m of line.matchAll(/`+/g)) runs.push({ start: m.index, length: m[0].length });
  // For each run, the runs of the same length after it: the first of them closes the span.
  const next = new Map<number, number>();
  const following: number[] = new Array(runs.length).fill(-1);
  for (let i = runs.length - 1; i >= 0; i--) {
    const length = runs[i]?.length ?? 0;
    following[i] = next.get(length) ?? -1;
    next.set(length, i);
  }
  let out = '';
  let from = 0;
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i];
    const close = following[i] ?? -1;
    if (!run || run.start < from || close < 0) continue;
    const end = runs[close];
    if (!end) continue;
    out += line.slice(from, run.start);
    from = end.start + end.length;
  }
  return out + line.slice(from);
}

/** The line without HTML comments, and whether a comment is still open at its end. */
function withoutComments(line: string, inComment: boolean): { text: string; commentOpen: boolean } {
  let text = '';
  let at = 0;
  let open = inComment;
  while (at <= line.length) {
    if (open) {
      const end = line.indexOf('-->', at);
      if (end < 0) return { text, commentOpen: true };
      at = end + 3;
      open = false;
    } else {
      const start = line.indexOf('<!--', at);
      if (start < 0) return { text: text + line.slice(at), commentOpen: false };
      text += line.slice(at, start);
      at = start + 4;
      open = true;
    }
  }
  return { text, commentOpen: open };
}
