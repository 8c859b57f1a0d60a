/**
 * MDX's JSX nodes in mdast → hast (remark-rehype handlers). The MDX job
 * (./mdx-elements.ts) has left two kinds: HTML elements (`data.hName`, their
 * properties checked), which become ordinary hast elements, and components,
 * which pass through as `mdxJsxFlowElement`/`mdxJsxTextElement` with their
 * canonical name and static attributes for the renderer, children in hast.
 */
import type { Element, ElementContent, Properties } from 'hast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { MdxJsxFlowElementHast, MdxJsxTextElementHast } from 'mdast-util-mdx-jsx';
import type { Handler, State } from 'mdast-util-to-hast';

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

function jsxElement(state: State, node: JsxElement): Element | MdxJsxFlowElementHast | MdxJsxTextElementHast {
  const children = state.all(node) as ElementContent[];
  const tagName = node.data?.hName;
  if (tagName) {
    const properties = (node.data?.hProperties ?? {}) as Properties;
    return { type: 'element', tagName, properties: { ...properties }, children };
  }
  const attributes = node.attributes.map((attribute) => ({ ...attribute }));
  // Its place in the source: a site component that throws while the page renders is reported there.
  const position = node.position ? { position: node.position } : {};
  return node.type === 'mdxJsxFlowElement'
    ? { type: 'mdxJsxFlowElement', name: node.name, attributes, children, ...position } as MdxJsxFlowElementHast
    : { type: 'mdxJsxTextElement', name: node.name, attributes, children, ...position } as MdxJsxTextElementHast;
}

export const mdxToHast: Readonly<Record<string, Handler>> = {
  mdxJsxFlowElement: jsxElement as unknown as Handler,
  mdxJsxTextElement: jsxElement as unknown as Handler,
};
