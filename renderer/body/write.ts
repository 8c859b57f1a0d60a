/**
 * A body's elements (jsx-runtime.ts) → HTML, the way React's server renderer
 * would write them (html.ts), or → React nodes where a React component sits
 * in the body.
 *
 * Most bodies hold no React component: the whole body is written here, and
 * the page places the string. A body that holds one (Tabs, a site's own
 * component) becomes a React tree: its React components stay React elements
 * in the page's own render (so React's context, ids and image preloads work
 * as anywhere in the page), and every part without one is still written
 * here, as the inner HTML of its element.
 */
import { createElement, Fragment as ReactFragment, type ReactNode } from 'react';
import { BodyElement, Fragment, TrustedHtml, isBodyComponent, type BodyNode, type BodyProps } from './jsx-runtime.ts';
import { escapeHtml as text, eventAttribute, startTag, unsafeUrlValue, voidElements, writableElement } from './html.ts';

/** An image of the body that loads at once (not `loading="lazy"`): React preloads it from the page's head. */
export interface ImagePreload {
  readonly src: string;
  readonly fetchPriority: 'high' | 'auto' | null;
}

interface Scope {
  /** Inside `<picture>` or `<noscript>`, where React preloads no image. */
  readonly inPicture: boolean;
  /** The images to preload, in the order the body has them. */
  readonly preloads: ImagePreload[];
}

const childScope = (tag: string, scope: Scope): Scope => (!scope.inPicture && (tag === 'picture' || tag === 'noscript') ? { ...scope, inPicture: true } : scope);

/** A body as HTML, with the images React would preload for it. */
export function writeBody(node: BodyNode, preloads: ImagePreload[] = []): string {
  return write(node, { inPicture: false, preloads });
}

function write(node: BodyNode, scope: Scope): string {
  if (node == null || typeof node === 'boolean') return '';
  if (typeof node === 'string') return text(node);
  if (typeof node === 'number' || typeof node === 'bigint') return String(node);
  if (node instanceof TrustedHtml) return node.html;
  if (node instanceof BodyElement) return writeElement(node, scope);
  if (Array.isArray(node)) {
    let out = '';
    for (const child of node as ReadonlyArray<BodyNode>) out += write(child, scope);
    return out;
  }
  throw new TypeError(`Onbekend deel van een pagina-inhoud: ${Object.prototype.toString.call(node)}`);
}

function writeElement(element: BodyElement, scope: Scope): string {
  const { type, props } = element;
  if (typeof type === 'string') return writeIntrinsic(type, props, scope);
  if (type === Fragment) return write(props.children, scope);
  if (isBodyComponent(type)) return write(type(props), scope);
  // A React component is only reached through `reactBody`, which `containsReact` sends such a body to.
  throw new TypeError('Een React-component in een pagina-inhoud die zonder React geschreven wordt');
}

function writeIntrinsic(tag: string, props: BodyProps, scope: Scope): string {
  if (!writableElement(tag)) return '';
  const start = startTag(tag, props);
  if (voidElements.has(tag)) {
    if (tag === 'img') preloadOf(props, scope);
    return start + '/>';
  }
  return start + '>' + inner(tag, props, childScope(tag, scope)) + '</' + tag + '>';
}

/**
 * What goes between an element's tags: its children, with React's extra line
 * ending in `<pre>`. A `dangerouslySetInnerHTML` prop is never written: HTML
 * the renderer made itself comes as `TrustedHtml`, and a prop can come from
 * content.
 */
function inner(tag: string, props: BodyProps, scope: Scope): string {
  const { children } = props;
  // The HTML parser drops one line ending right after `<pre>`: React writes one more so the text keeps its own.
  const newline = (tag === 'pre' || tag === 'listing') && typeof children === 'string' && children[0] === '\n' ? '\n' : '';
  return newline + write(children, scope);
}

/** React's rule for preloading an `<img>` it writes: not lazy, not low priority, not in a `<picture>`, not a `data:` URL. */
function preloadOf(props: BodyProps, scope: Scope): void {
  const { src, loading, fetchPriority } = props as { src?: unknown; loading?: unknown; fetchPriority?: unknown };
  if (typeof src !== 'string' || !src || loading === 'lazy' || fetchPriority === 'low' || scope.inPicture || /^data:/i.test(src)) return;
  scope.preloads.push({ src, fetchPriority: fetchPriority === 'high' || fetchPriority === 'auto' ? fetchPriority : null });
}

/** Whether a React component sits anywhere in the body (body components add none of their own). */
export function containsReact(node: BodyNode, seen: Map<BodyElement, boolean> = new Map()): boolean {
  if (node == null || typeof node !== 'object' || node instanceof TrustedHtml) return false;
  if (Array.isArray(node)) return (node as ReadonlyArray<BodyNode>).some((child) => containsReact(child, seen));
  const element = node as BodyElement;
  const known = seen.get(element);
  if (known !== undefined) return known;
  const { type } = element;
  const result = typeof type === 'function' && !isBodyComponent(type) ? true : containsReact(element.props.children, seen);
  seen.set(element, result);
  return result;
}

/** The props React may write: none of those the body writer refuses for safety (events, script URLs). */
function safeProps(props: BodyProps): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name in props) {
    if (name === 'children' || name === 'node' || name === 'dangerouslySetInnerHTML' || !Object.hasOwn(props, name)) continue;
    if (eventAttribute(name) || unsafeUrlValue(name, props[name])) continue;
    out[name] = props[name];
  }
  return out;
}

/**
 * A body with React components in it as React nodes. Every element without a
 * React component below it is written here and handed to React as the inner
 * HTML of that element; elements with one become React elements.
 */
export function reactBody(node: BodyNode, preloads: ImagePreload[] = []): ReactNode {
  return toReact(node, { inPicture: false, preloads }, new Map());
}

function toReact(node: BodyNode, scope: Scope, seen: Map<BodyElement, boolean>): ReactNode {
  if (node == null || typeof node === 'boolean' || typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') return node;
  if (node instanceof TrustedHtml) return node.element;
  const many = (children: BodyNode, inner: Scope): ReactNode[] =>
    (Array.isArray(children) ? (children as ReadonlyArray<BodyNode>) : [children]).map((child) => toReact(child, inner, seen));
  if (Array.isArray(node)) return createElement(ReactFragment, null, ...many(node, scope));
  const { type, props } = node as BodyElement;
  if (type === Fragment) return createElement(ReactFragment, null, ...many(props.children, scope));
  if (isBodyComponent(type)) return toReact(type(props), scope, seen);
  if (typeof type !== 'string') {
    // A React component: its own props, the body's children as React nodes. `node` is for the body's own components.
    const { node: _node, children, ...rest } = props;
    return createElement(type, rest, ...(children === undefined ? [] : many(children, scope)));
  }
  if (!writableElement(type)) return null;
  const inner = childScope(type, scope);
  if (voidElements.has(type)) return createElement(type, safeProps(props));
  if (!containsReact(node, seen)) {
    const html = innerHtml(props, inner);
    // React adds a line ending to a `<pre>`'s inner HTML that starts with one; only string children ask for it.
    if (!((type === 'pre' || type === 'listing') && html[0] === '\n' && typeof props.children !== 'string')) {
      return createElement(type, { ...safeProps(props), dangerouslySetInnerHTML: { __html: html } });
    }
  }
  return createElement(type, safeProps(props), ...many(props.children, inner));
}

/** What goes between an element's tags, as the body writer writes it (without React's `<pre>` line ending: React adds that itself). */
function innerHtml(props: BodyProps, scope: Scope): string {
  return write(props.children, scope);
}
