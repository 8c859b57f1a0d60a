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
import type { SourceFile, YamlData, MarkdownFormat, Parsed, ParsedData, ParsedMarkdown, TreeSummary } from '../types.ts';
import type { Store } from '../memo.ts';
import { unprocessable, type Problem } from '../problem.ts';
import { chain, collect, failed, map, ok, valueOf, withProblems, type Result } from '../result.ts';
import { splitFrontmatter } from './parse/frontmatter.ts';
import { emptyPage, fileTooLarge, tooComplex, unsafePageName } from './parse/limits.ts';
import { parseMarkdownBody } from './parse/markdown-body.ts';
import { parseYaml, type StoredYaml } from './parse/yaml.ts';
import { bodyFormat, configuredFormat, frontmatterFormat, type FormatSetting } from './parse/format.ts';
import { mdxSyntaxProblem } from './parse/mdx-errors.ts';
import { summarize } from './parse/tree-summary.ts';
import { storedTree } from './shared/stored-tree.ts';

export { parseMarkdownBody } from './parse/markdown-body.ts';
export { configuredFormat, type FormatSetting } from './parse/format.ts';

/**
 * Stage entry: every Markdown and data file parsed, in their order. A file
 * the stage refuses has no entry, only the problem saying why. `trees` holds
 * the trees of earlier builds (pipeline/memo.ts), keyed by format and body
 * text; `yaml` their front matter and data files, keyed by the YAML text;
 * `summaries` what the stages ask of each tree, under the same key: with
 * both, a stored tree is read only when a stage looks into it
 * (pipeline/stages/shared/stored-tree.ts). `format` is the site's
 * `markdown.format` (as in Docusaurus: MDX when the site does not say).
 */
export function parse(files: ReadonlyArray<SourceFile>, trees?: Store<Root>, format: FormatSetting = 'mdx', yaml?: Store<StoredYaml>, summaries?: Store<TreeSummary>): Result<ReadonlyArray<Parsed>> {
  return pipe(files, collect((file) => parseFile(file, trees, format, yaml, summaries)));
}

/** One file, or no value and the reason the stage refuses it. */
function parseFile(file: SourceFile, trees: Store<Root> | undefined, format: FormatSetting, yaml: Store<StoredYaml> | undefined, summaries: Store<TreeSummary> | undefined): Result<Parsed> {
  const refused = refusal(file);
  if (refused) return failed([refused]);
  return isMarkdown(file) ? parseMarkdown(file, trees, format, yaml, summaries) : parseData(file, yaml);
}

/**
 * A Markdown file: its frontmatter, and the tree of its body. Frontmatter that
 * cannot be read and a body beyond the limits are problems, not a missing
 * value: the page is still there (an empty tree), so later stages can say more.
 */
export function parseMarkdown(file: SourceFile, trees?: Store<Root>, setting: FormatSetting = 'md', yamlStore?: Store<StoredYaml>, summaries?: Store<TreeSummary>): Result<ParsedMarkdown> {
  const { yaml, yamlLine, body } = splitFrontmatter(withoutBom(file.text));
  return pipe(
    parseYaml(yaml, file.display, yamlLine, yamlStore),
    chain((frontmatter) => {
      const format = bodyFormat(file.path, setting, frontmatterFormat(frontmatter.data));
      return pipe(bodyTree(body, format, file, trees, summaries), map((tree): ParsedMarkdown => ({ kind: 'markdown', file, frontmatter, tree, format })));
    }),
  );
}

/** A data file (YAML, or JSON: JSON is YAML, so one parser gives positions for both). */
export function parseData(file: SourceFile, yaml?: Store<StoredYaml>): Result<ParsedData> {
  return pipe(parseYaml(withoutBom(file.text), file.display, 1, yaml), map((yaml): ParsedData => ({ kind: 'data', file, yaml })));
}

/**
 * The Markdown text `parse` will hand to the parser for this file, or
 * null when it will not parse it (not Markdown, or over one of the limits).
 * The io edge uses it to parse ahead while Chromium starts (pipeline/schedule/parse-ahead.ts).
 */
export const markdownBody = (file: SourceFile, trees?: Store<Root>, setting: FormatSetting = 'md'): string | null =>
  markdownJob(file, trees, setting)?.body ?? null;

/**
 * What parse-ahead needs of a Markdown file, from one split of its text: the
 * body `parse` will hand the parser, its format and its key in the tree store;
 * null when `parse` will not parse it.
 */
export function markdownJob(file: SourceFile, trees: Store<Root> | undefined, setting: FormatSetting): { readonly body: string; readonly format: MarkdownFormat; readonly key: ReadonlyArray<string> } | null {
  if (!isMarkdown(file) || refusal(file)) return null;
  const { yaml, yamlLine, body } = splitFrontmatter(withoutBom(file.text));
  const format = formatOf(file, yaml, yamlLine, setting);
  const key = treeKey(body, format);
  return passedLimits(key, trees) || !tooComplex(body, file) ? { body, format, key } : null;
}

/**
 * The parser `parse` will use for a Markdown file: its front matter's
 * `mdx.format` first (read only when the front matter mentions `mdx`), then
 * the site's setting. For the io edge, which parses ahead of the stage.
 */
export function markdownFormat(file: SourceFile, setting: FormatSetting): MarkdownFormat {
  const { yaml, yamlLine } = splitFrontmatter(withoutBom(file.text));
  return formatOf(file, yaml, yamlLine, setting);
}

function formatOf(file: SourceFile, yaml: string, yamlLine: number, setting: FormatSetting): MarkdownFormat {
  const own = /\bmdx\b/.test(yaml) ? frontmatterFormat(valueOf(parseYaml(yaml, file.display, yamlLine))?.data) : undefined;
  return bodyFormat(file.path, setting, own);
}

/** The site's `markdown.format`, read from its configuration file as written (validate checks the value; anything else reads as the default). */
export const siteFormat = (config: SourceFile | null, yaml?: Store<StoredYaml>): FormatSetting =>
  configuredFormat(config ? configData(config, yaml) : null);

/**
 * The configuration's data as this stage reads it, through the YAML store when
 * there is one (the read edge takes the folders to walk from it): an earlier
 * build's reading of the same text is not parsed again.
 */
export const configData = (config: SourceFile, yaml?: Store<StoredYaml>): unknown => valueOf(parseData(config, yaml))?.yaml.data;

/** The key of a body's tree in the store: the same text read as MDX or as Markdown gives different trees. */
export const treeKey = (body: string, format: MarkdownFormat): ReadonlyArray<string> => [format, body];

/**
 * The tree of a body, or an empty one with the reason the parser did not see
 * it or failed on it. With a summary in `summaries`, a tree in the store is
 * read only when a stage looks into it; a tree made or read here gets its
 * summary for the next build.
 */
function bodyTree(body: string, format: MarkdownFormat, file: SourceFile, trees: Store<Root> | undefined, summaries: Store<TreeSummary> | undefined): Result<Root> {
  const key = treeKey(body, format);
  const complex = passedLimits(key, trees) ? null : tooComplex(body, file);
  if (complex) return withProblems(emptyRoot(), [complex]);
  const make = (): Root => parseMarkdownBody(body, format);
  try {
    // The summary's key is the tree's: every store keys inputs alike, and the tree store has this body's hash at hand.
    const hashed = summaries ? (trees ?? summaries).keyOf(key) : '';
    const summary = summaries?.find(hashed);
    const stored = summary && trees?.later(key, make);
    if (stored) return ok(storedTree(stored, summary));
    const tree = trees ? trees.get(key, make) : make();
    if (summaries && !summary) summaries.put(hashed, summarize(tree));
    return ok(tree);
  } catch (e) {
    return withProblems(emptyRoot(), [mdxSyntaxProblem(file.display, e) ?? unprocessable(file.display, e)]);
  }
}

/**
 * Whether `body` has a tree in the store: it passed the limits when that tree
 * was made (the store's folder changes with the code, limits included), so
 * they need no second look. Looking cost 20 to 40 ms of every build.
 */
const passedLimits = (key: ReadonlyArray<string>, trees: Store<Root> | undefined): boolean => trees?.has(key) === true;

/** Why the stage does not read a file at all (too large, a page name that cannot be a URL, or a page with nothing in it), or null. */
const refusal = (file: SourceFile): Problem | null => fileTooLarge(file) ?? (isMarkdown(file) ? unsafePageName(file) ?? emptyPage(file) : null);

const isMarkdown = (file: SourceFile): boolean => /\.mdx?$/i.test(file.path);
const withoutBom = (text: string): string => text.replace(/^\uFEFF/, '');
const emptyRoot = (): Root => ({ type: 'root', children: [] });
