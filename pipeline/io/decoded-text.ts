/**
 * The bytes of a Markdown, YAML or JSON file as the text the stages read,
 * with what decoding them changed as problems. Only the read edge has the
 * bytes: in the text, a byte that is no UTF-8 and a U+FFFD the author typed
 * look the same.
 */
import { isUtf8 } from 'node:buffer';
import { error, warning, type Problem } from '../problem.ts';
import { failed, withProblems, type Result } from '../result.ts';

/**
 * More than one character in ten that no text has (NUL, other control
 * characters than tab, line feed, form feed and carriage return, or bytes
 * that are no UTF-8): an image, a pdf or UTF-16 text under a text name. A
 * stray one in real text stays far below this.
 */
const binaryShare = 0.1;

/**
 * The text of `bytes` (invalid UTF-8 and NUL as U+FFFD, which is what the
 * Markdown parser makes of them), with a warning at the first line of each;
 * no text, with an error, when the file is not text at all.
 */
export function decodedText(bytes: Uint8Array, shown: string): Result<string> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buffer.toString('utf8');
  const invalid = isUtf8(buffer) ? [] : invalidUtf8(bytes);
  const nuls = offsetsOf(bytes, 0);
  if (looksBinary(text, invalid.length)) {
    return failed([error('not-text', shown, { line: 1, column: 1 },
      'Dit bestand is geen tekst: het bevat vooral bytes die geen UTF-8-tekst zijn (het is bijvoorbeeld een afbeelding, een pdf of tekst in UTF-16). De build leest het niet. Geef het de juiste extensie, of sla de tekst op als UTF-8.')]);
  }
  const problems: Problem[] = [];
  if (invalid.length > 0) {
    problems.push(encodingWarning(shown, lineStarts(bytes, invalid), 'bytes die geen geldige UTF-8 zijn; de build leest ze als het teken �',
      'Sla het bestand op als UTF-8 (in de meeste editors: "Opslaan met codering").'));
  }
  if (nuls.length > 0) {
    problems.push(encodingWarning(shown, lineStarts(bytes, nuls), 'een NUL-teken (U+0000), dat in tekst niet hoort; in Markdown wordt het het teken �',
      'Verwijder het teken; het komt meestal mee bij kopiëren uit een ander programma.'));
  }
  return withProblems(text, problems);
}

/** One warning for all lines with `what` on them, at the first. */
function encodingWarning(shown: string, lines: ReadonlyArray<number>, what: string, fix: string): Problem {
  const first = lines[0] ?? 1;
  const others = lines.length - 1;
  const where = others === 0 ? `Regel ${first} bevat` : `Regel ${first} en ${others} ${others === 1 ? 'andere regel bevatten' : 'andere regels bevatten'}`;
  return warning('invalid-encoding', shown, { line: first, column: 1 }, `${where} ${what}. ${fix}`);
}

/** Whether too many characters of `text` are ones no text has (see `binaryShare`); `invalid` sequences became one U+FFFD each. */
function looksBinary(text: string, invalid: number): boolean {
  if (text.length === 0) return false;
  let odd = invalid;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 && c !== 9 && c !== 10 && c !== 12 && c !== 13) odd++;
  }
  return odd > binaryShare * text.length;
}

/** Where each invalid UTF-8 sequence starts (a byte no sequence starts with, or a sequence cut short). */
export function invalidUtf8(bytes: Uint8Array): number[] {
  const offsets: number[] = [];
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] ?? 0;
    if (b < 0x80) { i++; continue; }
    // The length of the sequence this byte starts, and the range of its second byte (no overlong forms, no surrogates, nothing above U+10FFFF).
    const [length, low, high] = b >= 0xc2 && b <= 0xdf ? [2, 0x80, 0xbf]
      : b === 0xe0 ? [3, 0xa0, 0xbf] : b === 0xed ? [3, 0x80, 0x9f] : b >= 0xe1 && b <= 0xef ? [3, 0x80, 0xbf]
        : b === 0xf0 ? [4, 0x90, 0xbf] : b === 0xf4 ? [4, 0x80, 0x8f] : b >= 0xf1 && b <= 0xf3 ? [4, 0x80, 0xbf] : [1, 0, 0];
    let valid = 1;
    while (valid < length) {
      const next = bytes[i + valid];
      const [from, to] = valid === 1 ? [low, high] : [0x80, 0xbf];
      if (next === undefined || next < from || next > to) break;
      valid++;
    }
    if (length > 1 && valid === length) { i += length; continue; }
    offsets.push(i);
    i += Math.max(1, valid);
  }
  return offsets;
}

function offsetsOf(bytes: Uint8Array, byte: number): number[] {
  const offsets: number[] = [];
  for (let at = bytes.indexOf(byte); at >= 0; at = bytes.indexOf(byte, at + 1)) offsets.push(at);
  return offsets;
}

/** The distinct lines (1-based, as the editor counts them: CRLF, LF and CR end a line) of ascending byte offsets. */
function lineStarts(bytes: Uint8Array, offsets: ReadonlyArray<number>): number[] {
  const lines: number[] = [];
  let line = 1;
  let at = 0;
  for (const offset of offsets) {
    for (; at < offset; at++) {
      const b = bytes[at];
      if (b === 10 || (b === 13 && bytes[at + 1] !== 10)) line++;
    }
    if (lines[lines.length - 1] !== line) lines.push(line);
  }
  return lines;
}
