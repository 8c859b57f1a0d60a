/**
 * What Docusaurus does to a body's text before its MDX compiler sees it, done
 * here too so that what builds there builds here: `mdx-code-block` fences are
 * unwrapped (their content is MDX, not code), and in MDX a heading's `{#id}`
 * is escaped (MDX would read `{…}` as an expression). Every line keeps its
 * number, and a line that changes maps its columns back (`LineMap`), so every
 * position in the tree is still the one in the file.
 */
import { rewriteLines, type LineMap } from './line-rewrites.ts';
import { fencedCodeLines } from './fenced-code.ts';

/**
 * A fence Docusaurus unwraps: three or four backticks at the start of the line
 * with the info string `mdx-code-block` (Docusaurus reads no other lengths).
 */
const mdxCodeBlockOpening = /^(`{3,4}) *mdx-code-block\r?$/;

/**
 * The text with each `mdx-code-block` fence line made empty, so its content
 * is read as the page's own. Docusaurus removes the two lines; emptying them
 * keeps every line number, and a blank line is where such a fence stands anyway.
 */
export function unwrapMdxCodeBlocks(text: string): string {
  if (!text.includes('mdx-code-block')) return text;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const fence = mdxCodeBlockOpening.exec(lines[i] ?? '')?.[1];
    if (!fence) continue;
    const close = lines.findIndex((line, j) => j > i && line.replace(/\r$/, '') === fence);
    if (close === -1) continue;
    lines[i] = lines[i]!.endsWith('\r') ? '\r' : '';
    lines[close] = lines[close]!.endsWith('\r') ? '\r' : '';
    i = close;
  }
  return lines.join('\n');
}

/** An ATX heading line (Docusaurus looks at lines that start with one to six `#`). */
const headingLine = /^#{1,6}(?!#)/;

/**
 * In MDX, the first `{#` of each heading line (outside fenced code) escaped as
 * `\{#`, as Docusaurus does, so the id stays text for the heading job
 * (markdown/headings-and-toc.ts). `lines` maps each changed line back.
 */
export function escapeHeadingIds(text: string): { text: string; lines: Map<number, LineMap> } {
  return rewriteLines(text, '{#', (line) => {
    if (!headingLine.test(line)) return null;
    const at = line.indexOf('{#');
    if (at === -1 || line[at - 1] === '\\') return null;
    // The backslash stands where the brace is; every later character is one further on.
    const columns = [...Array(line.length + 1).keys()].map((c) => (c <= at ? c : c - 1));
    return { line: `${line.slice(0, at)}\\${line.slice(at)}`, map: { columns, originalLength: line.length } };
  });
}
