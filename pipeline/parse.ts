/**
 * Stage 2, parse: source text → frontmatter data (with positions) + mdast.
 * Markdown positions are positions in the whole file, frontmatter included,
 * so every later message points at the line an author sees in the editor.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import type { Root } from 'mdast';
import type { SourceFile } from './io/read.ts';
import { error, startOfFile, type Place, type Problem } from './problem.ts';

export type FieldPath = ReadonlyArray<string | number>;

/** YAML data plus a way back from a field path to the place it was written. */
export interface YamlData {
  readonly data: unknown;
  readonly keys: ReadonlyArray<{ readonly key: string; readonly place: Place }>;
  readonly locate: (path: FieldPath) => Place;
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

const markdownParser = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);

export const parseMarkdownBody = (text: string): Root => markdownParser.runSync(markdownParser.parse(text)) as Root;

const frontmatterPattern = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?^---[ \t]*(\r?\n|$)/m;

/** Reads YAML text that starts on `firstLine` of its file. Parse errors become problems. */
export function parseYaml(text: string, file: SourceFile, firstLine = 1): { yaml: YamlData; problems: Problem[] } {
  const lineCounter = new LineCounter();
  const doc: Document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
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
  const data = problems.length === 0 ? doc.toJS() : null;
  return { yaml: { data, keys, locate }, problems };
}

/** Splits `---` frontmatter from the body; the body keeps its line numbers. */
export function splitFrontmatter(text: string): { yaml: string; yamlLine: number; body: string } {
  const match = frontmatterPattern.exec(text);
  if (!match || match.index !== 0) return { yaml: '', yamlLine: 2, body: text };
  const blank = match[0].replace(/[^\n]/g, '');
  return { yaml: match[1] ?? '', yamlLine: 2, body: blank + text.slice(match[0].length) };
}

export function parseMarkdownFile(file: SourceFile): { parsed: ParsedMarkdown; problems: Problem[] } {
  const text = file.text.replace(/^\uFEFF/, '');
  const { yaml, yamlLine, body } = splitFrontmatter(text);
  const { yaml: frontmatter, problems } = parseYaml(yaml, file, yamlLine);
  const tree = parseMarkdownBody(body);
  return { parsed: { kind: 'markdown', file, frontmatter, tree }, problems };
}

export function parseDataFile(file: SourceFile): { parsed: ParsedData; problems: Problem[] } {
  // JSON is YAML, so one parser gives positions for both.
  const { yaml, problems } = parseYaml(file.text.replace(/^\uFEFF/, ''), file);
  return { parsed: { kind: 'data', file, yaml }, problems };
}

/** Stage entry: parse every markdown and data file. */
export function parseSources(files: ReadonlyArray<SourceFile>): { parsed: Parsed[]; problems: Problem[] } {
  const parsed: Parsed[] = [];
  const problems: Problem[] = [];
  for (const file of files) {
    const result = /\.mdx?$/i.test(file.path) ? parseMarkdownFile(file) : parseDataFile(file);
    parsed.push(result.parsed);
    problems.push(...result.problems);
  }
  return { parsed, problems };
}

export { startOfFile };
