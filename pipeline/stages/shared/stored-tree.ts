/**
 * A Markdown tree from the build cache, read only when a stage looks into it.
 *
 * A warm build asks the tree store for every body, but few of its stages
 * look into an unchanged file's tree: its markdown, search sections and page
 * come from the cache by key. What validate, resolve and the markdown jobs
 * ask of every tree (its content title, truncation marker, code blocks and
 * imports) is kept beside it as a summary (`tree-summaries.json`), and
 * answered from there. Parsing each tree from `trees.json` cost a warm build of our site
 * 30 to 40 ms, and made a large site's warm build hold every tree as objects.
 *
 * The root stands for the tree from the start: its identity is a key for the
 * code index and the body store. Its fields read the tree the first time any
 * of them is read, and are then plain fields. All three are enumerable until
 * then: a spread or `JSON.stringify` lists the keys first and then reads
 * them, so it still copies each field the tree has (one it has not is gone
 * by the time it is read, and skipped).
 */
import type { Root } from 'mdast';
import type { TreeSummary } from '../../types.ts';

const summaries = new WeakMap<Root, TreeSummary>();

/** Root's own fields besides `type`: reading one of them reads the tree. */
const fields = ['children', 'position', 'data'] as const;

/** A root that reads its tree with `read` when one of its fields is first read, and answers `summary` until then. */
export function storedTree(read: () => Root, summary: TreeSummary): Root {
  const root = { type: 'root' } as Root;
  const fill = (): void => {
    const tree = read();
    for (const field of fields) delete (root as unknown as Record<string, unknown>)[field];
    root.children = tree.children;
    if (tree.position !== undefined) root.position = tree.position;
    if (tree.data !== undefined) root.data = tree.data;
  };
  for (const field of fields) {
    Object.defineProperty(root, field, {
      configurable: true,
      enumerable: true,
      get() {
        fill();
        return root[field];
      },
      set(value: unknown) {
        fill();
        (root as unknown as Record<string, unknown>)[field] = value;
      },
    });
  }
  summaries.set(root, summary);
  return root;
}

/** What is known of `tree` without reading it: the summary of a stored tree, nothing for any other. */
export const summaryOf = (tree: Root): TreeSummary | undefined => summaries.get(tree);
