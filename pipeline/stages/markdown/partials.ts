/**
 * MDX partials, as Docusaurus has them: a Markdown file with a `_` in its
 * path is no page, but another page imports it (`import Stap from
 * './_stap.md'`) and places it as a component (`<Stap naam="…" />`). The
 * markdown stage puts the partial's tree in the element's place; this module
 * finds which imports name a partial, which partials a page uses (for its
 * cache key), and fills in the static props the partial reads as
 * `{props.naam}`. The partial keeps its own file: its problems and the
 * files its links name are its own, as in Docusaurus, which compiles a
 * partial as a module of its own.
 */
import { posix } from 'node:path';
import type { Program } from 'estree';
import type { Root, RootContent } from 'mdast';
import type { MdxJsxAttribute } from 'mdast-util-mdx-jsx';
import type { Place } from '../../problem.ts';
import { soleExpression, valueProgram, type StaticValue } from '../../safety/static-value.ts';
import type { Partial, Partials } from '../../types.ts';
import { defaultImports } from '../shared/default-imports.ts';

/** An import of a partial: which one, and where the import is written. */
export interface PartialImport {
  readonly path: string;
  readonly place: Place;
}

/**
 * The partial a module path names from the file at `from`, or null: `@site/…`
 * is under the content root, `./…` and `../…` beside the file; as webpack
 * resolves Docusaurus' imports, the extension may be left out.
 */
export function partialPath(from: string, source: string, partials: { has(path: string): boolean }): string | null {
  const base = source.startsWith('@site/') ? posix.normalize(source.slice('@site/'.length))
    : source.startsWith('./') || source.startsWith('../') ? posix.normalize(posix.join(posix.dirname(from), source)) : null;
  if (base === null || base.startsWith('../')) return null;
  return [base, `${base}.mdx`, `${base}.md`].find((candidate) => partials.has(candidate)) ?? null;
}

/** The partials a tree's top-level imports bind, by local name. */
export function partialImports(tree: Root, from: string, partials: { has(path: string): boolean }): Map<string, PartialImport> {
  const found = new Map<string, PartialImport>();
  for (const { source, local, place } of defaultImports(tree)) {
    const path = partialPath(from, source, partials);
    if (path) found.set(local, { path, place });
  }
  return found;
}

/** Every partial a page uses, directly or through another partial, in a stable order: what its result depends on. */
export function partialsUsed(tree: Root, from: string, partials: Partials): Partial[] {
  const seen = new Map<string, Partial>();
  const visit = (t: Root, path: string): void => {
    for (const { path: used } of partialImports(t, path, partials).values()) {
      const partial = partials.get(used);
      if (!partial || seen.has(used)) continue;
      seen.set(used, partial);
      visit(partial.tree, used);
    }
  };
  visit(tree, from);
  return [...seen.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The prop `{props.x}` reads, or null when the expression is anything else. */
function propRead(program: Program | undefined): string | null {
  const expression = soleExpression(program);
  return expression?.type === 'MemberExpression' && !expression.computed && !expression.optional
    && expression.object.type === 'Identifier' && expression.object.name === 'props' && expression.property.type === 'Identifier'
    ? expression.property.name : null;
}

/** A static value as text in the page, as React writes it: nothing for null, booleans and a prop left out. */
const asText = (value: StaticValue | undefined): string | null =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : value === undefined || value === null || typeof value === 'boolean' ? '' : null;

/**
 * The partial's tree (a copy the caller owns) with every `{props.x}` filled
 * in from the use's static props: as text where it stands in the text, as the
 * value where it is an attribute. A prop the use leaves out gives nothing,
 * as in React. Any other expression stays, for the MDX rules to refuse.
 */
export function withProps(tree: Root, props: ReadonlyMap<string, StaticValue>): Root {
  const fill = (parent: { children: RootContent[] }): void => {
    const children = parent.children;
    for (let i = 0; i < children.length; i++) {
      const node = children[i]!;
      if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
        const prop = propRead(node.data?.estree as Program | undefined);
        const text = prop === null ? null : asText(props.get(prop));
        if (text === null) continue;
        const made: RootContent = node.type === 'mdxTextExpression'
          ? { type: 'text', value: text, position: node.position }
          : { type: 'paragraph', children: [{ type: 'text', value: text, position: node.position }], position: node.position };
        if (text === '') { children.splice(i, 1); i--; } else children[i] = made;
        continue;
      }
      if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        node.attributes = node.attributes.flatMap((attribute): MdxJsxAttribute[] | typeof node.attributes => {
          if (attribute.type !== 'mdxJsxAttribute' || typeof attribute.value !== 'object' || attribute.value === null) return [attribute];
          const prop = propRead(attribute.value.data?.estree as Program | undefined);
          if (prop === null) return [attribute];
          const value = props.get(prop);
          if (value === undefined || value === null || value === false) return [];
          if (value === true) return [{ ...attribute, value: null }];
          if (typeof value === 'string') return [{ ...attribute, value }];
          return [{ ...attribute, value: { type: 'mdxJsxAttributeValueExpression', value: JSON.stringify(value), data: { estree: valueProgram(value) as never } } }];
        });
      }
      if ('children' in node) fill(node as { children: RootContent[] });
    }
  };
  fill(tree);
  return tree;
}
