/**
 * Which lines of Markdown are fenced code, for the line scanners that run
 * before the parser (legacy admonition titles, the complexity limits): what
 * stands inside a fence is code, never structure.
 */

/** An opening or closing fence: three or more backticks or tildes, also inside block quotes. */
const fence = /^(?:[ \t]*>)*[ \t]*(`{3,}|~{3,})/;

/**
 * A scanner to call on each line of one text, in order: whether that line is
 * a fence or stands inside fenced code. A fence closes on a fence of the same
 * character that is at least as long. Make one per text: it remembers the
 * fence that is open.
 */
export function fencedCodeLines(): (line: string) => boolean {
  let open: string | null = null;
  return (line) => {
    const f = fence.exec(line)?.[1];
    if (f && (open === null || (f[0] === open[0] && f.length >= open.length))) {
      open = open === null ? f : null;
      return true;
    }
    return open !== null;
  };
}
