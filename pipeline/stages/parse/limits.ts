/**
 * Limits that keep hostile content from hanging or crashing the build. The
 * Markdown parser slows down quadratically on deep nesting and on long runs
 * of unmatched delimiters, so these are measured before it runs; the largest
 * real page is about 11 KB and nests 4 levels deep.
 */
import type { SourceFile } from '../../types.ts';
import { error, startOfFile, type Problem } from '../../problem.ts';
import { fencedCodeLines } from './fenced-code.ts';
import { markdownNesting } from './nesting.ts';

export const limits = { fileChars: 256 * 1024, nesting: 32, delimiters: 5000 } as const;

/**
 * Characters a page's file or folder name may not have: its path becomes the URL
 * and a folder in dist/. `\` is a folder separator on Windows; `?`, `#` and `%`
 * change what a URL means; control characters cannot be typed in a link.
 */
const unsafeNameCharacters = /[\\?#%\u0000-\u001f\u007f]/;

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

/**
 * Why a Markdown file is no page: it holds nothing but whitespace (a byte
 * order mark included). Without this, the only message would be the missing
 * title of a page nobody meant to write.
 */
export function emptyPage(file: SourceFile): Problem | null {
  return /^[\uFEFF\s]*$/.test(file.text) ? error('file-empty', file.display, startOfFile,
    'Dit Markdown-bestand is leeg. Schrijf de pagina (frontmatter met een `title` en tekst), of verwijder het bestand.') : null;
}

/** Why a page's path cannot be its URL (a character from `unsafeNameCharacters`), or null. */
export function unsafePageName(file: SourceFile): Problem | null {
  const bad = unsafeNameCharacters.exec(file.path);
  return bad ? error('unsafe-file-name', file.display, startOfFile,
    `De naam ${JSON.stringify(file.path)} bevat het teken ${JSON.stringify(bad[0])}. Het pad van een pagina wordt haar URL: gebruik geen \\, ?, #, % of stuurtekens in bestands- en mapnamen. Hernoem het bestand.`) : null;
}

/** Why the parser must not see this Markdown body (nested or delimited beyond the limits), or null. */
export function tooComplex(body: string, file: SourceFile): Problem | null {
  const nesting = markdownNesting(body, limits.nesting);
  if (nesting.depth > limits.nesting) {
    return error('markup-too-complex', file.display, { line: nesting.line, column: 1 },
      `Lijsten, citaten, admonitions en HTML-elementen zijn hier ${nesting.depth} niveaus diep in elkaar genest; het maximum is ${limits.nesting}. Maak de structuur platter, bijvoorbeeld met tussenkoppen.`);
  }
  const delimiters = markdownDelimiters(body);
  return delimiters.count > limits.delimiters ? error('markup-too-complex', file.display, { line: delimiters.line, column: 1 },
    `Deze alinea heeft ${delimiters.count} opmaaktekens (* _ ~ [ ] \`); het maximum is ${limits.delimiters}. Splits de alinea op, of zet de tekst in een codeblok (\`\`\`).`) : null;
}
