/**
 * The `style` of every element in a code block as the object React takes,
 * parsed once per distinct string instead of once per element.
 *
 * hast-util-to-jsx-runtime parses each `style` string into an object
 * (style-to-object) and takes an object as it is. shiki gives every token
 * its colour as a string, and a site's code has a few dozen distinct ones
 * among tens of thousands of tokens: the parse took about a quarter of a
 * body's time. The object comes from the library itself, from a lone `span`
 * with that style, so the props are the ones it would have made. Each
 * element gets a copy of its own (a component may change its props).
 * The tree is not changed: the path down to a code block is copied.
 */
import type { Element, Root, RootContent } from 'hast';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';

type Style = Readonly<Record<string, string>>;

/** Parsed styles by string; null: the library refuses it (then the body's own parse throws as before). */
const parsed = new Map<string, Style | null>();
/** A bound on `parsed`: in the dev server the content can bring any number of styles. */
const most = 10_000;

/** `style` as hast-util-to-jsx-runtime makes it an object for an element, with the options the body uses. */
function parsedStyle(style: string): Style | null {
  const known = parsed.get(style);
  if (known !== undefined) return known;
  let result: Style | null = null;
  const take = (type: unknown, props: Record<string, unknown>): null => {
    if (type === 'span') result = (props['style'] as Style | undefined) ?? null;
    return null;
  };
  try {
    toJsxRuntime({ type: 'root', children: [{ type: 'element', tagName: 'span', properties: { style }, children: [] }] }, { Fragment: null, jsx: take, jsxs: take });
  } catch {
    result = null;
  }
  if (parsed.size >= most) parsed.clear();
  parsed.set(style, result);
  return result;
}

/** Elements whose style comes as written: a code block and its tokens (never a table cell, whose style the library adds to). */
const styled = (node: Element, inCode: boolean): boolean => node.tagName === 'pre' || (inCode && node.tagName === 'span');

function withStyle<T extends Root | RootContent>(node: T, inCode: boolean): T {
  if (!('children' in node)) return node;
  const code = inCode || (node.type === 'element' && node.tagName === 'pre');
  let children: RootContent[] | null = null;
  for (let i = 0; i < node.children.length; i++) {
    const child = node.children[i] as RootContent;
    const done = withStyle(child, code);
    if (done !== child) (children ??= [...node.children])[i] = done;
  }
  let properties: Element['properties'] | null = null;
  if (node.type === 'element' && styled(node, inCode) && typeof node.properties.style === 'string') {
    const style = parsedStyle(node.properties.style);
    if (style) properties = { ...node.properties, style: { ...style } as unknown as string };
  }
  if (!children && !properties) return node;
  return { ...node, ...(children ? { children } : {}), ...(properties ? { properties } : {}) } as T;
}

/** `tree` with the styles of its code blocks as objects; the same tree when it has none. */
export const withCodeStyles = (tree: Root): Root => withStyle(tree, false);
