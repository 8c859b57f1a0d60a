/**
 * What an island chunk calls to come alive: React's client API (preact/compat
 * when the generator has it, see pipeline/io/island-bundle.ts) hydrates the
 * component's HTML from the build in its container, and only that subtree.
 * Every island chunk imports this module; the bundler puts it, with React,
 * in one shared chunk.
 */
import { Children, cloneElement, createElement, Fragment, isValidElement, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';

/** `node` with each `<main>` it writes itself taken out, its children in its place. */
function withoutMain(node: ReactNode): ReactNode {
  if (Array.isArray(node)) return Children.map(node, withoutMain);
  if (!isValidElement<{ children?: ReactNode }>(node) || node.props.children === undefined) return node;
  const children = withoutMain(node.props.children);
  return node.type === 'main' ? createElement(Fragment, null, children) : cloneElement(node, undefined, children);
}

/**
 * A React page as an island: the build's HTML of a page has no `<main>` (the
 * shell has the one main; the schema takes the page's out and keeps its
 * children), so the page must draw none in the browser either. The page's
 * function runs inside this one (its hooks are this component's), and the
 * `<main>` elements of what it returns, down through the children it gives
 * other components, become fragments. A class component is hydrated as it is.
 */
export function pageIsland(Page: ComponentType<any>): ComponentType<any> {
  if (typeof Page !== 'function' || (Page.prototype as { isReactComponent?: unknown } | undefined)?.isReactComponent) return Page;
  const page = Page as (props: Record<string, unknown>) => ReactNode;
  return function PageIsland(props: Record<string, unknown>) {
    return withoutMain(page(props));
  };
}

/**
 * The element children the island was given at the build, as the build
 * wrote them: static HTML in an `<op-slot>` (the island's own, not one of an
 * island inside it), given back as they are. Null: it has none.
 */
function slotOf(container: Element): ReactNode | null {
  const slot = [...container.querySelectorAll('op-slot')].find((s) => s.closest('[data-island]') === container);
  return slot ? createElement('op-slot', { style: { display: 'contents' }, dangerouslySetInnerHTML: { __html: slot.innerHTML } }) : null;
}

/** Hydrates `Component` with `props` in `container`; returns how to unmount it. */
export function hydrateIsland(container: Element, Component: ComponentType<any>, props: Record<string, unknown>, name: string): () => void {
  const built = container.textContent;
  const slot = slotOf(container);
  const root = hydrateRoot(container, createElement(Component, slot === null ? props : { ...props, children: slot }), {
    // A component that draws otherwise in the browser than at the build (a hydration mismatch):
    // React renders it anew in the browser; the console says which island.
    onRecoverableError: (error) => console.error(`Eiland ${name}: de browser tekent iets anders dan de build (hydratatieverschil).`, error),
    onUncaughtError: (error) => console.error(`Eiland ${name} faalde.`, error),
  });
  // preact/compat hydrates at once and writes its own text over the build's, without a word: a text that
  // changed during the call is the same mismatch. (React hydrates later, and says so through onRecoverableError.)
  if (container.textContent !== built) console.error(`Eiland ${name}: de browser tekent iets anders dan de build (hydratatieverschil).`);
  return () => root.unmount();
}
