/**
 * The default imports of an MDX tree's top-level `import` lines: what the
 * markdown stage needs to find the partials a page places
 * (stages/markdown/partials.ts). Here, below the stages, because parse keeps
 * them in each tree's summary (parse/tree-summary.ts).
 */
import type { Program } from 'estree';
import type { Root } from 'mdast';
import { placeOf, type Place } from '../../problem.ts';
import type { DefaultImport } from '../../types.ts';
import { summaryOf } from './stored-tree.ts';

/** Each `import Name from 'source'` in the tree's top-level ESM, in order (of a stored tree, from its summary). */
export function defaultImports(tree: Root): ReadonlyArray<DefaultImport> {
  const known = summaryOf(tree)?.imports;
  if (known) return known;
  const found: DefaultImport[] = [];
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const statement of (node.data?.estree as Program | undefined)?.body ?? []) {
      if (statement.type !== 'ImportDeclaration') continue;
      const specifier = statement.specifiers.find((s) => s.type === 'ImportDefaultSpecifier');
      if (!specifier) continue;
      const place: Place = statement.loc ? { line: statement.loc.start.line, column: statement.loc.start.column + 1 } : placeOf(node);
      found.push({ source: String(statement.source.value), local: specifier.local.name, place });
    }
  }
  return found;
}
