/**
 * Stage 2, parse: source text → frontmatter data (with positions) + mdast.
 * Markdown positions are positions in the whole file, frontmatter included,
 * so every later message points at the line an author sees in the editor.
 *
 * One job per module in ./parse/: the frontmatter split, YAML with positions,
 * the complexity limits, and the Markdown parser (with its guard around
 * remark-gfm's literals and the older admonition title form).
 */
import { pipe } from 'fp-ts/function';
import type { Root } from 'mdast';
import type { SourceFile } from '../types.ts';
import type { Store } from '../memo.ts';
import { unprocessable, type Problem } from '../problem.ts';
import { chain, collect, failed, map, ok, withProblems, type Result } from '../result.ts';
import { splitFrontmatter } from './parse/frontmatter.ts';
import { emptyPage, fileTooLarge, tooComplex, unsafePageName } from './parse/limits.ts';
import { parseMarkdownBody } from './parse/markdown-body.ts';
import { parseYaml, type YamlData } from './parse/yaml.ts';

export { parseMarkdownBody } from './parse/markdown-body.ts';
export type { FieldPath, YamlData } from './parse/yaml.ts';

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
 * Stage entry: every Markdown and data file parsed, in their order. A file
 * the stage refuses has no entry, only the problem saying why. `trees` holds
 * the trees of earlier builds (pipeline/memo.ts), keyed by body text.
 */
export function parse(files: ReadonlyArray<SourceFile>, trees?: Store<Root>): Result<ReadonlyArray<Parsed>> {
  return pipe(files, collect((file) => parseFile(file, trees)));
}

/** One file, or no value and the reason the stage refuses it. */
function parseFile(file: SourceFile, trees: Store<Root> | undefined): Result<Parsed> {
  const refused = refusal(file);
  if (refused) return failed([refused]);
  return isMarkdown(file) ? parseMarkdown(file, trees) : parseData(file);
}

/**
 * A Markdown file: its frontmatter, and the tree of its body. Frontmatter that
 * cannot be read and a body beyond the limits are problems, not a missing
 * value: the page is still there (an empty tree), so later stages can say more.
 */
export function parseMarkdown(file: SourceFile, trees?: Store<Root>): Result<ParsedMarkdown> {
  const { yaml, yamlLine, body } = splitFrontmatter(withoutBom(file.text));
  return pipe(
    parseYaml(yaml, file.display, yamlLine),
    chain((frontmatter) => pipe(bodyTree(body, file, trees), map((tree): ParsedMarkdown => ({ kind: 'markdown', file, frontmatter, tree })))),
  );
}

/** A data file (YAML, or JSON: JSON is YAML, so one parser gives positions for both). */
export function parseData(file: SourceFile): Result<ParsedData> {
  return pipe(parseYaml(withoutBom(file.text), file.display), map((yaml): ParsedData => ({ kind: 'data', file, yaml })));
}

/**
 * The Markdown text `parse` will hand to the parser for this file, or
 * null when it will not parse it (not Markdown, or over one of the limits).
 * The io edge uses it to parse ahead while Chromium starts (pipeline/run/parse-ahead.ts).
 */
export function markdownBody(file: SourceFile, trees?: Store<Root>): string | null {
  if (!isMarkdown(file) || refusal(file)) return null;
  const { body } = splitFrontmatter(withoutBom(file.text));
  return passedLimits(body, trees) || !tooComplex(body, file) ? body : null;
}

/** The tree of a body, or an empty one with the reason the parser did not see it or failed on it. */
function bodyTree(body: string, file: SourceFile, trees: Store<Root> | undefined): Result<Root> {
  const complex = passedLimits(body, trees) ? null : tooComplex(body, file);
  if (complex) return withProblems(emptyRoot(), [complex]);
  try {
    return ok(trees ? trees.get([body], () => parseMarkdownBody(body)) : parseMarkdownBody(body));
  } catch (e) {
    return withProblems(emptyRoot(), [unprocessable(file.display, e)]);
  }
}

/**
 * Whether `body` has a tree in the store: it passed the limits when that tree
 * was made (the store's folder changes with the code, limits included), so
 * they need no second look. Looking cost 20 to 40 ms of every build.
 */
const passedLimits = (body: string, trees: Store<Root> | undefined): boolean => trees?.has([body]) === true;

/** Why the stage does not read a file at all (too large, a page name that cannot be a URL, or a page with nothing in it), or null. */
const refusal = (file: SourceFile): Problem | null => fileTooLarge(file) ?? (isMarkdown(file) ? unsafePageName(file) ?? emptyPage(file) : null);

const isMarkdown = (file: SourceFile): boolean => /\.mdx?$/i.test(file.path);
const withoutBom = (text: string): string => text.replace(/^\uFEFF/, '');
const emptyRoot = (): Root => ({ type: 'root', children: [] });
