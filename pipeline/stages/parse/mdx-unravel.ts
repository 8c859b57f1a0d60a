/**
 * MDX's own unravelling: a paragraph that holds nothing but JSX elements and
 * expressions (and white space between them) is not a paragraph, so its
 * children take its place as flow content, as the MDX compiler does after
 * parsing. `<summary>Meer **lezen**</summary>` on its own line inside
 * `<details>` is then the details' summary, and `<figure>…</figure>` on one
 * line is no figure inside a `<p>` (which HTML does not allow).
 */
import type { Nodes, Paragraph, Root, RootContent } from 'mdast';

/** The flow form of a paragraph's child, or null when it is white space (dropped) or not JSX (no unravelling). */
function flowForm(child: Paragraph['children'][number]): RootContent | 'space' | null {
  if (child.type === 'mdxJsxTextElement') return { ...child, type: 'mdxJsxFlowElement' } as unknown as RootContent;
  if (child.type === 'mdxTextExpression') return { ...child, type: 'mdxFlowExpression' } as unknown as RootContent;
  if (child.type === 'text' && child.value.trim() === '') return 'space';
  return null;
}

/** The children that take the paragraph's place, or null when it stays a paragraph. */
function unravelled(paragraph: Paragraph): RootContent[] | null {
  const out: RootContent[] = [];
  for (const child of paragraph.children) {
    const form = flowForm(child);
    if (form === null) return null;
    if (form !== 'space') out.push(form);
  }
  return out.length ? out : null;
}

/** Unravels every such paragraph of the tree, in place. */
export function unravelJsxParagraphs(tree: Root): void {
  const walk = (node: Nodes): void => {
    if (!('children' in node)) return;
    const children = node.children as RootContent[];
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      const flow = child.type === 'paragraph' ? unravelled(child) : null;
      if (flow) {
        children.splice(i, 1, ...flow);
        i += flow.length - 1;
        // The new flow elements hold the paragraph's phrasing: nothing more to unravel inside.
        continue;
      }
      walk(child);
    }
  };
  walk(tree);
}
