/**
 * How deep Markdown nests, measured on the text before the parser sees it.
 * Parsing grows with the square of the nesting (micromark tries the rest of
 * the line as a thematic break at each new list item and tokenizes the content
 * of a container directive again at every level; mdast-util-from-markdown
 * walks the events of each list once per level above it), so text nested
 * beyond the limit must never reach the parser. The measure never counts
 * less than the parser will build, however the nesting is written: containers
 * on one line (`- - - x`, `> > x`, `1. - > x`) or over many lines, container
 * directives, and raw HTML.
 *
 * Containers (list items, block quotes, footnote definitions) are bounded by
 * what a line can hold. A container stays open on a line only when the line
 * continues it: a block quote takes a `>`, a list item or footnote at least
 * two columns of indentation (blank lines and lazy paragraph lines aside, and
 * those open nothing). A container opens only at a marker. So after a line
 * that opens something the parser has at most
 *
 *   min(items open before, indentation before the first marker / 2) + markers
 *
 * list items and footnotes open, and at most as many block quotes as the line
 * has `>`, counting the whole leading run of markers and whitespace of the
 * line. The only way to keep more open is to open nothing.
 */
import { htmlNesting } from './html-nesting.ts';

export interface Nesting {
  /** The deepest nesting found, or the first that goes beyond the limit given. */
  readonly depth: number;
  /** Its line, 1-based. */
  readonly line: number;
}

/** A list marker (`-`, `+`, `*`, `1.`, `1)`) before whitespace or the end of the line, or a footnote label (`[^x]:`). */
const marker = /[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)|\[\^(?:\\.|[^\]\\])*\]:/y;
/** A container directive's opening fence: three or more colons and a name (micromark takes a tab for a name's first character too). */
const directiveOpening = /(:{3,})(?![ :]|$)/y;
/** A closing fence, alone on its line. */
const directiveClosing = /(:{3,})[ \t]*$/y;

/** `-`, `+`, `*`, a digit or `[`: the characters a marker can start with, tested before the pattern for speed. */
const mayStartMarker = (c: number): boolean => c === 45 || c === 43 || c === 42 || (c >= 48 && c <= 57) || c === 91;

/** The leading run of container markers and whitespace of one line. */
interface Prefix {
  readonly quotes: number;
  readonly markers: number;
  /** Columns of whitespace before the first marker that no `>` takes as its own space: at most half of it continues list items. */
  readonly indent: number;
  /** Where the run ends: the first character that is no marker or whitespace. */
  readonly end: number;
  /** The column it ends at, tabs counted to the next multiple of four. */
  readonly column: number;
}

/** The leading run of `line`: whitespace (tabs to the next multiple of four), `>`, list markers and footnote labels, in any order. */
function prefixOf(line: string): Prefix {
  let at = 0;
  let column = 0;
  let quotes = 0;
  let markers = 0;
  let spaces = 0;
  let quoteSpaces = 0;
  for (;;) {
    const c = line.charCodeAt(at);
    if (c === 32 || c === 9) {
      const width = c === 9 ? 4 - (column % 4) : 1;
      if (markers === 0) spaces += width;
      column += width;
      at++;
    } else if (c === 62) {
      quotes++;
      at++;
      column++;
      // A block quote takes one column of the whitespace after its `>`.
      const after = line.charCodeAt(at);
      if (markers === 0 && (after === 32 || after === 9)) quoteSpaces++;
    } else if (mayStartMarker(c)) {
      marker.lastIndex = at;
      const m = marker.exec(line);
      if (!m) break;
      markers++;
      at += m[0].length;
      column += m[0].length;
    } else break;
  }
  return { quotes, markers, indent: spaces - quoteSpaces, end: at, column };
}

/** At most this many list items (and footnotes) and block quotes are open. */
interface Containers {
  readonly items: number;
  readonly quotes: number;
}

/**
 * The most containers open after a line, given the most open before it. If
 * the line opens something, the items it continues take two columns of its
 * indentation each, and each quote, continued or new, takes a `>`. If it opens
 * nothing, all stay open, unless it can be neither blank nor lazy (`settled`:
 * it has text after a blank line), when only those it continues do. Which of
 * the two happened is not known here, so the larger of each.
 */
function containersAfter(open: Containers, prefix: Prefix, settled: boolean): Containers {
  const continued = Math.floor(prefix.indent / 2);
  const kept = settled ? { items: Math.min(open.items, continued), quotes: Math.min(open.quotes, prefix.quotes) } : open;
  if (prefix.quotes + prefix.markers === 0) return kept;
  return {
    items: Math.max(kept.items, Math.min(open.items, continued) + prefix.markers),
    quotes: Math.max(kept.quotes, prefix.quotes),
  };
}

interface OpenDirective {
  readonly size: number;
  readonly column: number;
}

/**
 * The deepest nesting of `text`: open containers, container directives and
 * raw HTML elements together, with its line. Linear: it stops at the first
 * line deeper than `limit`, so the directives and elements it remembers
 * stay within the limit.
 */
export function markdownNesting(text: string, limit = Number.POSITIVE_INFINITY): Nesting {
  const html = htmlNesting(Number.isFinite(limit) ? limit + 1 : Number.POSITIVE_INFINITY);
  let directives: OpenDirective[] = [];
  let containers: Containers = { items: 0, quotes: 0 };
  let previousBlank = true;
  let deepest: Nesting = { depth: 0, line: 1 };
  let line = 0;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    line++;
    const prefix = prefixOf(raw);
    // The run ends at text, or at the end of the line.
    const hasText = prefix.end < raw.length || prefix.markers > 0;
    containers = containersAfter(containers, prefix, previousBlank && hasText);
    previousBlank = !hasText && prefix.quotes === 0;

    if (raw.charCodeAt(prefix.end) === 58) {
      if (prefix.quotes + prefix.markers === 0) directives = closed(directives, raw, prefix);
      directiveOpening.lastIndex = prefix.end;
      const opening = directiveOpening.exec(raw);
      if (opening) directives.push({ size: opening[1]?.length ?? 3, column: prefix.column });
    }

    const depth = containers.items + containers.quotes + directives.length + html(raw);
    if (depth > deepest.depth) deepest = { depth, line };
    if (depth > limit) break;
  }
  return deepest;
}

/**
 * The directives still open after a line with only a closing fence on it (of
 * `size` colons at `column`). Such a line closes every open directive of at
 * most that size whose opening fence stood at that column or further right:
 * the directive sees the fence with at most three spaces before it, or its
 * container ended on this line and took it along. Others may stay open, so
 * they are kept.
 */
function closed(directives: OpenDirective[], raw: string, prefix: Prefix): OpenDirective[] {
  if (directives.length === 0) return directives;
  directiveClosing.lastIndex = prefix.end;
  const fence = directiveClosing.exec(raw);
  if (!fence) return directives;
  const size = fence[1]?.length ?? 0;
  return directives.filter((d) => !(d.size <= size && d.column >= prefix.column));
}
