/**
 * Which parser reads a body: MDX (JSX, expressions and ESM beside Markdown)
 * or CommonMark. The setting is Docusaurus' `markdown.format`: `mdx` (its
 * default: every file, `.md` too), `md`, or `detect` (by extension). A page's
 * front matter may choose for itself with `mdx: { format: … }`, before the site.
 */
import { extname } from 'node:path';
import type { MarkdownFormat } from '../../types.ts';

/** The setting: a parser, or `detect` to choose one by the file's extension. */
export type FormatSetting = MarkdownFormat | 'detect';

export const formatSettings: ReadonlyArray<FormatSetting> = ['mdx', 'md', 'detect'];

/** Extensions MDX itself reads as Markdown; any other extension (`.mdx`) is MDX. */
const markdownExtensions: ReadonlySet<string> = new Set(['.md', '.markdown', '.mdown', '.mkdn', '.mkd', '.mdwn', '.mkdown', '.ron']);

const isSetting = (value: unknown): value is FormatSetting => formatSettings.includes(value as FormatSetting);

/** The setting a value from a configuration or front matter gives; anything else (validate reports it) falls back to `fallback`. */
export const formatSetting = (value: unknown, fallback: FormatSetting): FormatSetting => (isSetting(value) ? value : fallback);

/** The parser for `path`: the front matter's choice first, then the site's; `detect` goes by the extension. */
export function bodyFormat(path: string, site: FormatSetting, frontmatter?: FormatSetting): MarkdownFormat {
  const setting = frontmatter ?? site;
  if (setting !== 'detect') return setting;
  return markdownExtensions.has(extname(path).toLowerCase()) ? 'md' : 'mdx';
}

/** `markdown.format` of a parsed site configuration (its data as read), `mdx` when it has none. */
export function configuredFormat(config: unknown): FormatSetting {
  const markdown = (config as { markdown?: { format?: unknown } } | null)?.markdown;
  return formatSetting(markdown?.format, 'mdx');
}

/** `mdx.format` of a page's front matter data, or undefined when it does not choose. */
export function frontmatterFormat(data: unknown): FormatSetting | undefined {
  const mdx = (data as { mdx?: { format?: unknown } } | null)?.mdx;
  return isSetting(mdx?.format) ? mdx.format : undefined;
}
