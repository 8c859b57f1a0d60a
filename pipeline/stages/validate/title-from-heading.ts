/**
 * The content title: a `# heading` that opens the body (only `import` lines
 * may come before it), as Docusaurus reads it. Without a `title` in the
 * front matter it is the page's title; either way it is the page's h1 in the
 * body, so the theme then draws no title header of its own.
 */
import type { Heading, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { startOfFile, warning, type Problem } from '../../problem.ts';
import { numberPrefix } from '../shared/number-prefix.ts';

/** MDX `import`/`export` lines that may precede the title (their node type, when the parser made one). */
const beforeTitle = (node: RootContent): boolean => (node.type as string) === 'mdxjsEsm';

/** The heading that opens the body, when it is a level 1 heading (ATX or setext). */
export function contentTitleHeading(tree: Root): Heading | null {
  const first = tree.children.find((node) => !beforeTitle(node));
  return first?.type === 'heading' && first.depth === 1 ? first : null;
}

/**
 * The title heading of a page in a pages folder, found as Docusaurus' MDX
 * loader finds it: the first heading or thematic break in document order,
 * inside wrapping HTML or JSX elements too (`<div className="markdown">` with
 * `# Contact` in it), when that is a level 1 heading.
 */
export function wrappedTitleHeading(tree: Root): Heading | null {
  const first = (nodes: ReadonlyArray<RootContent>): RootContent | null => {
    for (const node of nodes) {
      if (node.type === 'heading' || node.type === 'thematicBreak') return node;
      const inner = 'children' in node ? first(node.children as RootContent[]) : null;
      if (inner) return inner;
    }
    return null;
  };
  const found = first(tree.children);
  return found?.type === 'heading' && found.depth === 1 ? found : null;
}

/** Which heading is a file's content title: the one that opens the body, or (pages) the first, also when wrapped. */
export type TitleRule = (tree: Root) => Heading | null;

/** The text of that heading: plain text, without a custom id (`{#id}`); null when there is none or it is empty. */
export function contentTitle(tree: Root, rule: TitleRule = contentTitleHeading): string | null {
  const heading = rule(tree);
  if (!heading) return null;
  const text = toString(heading).replace(/\s*\{#[^{}]*\}\s*$/, '').replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
}

/** The tree without its content title: a blog post shows its title in its own header. */
export function withoutContentTitle(tree: Root): Root {
  const heading = contentTitleHeading(tree);
  return heading ? { ...tree, children: tree.children.filter((node) => node !== heading) } : tree;
}

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
