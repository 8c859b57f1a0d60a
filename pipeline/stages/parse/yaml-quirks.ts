/**
 * YAML that Docusaurus reads (js-yaml, through gray-matter) but the YAML
 * specification, and so the `yaml` package, does not: a quoted string or a
 * flow collection (`[…]`, `{…}`) that continues on a line indented no deeper
 * than the line it started on. js-yaml ignores the indentation of such a line;
 * `yaml` requires it to be indented one column further. A line "indented" with
 * no-break spaces (U+00A0) is the same case: a no-break space is no
 * indentation in YAML, it is text. And a line indented with tabs (`\t- api`):
 * YAML forbids tabs in indentation; js-yaml counts only the spaces before the
 * first tab as indentation and skips the rest of the leading white space.
 *
 * The repair indents exactly those lines with ordinary spaces, nothing else;
 * a tab-indented line outside quotes and brackets keeps the spaces before its
 * first tab and loses the rest of its leading white space, as js-yaml reads it.
 * Leading spaces of a continuation line are never part of the value (they
 * fold away), so the repaired text gives the value js-yaml gives. Lines keep
 * their numbers; `column` maps a column of the repaired text back.
 */

export type YamlQuirkKind = 'continuation-not-indented' | 'no-break-space-indent' | 'tab-indent';

export interface YamlQuirk {
  readonly kind: YamlQuirkKind;
  /** Line in the YAML text, from 1. */
  readonly line: number;
}

export interface RepairedYaml {
  readonly text: string;
  readonly quirks: ReadonlyArray<YamlQuirk>;
  /** A column (from 1) on `line` of the repaired text, as a column of the original text. */
  readonly column: (line: number, column: number) => number;
}

/** Where a flow construct that is still open began: its kind and the indentation of its first line. */
type Open = { readonly kind: '"' | "'" | '[' | '{'; readonly indent: number };

const leadingSpaces = (line: string): number => /^ */.exec(line)?.[0].length ?? 0;

/**
 * The lines of `text` that continue a quoted string or flow collection while
 * indented no deeper than its first line, and the text with those lines
 * indented. Null when there are none: then nothing is changed.
 */
export function repairYamlQuirks(text: string): RepairedYaml | null {
  const lines = text.split('\n');
  const quirks: YamlQuirk[] = [];
  const added = new Map<number, number>();
  // The constructs still open at the end of the previous line: quotes end a stack of flow collections.
  let stack: Open[] = [];
  let blockScalarIndent: number | null = null;

  lines.forEach((raw, i) => {
    let line = raw;
    const blank = line.trim() === '';
    // Lines of a block scalar (`|`, `>`) are text: only their indentation ends them.
    if (blockScalarIndent !== null) {
      if (blank || leadingSpaces(line) > blockScalarIndent) return;
      blockScalarIndent = null;
    }
    const open = stack[0];
    const tabbed = /^ *\t[ \t]*/.exec(line);
    if (!open && !blank && tabbed) {
      // js-yaml's indentation is the spaces before the first tab; the tabs and what follows them are skipped.
      const kept = tabbed[0].indexOf('\t');
      quirks.push({ kind: 'tab-indent', line: i + 1 });
      added.set(i + 1, kept - tabbed[0].length);
      line = ' '.repeat(kept) + line.slice(tabbed[0].length);
      lines[i] = line;
    }
    const indent = leadingSpaces(line);
    if (open && !blank && indent <= open.indent) {
      const pad = open.indent + 1 - indent;
      quirks.push({ kind: line.charAt(indent) === '\u00a0' ? 'no-break-space-indent' : 'continuation-not-indented', line: i + 1 });
      added.set(i + 1, pad);
      line = ' '.repeat(pad) + line;
      lines[i] = line;
    }
    const scanned = scanLine(line, stack, open ? open.indent : indent);
    stack = scanned.stack;
    if (scanned.blockScalar) blockScalarIndent = indent;
  });

  if (quirks.length === 0) return null;
  return {
    text: lines.join('\n'),
    quirks,
    column: (line, column) => {
      const pad = added.get(line) ?? 0;
      return Math.max(1, column - pad);
    },
  };
}

/**
 * Follows one line through the quoting and bracketing rules: which flow
 * constructs are open at its end, and whether it starts a block scalar.
 * `indent` is the indentation a construct opened here belongs to (that of the
 * line it starts on, or of the construct this line continues).
 */
function scanLine(line: string, before: ReadonlyArray<Open>, indent: number): { stack: Open[]; blockScalar: boolean } {
  const stack = [...before];
  // Whether the next non-space character may start a node (a quote or bracket is then syntax, not text).
  let nodeStart = true;
  let i = 0;
  while (i < line.length) {
    const top = stack[stack.length - 1];
    const c = line.charAt(i);
    if (top?.kind === '"') {
      if (c === '\\') i += 2;
      else {
        if (c === '"') { stack.pop(); nodeStart = false; }
        i += 1;
      }
      continue;
    }
    if (top?.kind === "'") {
      if (c === "'" && line.charAt(i + 1) === "'") i += 2;
      else {
        if (c === "'") { stack.pop(); nodeStart = false; }
        i += 1;
      }
      continue;
    }
    const inFlow = top !== undefined;
    if (c === ' ' || c === '\t') { i += 1; continue; }
    // A comment starts at `#` after a space or at the start of the line.
    if (c === '#' && (i === 0 || /[ \t]/.test(line.charAt(i - 1)))) break;
    if (nodeStart && (c === '"' || c === "'" || c === '[' || c === '{')) {
      stack.push({ kind: c, indent: stack[0]?.indent ?? indent });
      nodeStart = c === '[' || c === '{';
      i += 1;
      continue;
    }
    if (nodeStart && !inFlow && (c === '|' || c === '>') && /^[|>][-+0-9]*\s*(#.*)?$/.test(line.slice(i))) {
      return { stack, blockScalar: true };
    }
    if (inFlow && (c === ']' || c === '}')) { stack.pop(); nodeStart = false; i += 1; continue; }
    if (inFlow && c === ',') { nodeStart = true; i += 1; continue; }
    // `key: value`, `- item`, `? key`: what follows the indicator and a space is a new node.
    if ((c === ':' || c === '-' || c === '?') && (i + 1 === line.length || /[ \t]/.test(line.charAt(i + 1)) || (inFlow && c === ':'))) {
      nodeStart = true;
      i += 1;
      continue;
    }
    // Plain text: a quote or bracket inside it is text (`Jan's blog`); in a flow collection it ends at , ] }.
    nodeStart = false;
    i += 1;
    while (i < line.length) {
      const d = line.charAt(i);
      if (inFlow && (d === ',' || d === ']' || d === '}')) break;
      if (d === ':' && (i + 1 === line.length || /[ \t]/.test(line.charAt(i + 1)))) break;
      if (d === '#' && /[ \t]/.test(line.charAt(i - 1))) break;
      i += 1;
    }
  }
  return { stack, blockScalar: false };
}
