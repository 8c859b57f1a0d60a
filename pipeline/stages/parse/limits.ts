/**
 * Limits that keep hostile content from hanging or crashing the build. The
 * Markdown parser slows down quadratically on deeply nested lists and on long
 * runs of unmatched delimiters, so these are measured line by line before it
 * runs; the largest real page is about 11 KB and nests 4 levels deep.
 */
import type { SourceFile } from '../../types.ts';
import { error, startOfFile, type Problem } from '../../problem.ts';
import { fencedCodeLines } from './fenced-code.ts';

export const limits = { fileChars: 256 * 1024, nesting: 32, delimiters: 5000 } as const;

/**
 * Characters a page's file or folder name may not have: its path becomes the URL
 * and a folder in dist/. `\` is a folder separator on Windows; `?`, `#` and `%`
 * change what a URL means; control characters cannot be typed in a link.
 */
const unsafeNameCharacters = /[\\?#%\u0000-\u001f\u007f]/;

const listItem = /^((?:[ \t]*>)*)([ \t]*)(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)/;
const width = (ws: string): number => [...ws].reduce((n, c) => (c === '\t' ? n + 4 - (n % 4) : n + 1), 0);

/**
 * The deepest nesting of lists and block quotes in Markdown, estimated line by
 * line without parsing (fenced code is skipped), with the line where it is
 * deepest. Cheap and linear, so it can run before the parser.
 */
export function markdownNesting(text: string): { depth: number; line: number } {
  const indents: number[] = [];
  const inCode = fencedCodeLines();
  let max = 0;
  let at = 1;
  let line = 0;
  // Open container directives (`:::note` … `:::`) nest like lists: deep nesting makes parsing slow.
  let directives = 0;
  for (const raw of text.split('\n')) {
    line++;
    if (inCode(raw)) continue;
    const prefix = /^(?:[ \t]*>)*/.exec(raw)?.[0] ?? '';
    const quotes = prefix.split('>').length - 1;
    const item = listItem.exec(raw);
    if (item) {
      const indent = width(item[2] ?? '');
      while (indents.length && (indents[indents.length - 1] ?? 0) >= indent) indents.pop();
      indents.push(indent);
    } else if (quotes === 0 && /^\S/.test(raw)) {
      // Text at the left margin ends every open list (or continues it lazily: then this underestimates).
      indents.length = 0;
    }
    const directive = /^[ \t>]*(:{3,})([a-zA-Z][\w-]*)?/.exec(raw);
    if (directive) directives = directive[2] ? directives + 1 : Math.max(0, directives - 1);
    const depth = quotes + indents.length + directives;
    if (depth > max) { max = depth; at = line; }
  }
  return { depth: max, line: at };
}

/**
 * The most emphasis, link and code delimiters (`* _ ~ [ ] \``) in one block of
 * lines between blank lines (fenced code skipped), with the block's first line.
 * Unmatched delimiters make inline parsing quadratic: 4 000 take under a
 * second, 40 000 take minutes.
 */
export function markdownDelimiters(text: string): { count: number; line: number } {
  const inCode = fencedCodeLines();
  let count = 0;
  let start = 1;
  let max = 0;
  let at = 1;
  let line = 0;
  for (const raw of text.split('\n')) {
    line++;
    // A fence ends the block before it; the code after it counts for nothing.
    if (inCode(raw)) { count = 0; continue; }
    if (raw.trim() === '') { count = 0; continue; }
    if (count === 0) start = line;
    for (let i = 0; i < raw.length; i++) {
      const c = raw.charCodeAt(i);
      // * _ ~ [ ] `
      if (c === 42 || c === 95 || c === 126 || c === 91 || c === 93 || c === 96) count++;
    }
    if (count > max) { max = count; at = start; }
  }
  return { count: max, line: at };
}

/** Why no file this large is read at all, or null. */
export function fileTooLarge(file: SourceFile): Problem | null {
  return file.text.length > limits.fileChars ? error('file-too-large', file.display, startOfFile,
    `Dit bestand is ${Math.round(file.text.length / 1024)} KB; het maximum is ${limits.fileChars / 1024} KB. Splits het op in meer pagina's, of zet grote data in een apart bestand dat je als download aanbiedt.`) : null;
}

/** Why a page's path cannot be its URL (a character from `unsafeNameCharacters`), or null. */
export function unsafePageName(file: SourceFile): Problem | null {
  const bad = unsafeNameCharacters.exec(file.path);
  return bad ? error('unsafe-file-name', file.display, startOfFile,
    `De naam ${JSON.stringify(file.path)} bevat het teken ${JSON.stringify(bad[0])}. Het pad van een pagina wordt haar URL: gebruik geen \\, ?, #, % of stuurtekens in bestands- en mapnamen. Hernoem het bestand.`) : null;
}

/** Why the parser must not see this Markdown body (nested or delimited beyond the limits), or null. */
export function tooComplex(body: string, file: SourceFile): Problem | null {
  const nesting = markdownNesting(body);
  if (nesting.depth > limits.nesting) {
    return error('markup-too-complex', file.display, { line: nesting.line, column: 1 },
      `Lijsten en citaten zijn hier ${nesting.depth} niveaus diep genest; het maximum is ${limits.nesting}. Maak de structuur platter, bijvoorbeeld met tussenkoppen.`);
  }
  const delimiters = markdownDelimiters(body);
  return delimiters.count > limits.delimiters ? error('markup-too-complex', file.display, { line: delimiters.line, column: 1 },
    `Deze alinea heeft ${delimiters.count} opmaaktekens (* _ ~ [ ] \`); het maximum is ${limits.delimiters}. Splits de alinea op, of zet de tekst in een codeblok (\`\`\`).`) : null;
}
