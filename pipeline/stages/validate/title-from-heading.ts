/**
 * A page's title by Docusaurus' rule: the front matter's `title`, else the
 * content title (shared/content-title.ts), else a name from the file.
 */
import type { Root } from 'mdast';
import { startOfFile, warning, type Problem } from '../../problem.ts';
import { numberPrefix } from '../shared/number-prefix.ts';
import { contentTitle, contentTitleHeading, withoutContentTitle, type TitleRule } from '../shared/content-title.ts';

/** What a Markdown file's front matter and tree become once its title is settled. */
export interface Titled {
  /** The front matter with a `title`, unless it had one of the wrong type (the codec reports that). */
  readonly data: Record<string, unknown>;
  readonly tree: Root;
  readonly problems: ReadonlyArray<Problem>;
}

/**
 * The title rule of Docusaurus: the front matter's `title`, else the content
 * title, else a name from the file (`fallback`), with a warning saying so.
 * A blog post (`dropHeading`) loses its content title from the body: its
 * header shows the title.
 */
export function titled(data: Record<string, unknown>, tree: Root, fallback: string, display: string, dropHeading: boolean, rule: TitleRule = contentTitleHeading): Titled {
  const body = dropHeading ? withoutContentTitle(tree) : tree;
  if (data.title !== undefined) return { data, tree: body, problems: [] };
  const heading = contentTitle(tree, rule);
  if (heading !== null) return { data: { ...data, title: heading }, tree: body, problems: [] };
  return {
    data: { ...data, title: fallback },
    tree: body,
    problems: [warning('title-from-file-name', display, startOfFile,
      `Deze pagina heeft geen \`title\` in de frontmatter en begint niet met een kop \`# …\`; de titel wordt "${fallback}", naar de bestandsnaam (zoals Docusaurus doet). Geef de pagina een \`title\` of laat de tekst met een kop \`# Titel\` beginnen.`)],
  };
}

/**
 * The name Docusaurus falls back to: the file name without extension and
 * number prefix (`01-intro.md` → `intro`); for a blog post the part after
 * its date, and the folder's name for a folder post (`2024-01-02-slug/index.md` → `slug`).
 */
export function fileTitle(path: string, post: boolean): string {
  const segments = path.replace(/\.mdx?$/i, '').split('/');
  const last = segments[segments.length - 1] ?? '';
  if (!post) return numberPrefix(last).name;
  const named = last === 'index' && segments.length > 1 ? segments[segments.length - 2] ?? last : last;
  return named.replace(/^\d{4}-\d{1,2}-\d{1,2}-/, '').replace(/^\d{1,2}-/, '') || named;
}
