/**
 * The content title of a Markdown tree: a `# heading` that opens the body
 * (only `import` lines may come before it), as Docusaurus reads it. Validate
 * takes a page's title from it (validate/title-from-heading.ts); the theme
 * draws no title header of its own when the body has one. Here, below the
 * stages, because parse summarizes each tree with these too
 * (parse/tree-summary.ts).
 */
import type { Heading, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { storedTree, summaryOf } from './stored-tree.ts';

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
  const known = rule === contentTitleHeading ? summaryOf(tree)?.title : rule === wrappedTitleHeading ? summaryOf(tree)?.wrappedTitle : undefined;
  if (known !== undefined) return known;
  const heading = rule(tree);
  if (!heading) return null;
  const text = toString(heading).replace(/\s*\{#[^{}]*\}\s*$/, '').replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
}

/**
 * The tree without its content title: a blog post shows its title in its own
 * header. A stored tree gives a stored tree (pipeline/stages/shared/stored-tree.ts):
 * dropping a heading keeps its code blocks, truncation marker and imports.
 */
export function withoutContentTitle(tree: Root): Root {
  const summary = summaryOf(tree);
  if (summary?.opensWithTitle === false) return tree;
  if (summary?.opensWithTitle) return storedTree(() => withoutContentTitle({ ...tree }), { title: summary.titleBelowTitle, truncated: summary.truncated, code: summary.code, imports: summary.imports });
  const heading = contentTitleHeading(tree);
  return heading ? { ...tree, children: tree.children.filter((node) => node !== heading) } : tree;
}
