/**
 * Stage 2, parse: source text → frontmatter data (with positions) + mdast.
 * Markdown positions are positions in the whole file, frontmatter included,
 * so every later message points at the line an author sees in the editor.
 */
import { unified, type Data, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import type { Nodes, Root } from 'mdast';
import type { Construct, ConstructRecord, Extension } from 'micromark-util-types';
import type { SourceFile } from '../io/read.ts';
import { error, startOfFile, type Place, type Problem } from '../problem.ts';
import type { Store } from '../memo.ts';

export type FieldPath = ReadonlyArray<string | number>;

/** YAML data plus a way back from a field path to the place it was written. */
export interface YamlData {
  readonly data: unknown;
  readonly keys: ReadonlyArray<{ readonly key: string; readonly place: Place }>;
  readonly locate: (path: FieldPath) => Place;
  /** False when the YAML could not be read; `data` is then null and must not be decoded. */
  readonly ok: boolean;
}

export interface ParsedMarkdown {
  readonly kind: 'markdown';
  readonly file: SourceFile;
  readonly frontmatter: YamlData;
  readonly tree: Root;
}

export interface ParsedData {
  readonly kind: 'data';
  readonly file: SourceFile;
  readonly yaml: YamlData;
}

export type Parsed = ParsedMarkdown | ParsedData;

/**
 * remark-gfm looks for an e-mail address at every letter and digit while it
 * tokenizes text: a third of all parsing time. Its mdast step also finds
 * addresses in the finished text nodes (with regular expressions), so we drop
 * the tokenizer and let that step find them, after emphasis and links,
 * as GitHub (cmark-gfm) and markdown-rs do. `www.` and `http(s)://` literals
 * are still tokenized. The links it makes have no source position; nothing
 * reports on an e-mail link, so none is needed. That step itself runs only on
 * trees where it can find something (`withLiteralsOnlyWherePossible`).
 */
function emailLiteralsAfterParsing(this: Processor): void {
  const data = this.data();
  data.micromarkExtensions = data.micromarkExtensions?.map(withoutEmailLiterals);
  data.fromMarkdownExtensions = data.fromMarkdownExtensions?.map((e) => (Array.isArray(e) ? e.map(withLiteralsOnlyWherePossible) : withLiteralsOnlyWherePossible(e)));
}

type FromMarkdownExtension = Exclude<NonNullable<Data['fromMarkdownExtensions']>[number], unknown[]>;

/**
 * remark-gfm's mdast step for literals (`transformGfmAutolinkLiterals`) walks
 * the tree once for each of its four patterns: 160 ms for the site's files.
 * Every pattern needs `@`, `http(s)://` or `www.` in a text outside a link,
 * and few trees have one (the URLs in the text are links already), so the step
 * runs only on those: where it is skipped, it would have changed nothing.
 */
export function withLiteralsOnlyWherePossible(extension: FromMarkdownExtension): FromMarkdownExtension {
  if (!extension.transforms?.some((t) => t.name === 'transformGfmAutolinkLiterals')) return extension;
  return {
    ...extension,
    transforms: extension.transforms.map((t) => (t.name === 'transformGfmAutolinkLiterals' ? (tree) => (mayHoldLiteral(tree) ? t(tree) : undefined) : t)),
  };
}

const literalStart = /@|https?:\/\/|www\./i;

/** Whether a text outside links and link references holds what a literal needs. */
function mayHoldLiteral(node: Nodes): boolean {
  if (node.type === 'text') return literalStart.test(node.value);
  if (node.type === 'link' || node.type === 'linkReference' || !('children' in node)) return false;
  return node.children.some(mayHoldLiteral);
}

export function withoutEmailLiterals(extension: Extension): Extension {
  if (!extension.text) return extension;
  const text: ConstructRecord = {};
  for (const [code, constructs] of Object.entries(extension.text)) {
    const kept = [constructs].flat().filter((c): c is Construct => c !== undefined && c.name !== 'emailAutolink');
    if (kept.length) text[code] = kept;
  }
  return { ...extension, text };
}

const markdownParser = unified().use(remarkParse).use(remarkGfm).use(emailLiteralsAfterParsing).use(remarkDirective);

export const parseMarkdownBody = (text: string): Root => {
  const { text: rewritten, lines } = legacyAdmonitionTitles(text);
  const tree = markdownParser.runSync(markdownParser.parse(rewritten)) as Root;
  if (lines.size) restorePositions(tree, text, lines);
  return tree;
};

/** The admonition types (pipeline/stages/markdown.ts gives each its Dutch title). */
export const admonitionTypes: ReadonlySet<string> = new Set(['note', 'tip', 'info', 'warning', 'danger', 'caution', 'success']);

/** `:::tip Eigen titel`: an admonition opening with its title after the name (Docusaurus' older form). */
const legacyTitleLine = /^((?:[ \t]*>)*[ \t]*:{3,}([a-z]+))([ \t]+)([^[{ \t](?:.*[^ \t])?)([ \t]*)$/;

/** For one rewritten line: the column (0-based) in the original line of each character in the new one. */
interface LineMap {
  readonly columns: ReadonlyArray<number>;
  readonly originalLength: number;
}

/**
 * remark-directive reads a title only as a label (`:::tip[Eigen titel]`); after
 * `:::tip` it allows nothing else, so `:::tip Eigen titel` would silently be a
 * paragraph. Docusaurus accepts both; so do we, by writing the opening line in
 * the label form before parsing (outside fenced code, only for admonition
 * types). Only those lines change, and only within the line: every node's
 * position is mapped back to the original text afterwards.
 */
export function legacyAdmonitionTitles(text: string): { text: string; lines: Map<number, LineMap> } {
  const lines = new Map<number, LineMap>();
  if (!text.includes(':::')) return { text, lines };
  const out = text.split('\n');
  let open: string | null = null;
  out.forEach((raw, i) => {
    const f = fence.exec(raw)?.[1];
    if (f && (open === null || (f[0] === open[0] && f.length >= open.length))) {
      open = open === null ? f : null;
      return;
    }
    if (open !== null) return;
    const cr = raw.endsWith('\r') ? '\r' : '';
    const line = cr ? raw.slice(0, -1) : raw;
    const match = legacyTitleLine.exec(line);
    if (!match || !admonitionTypes.has(match[2] ?? '')) return;
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

/** Puts every position in the tree back in terms of the original text (line, column and offset). */
function restorePositions(tree: Root, original: string, lines: ReadonlyMap<number, LineMap>): void {
  const starts = [0];
  for (let i = original.indexOf('\n'); i !== -1; i = original.indexOf('\n', i + 1)) starts.push(i + 1);
  const fix = (point: { line: number; column: number; offset?: number | undefined }) => {
    const map = lines.get(point.line);
    if (map) {
      const c = point.column - 1;
      point.column = (c < map.columns.length ? (map.columns[c] ?? c) : map.originalLength + c - map.columns.length) + 1;
    }
    if (point.offset !== undefined) point.offset = (starts[point.line - 1] ?? 0) + point.column - 1;
  };
  const walk = (node: { position?: { start: { line: number; column: number; offset?: number | undefined }; end: { line: number; column: number; offset?: number | undefined } } | undefined; children?: unknown[] }) => {
    if (node.position) { fix(node.position.start); fix(node.position.end); }
    if (Array.isArray(node.children)) for (const child of node.children) walk(child as typeof node);
  };
  walk(tree);
}

/**
 * Limits that keep hostile content from hanging or crashing the build (issue 12).
 * The Markdown parser slows down quadratically on deeply nested lists and on
 * long runs of unmatched delimiters; the largest real page is about 11 KB and
 * nests 4 levels deep.
 */
export const limits = { fileChars: 256 * 1024, nesting: 32, delimiters: 5000 } as const;

/**
 * Characters a page's file or folder name may not have: its path becomes the URL
 * and a folder in dist/. `\` is a folder separator on Windows; `?`, `#` and `%`
 * change what a URL means; control characters cannot be typed in a link.
 */
const unsafeNameCharacters = /[\\?#%\u0000-\u001f\u007f]/;

const fence = /^(?:[ \t]*>)*[ \t]*(`{3,}|~{3,})/;
const listItem = /^((?:[ \t]*>)*)([ \t]*)(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)/;
const width = (ws: string): number => [...ws].reduce((n, c) => (c === '\t' ? n + 4 - (n % 4) : n + 1), 0);

/**
 * The deepest nesting of lists and block quotes in Markdown, estimated line by
 * line without parsing (fenced code is skipped), with the line where it is
 * deepest. Cheap and linear, so it can run before the parser.
 */
export function markdownNesting(text: string): { depth: number; line: number } {
  const indents: number[] = [];
  let open: string | null = null;
  let max = 0;
  let at = 1;
  let line = 0;
  // Open container directives (`:::note` … `:::`) nest like lists: deep nesting makes parsing slow.
  let directives = 0;
  for (const raw of text.split('\n')) {
    line++;
    const f = fence.exec(raw)?.[1];
    if (f && (open === null || (f[0] === open[0] && f.length >= open.length))) {
      open = open === null ? f : null;
      continue;
    }
    if (open !== null) continue;
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
  let open: string | null = null;
  let count = 0;
  let start = 1;
  let max = 0;
  let at = 1;
  let line = 0;
  for (const raw of text.split('\n')) {
    line++;
    const f = fence.exec(raw)?.[1];
    if (f && (open === null || (f[0] === open[0] && f.length >= open.length))) {
      open = open === null ? f : null;
      count = 0;
      continue;
    }
    if (open !== null) continue;
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

const emptyRoot = (): Root => ({ type: 'root', children: [] });
const reason = (e: unknown): string => (e instanceof Error ? e.message : String(e)).split('\n')[0] ?? '';

const frontmatterPattern = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?^---[ \t]*(\r?\n|$)/m;

/** Reads YAML text that starts on `firstLine` of its file. Parse errors become problems. */
export function parseYaml(text: string, file: SourceFile, firstLine = 1): { yaml: YamlData; problems: Problem[] } {
  const lineCounter = new LineCounter();
  let doc: Document;
  try {
    doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  } catch (e) {
    // Only for YAML the parser cannot even hold (thousands of nested brackets overflow its stack).
    const place = { line: firstLine, column: 1 };
    return {
      yaml: { data: null, keys: [], locate: () => place, ok: false },
      problems: [error('yaml-syntax', file.display, place, `De YAML kan niet worden gelezen (${reason(e)}): ze is te diep genest. Schrijf de waarden eenvoudiger op.`)],
    };
  }
  const at = (offset: number | undefined): Place => {
    if (offset === undefined) return { line: firstLine, column: 1 };
    const pos = lineCounter.linePos(offset);
    return { line: pos.line + firstLine - 1, column: pos.col };
  };
  const problems = doc.errors.map((e) =>
    error('yaml-syntax', file.display, at(e.pos[0]),
      `De YAML kan niet worden gelezen: ${e.message.split('\n')[0]}. Controleer inspringing, dubbele punten en aanhalingstekens.`),
  );
  const locate = (path: FieldPath): Place => {
    // Walk as deep as the path exists: a field points at its key, a list item at the item.
    let node: unknown = doc.contents;
    let place = at(doc.contents?.range?.[0]);
    for (const segment of path) {
      if (isMap(node)) {
        const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(segment));
        if (!pair || !isScalar(pair.key)) break;
        place = at(pair.key.range?.[0]);
        node = pair.value;
      } else if (isSeq(node) && typeof segment === 'number') {
        const item: unknown = node.items[segment];
        if (!(isScalar(item) || isMap(item) || isSeq(item))) break;
        place = at(item.range?.[0]);
        node = item;
      } else break;
    }
    return place;
  };
  const keys = isMap(doc.contents)
    ? doc.contents.items.flatMap((p) => (isScalar(p.key) ? [{ key: String(p.key.value), place: at(p.key.range?.[0]) }] : []))
    : [];
  let data: unknown = null;
  if (problems.length === 0) {
    try {
      data = doc.toJS({ maxAliasCount: 100 });
    } catch (e) {
      // Unresolved or runaway aliases (`*naam` without `&naam`) only show up when converting.
      const alias = /alias/i.test(String(e));
      problems.push(error('yaml-syntax', file.display, aliasPlace(text, at),
        alias ? 'De YAML gebruikt een alias (*naam) die niet bestaat of te vaak wordt herhaald. Definieer het anker (&naam) of schrijf de waarde uit.'
          : `De YAML kan niet worden gelezen: ${e instanceof Error ? e.message : String(e)}.`));
    }
  }
  return { yaml: { data, keys, locate, ok: problems.length === 0 }, problems };
}

/** The place of the first alias (`*naam`) in YAML text, or its start. */
function aliasPlace(text: string, at: (offset: number | undefined) => Place): Place {
  const match = /(^|[\s:[,{-])\*[^\s,\]}]+/m.exec(text);
  return at(match ? match.index + match[1]!.length : undefined);
}

/** Splits `---` frontmatter from the body; the body keeps its line numbers. */
export function splitFrontmatter(text: string): { yaml: string; yamlLine: number; body: string } {
  const match = frontmatterPattern.exec(text);
  if (!match || match.index !== 0) return { yaml: '', yamlLine: 2, body: text };
  const blank = match[0].replace(/[^\n]/g, '');
  return { yaml: match[1] ?? '', yamlLine: 2, body: blank + text.slice(match[0].length) };
}

/**
 * The Markdown text `parseSources` will hand to the parser for this file, or
 * null when it will not parse it (not Markdown, or over one of the limits).
 * The io edge uses it to parse ahead while Chromium starts (pipeline/run/parse-ahead.ts).
 */
export function markdownBody(file: SourceFile, trees?: Store<Root>): string | null {
  if (!isMarkdown(file) || refusal(file)) return null;
  const { body } = splitFrontmatter(file.text.replace(/^\uFEFF/, ''));
  return passedLimits(body, trees) || !tooComplex(body, file) ? body : null;
}

/**
 * Whether `body` has a tree in the store: it passed the limits when that tree
 * was made (the store's folder changes with the code, limits included), so
 * they need no second look. Looking cost 20 to 40 ms of every build.
 */
const passedLimits = (body: string, trees: Store<Root> | undefined): boolean => trees?.has([body]) === true;

const isMarkdown = (file: SourceFile): boolean => /\.mdx?$/i.test(file.path);

/** Why `parseSources` does not read a file at all (too large, or a page name that cannot be a URL), or null. */
function refusal(file: SourceFile): Problem | null {
  if (file.text.length > limits.fileChars) {
    return error('file-too-large', file.display, startOfFile,
      `Dit bestand is ${Math.round(file.text.length / 1024)} KB; het maximum is ${limits.fileChars / 1024} KB. Splits het op in meer pagina's, of zet grote data in een apart bestand dat je als download aanbiedt.`);
  }
  const bad = isMarkdown(file) ? unsafeNameCharacters.exec(file.path) : null;
  return bad ? error('unsafe-file-name', file.display, startOfFile,
    `De naam ${JSON.stringify(file.path)} bevat het teken ${JSON.stringify(bad[0])}. Het pad van een pagina wordt haar URL: gebruik geen \\, ?, #, % of stuurtekens in bestands- en mapnamen. Hernoem het bestand.`) : null;
}

/** Why the parser must not see this body (nested or delimited beyond the limits), or null. */
function tooComplex(body: string, file: SourceFile): Problem | null {
  const nesting = markdownNesting(body);
  if (nesting.depth > limits.nesting) {
    return error('markup-too-complex', file.display, { line: nesting.line, column: 1 },
      `Lijsten en citaten zijn hier ${nesting.depth} niveaus diep genest; het maximum is ${limits.nesting}. Maak de structuur platter, bijvoorbeeld met tussenkoppen.`);
  }
  const delimiters = markdownDelimiters(body);
  return delimiters.count > limits.delimiters ? error('markup-too-complex', file.display, { line: delimiters.line, column: 1 },
    `Deze alinea heeft ${delimiters.count} opmaaktekens (* _ ~ [ ] \`); het maximum is ${limits.delimiters}. Splits de alinea op, of zet de tekst in een codeblok (\`\`\`).`) : null;
}

export function parseMarkdownFile(file: SourceFile, trees?: Store<Root>): { parsed: ParsedMarkdown; problems: Problem[] } {
  const text = file.text.replace(/^\uFEFF/, '');
  const { yaml, yamlLine, body } = splitFrontmatter(text);
  const { yaml: frontmatter, problems } = parseYaml(yaml, file, yamlLine);
  const complex = passedLimits(body, trees) ? null : tooComplex(body, file);
  if (complex) {
    problems.push(complex);
    return { parsed: { kind: 'markdown', file, frontmatter, tree: emptyRoot() }, problems };
  }
  let tree: Root;
  try {
    tree = trees ? trees.get([body], () => parseMarkdownBody(body)) : parseMarkdownBody(body);
  } catch (e) {
    problems.push(error('content-unprocessable', file.display, startOfFile,
      `Dit bestand kan niet worden verwerkt (${reason(e)}). Vereenvoudig de opmaak: minder diep geneste of minder herhaalde constructies.`));
    tree = emptyRoot();
  }
  return { parsed: { kind: 'markdown', file, frontmatter, tree }, problems };
}

export function parseDataFile(file: SourceFile): { parsed: ParsedData; problems: Problem[] } {
  // JSON is YAML, so one parser gives positions for both.
  const { yaml, problems } = parseYaml(file.text.replace(/^\uFEFF/, ''), file);
  return { parsed: { kind: 'data', file, yaml }, problems };
}

/** Stage entry: parse every markdown and data file. */
export function parseSources(files: ReadonlyArray<SourceFile>, trees?: Store<Root>): { parsed: Parsed[]; problems: Problem[] } {
  const parsed: Parsed[] = [];
  const problems: Problem[] = [];
  for (const file of files) {
    const refused = refusal(file);
    if (refused) {
      problems.push(refused);
      continue;
    }
    const result = isMarkdown(file) ? parseMarkdownFile(file, trees) : parseDataFile(file);
    parsed.push(result.parsed);
    problems.push(...result.problems);
  }
  return { parsed, problems };
}

