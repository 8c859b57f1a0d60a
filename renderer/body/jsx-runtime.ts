/**
 * The JSX runtime a body is made with: the `jsx`, `jsxs` and `Fragment` that
 * hast-util-to-jsx-runtime calls for every element of a body. They make no
 * React elements: a body is thousands of elements, and React would build and
 * then walk a fibre for each. An element here is a small record of its type
 * and props; `write.ts` writes the intrinsic ones straight to HTML with
 * React's rules, calls the body's own components (`bodyComponent`) as plain
 * functions, and leaves the components that are React's (a site's own, Tabs)
 * to React.
 */
import type { ComponentType, ReactNode } from 'react';

/** The props of a body element, as hast-util-to-jsx-runtime makes them (React's names). */
export type BodyProps = Readonly<Record<string, unknown>> & { readonly children?: BodyNode };

/** A component the renderer calls itself: props in, body nodes out, no hooks. */
export interface BodyComponent<P = any> {
  (props: P): BodyNode;
  readonly [bodyComponentMark]: true;
}

const bodyComponentMark = Symbol('body component');

/** Marks a function as a body component: the renderer calls it directly, React never sees it. */
export function bodyComponent<P>(render: (props: P) => BodyNode): BodyComponent<P> {
  return Object.assign(render, { [bodyComponentMark]: true as const });
}

export const isBodyComponent = (type: unknown): type is BodyComponent =>
  typeof type === 'function' && (type as Partial<BodyComponent>)[bodyComponentMark] === true;

/** What may stand for an element's type: a tag name, the fragment, or a component of either kind. */
export type BodyType = string | typeof Fragment | BodyComponent | ComponentType<any>;

/** One element of a body. Immutable: a component that changes one makes a new one. */
export class BodyElement {
  constructor(readonly type: BodyType, readonly props: BodyProps) {}
}

/**
 * HTML the renderer itself made (an icon the theme drew with React, a
 * diagram's SVG held to the SVG schema, the page's cards): written as it is,
 * the only way HTML gets into a body unescaped. `element` is the same markup
 * as React places it, for where a React component is its sibling; without
 * one, it only ever stands alone in its element, which is then written here.
 */
export class TrustedHtml {
  constructor(readonly html: string, readonly element: ReactNode = null) {}
}

/** Anything a body holds: text, elements, trusted HTML, and lists of them. */
export type BodyNode = BodyElement | TrustedHtml | string | number | bigint | boolean | null | undefined | ReadonlyArray<BodyNode>;

/** A body's fragment: its children and nothing around them. */
export const Fragment: unique symbol = Symbol('body fragment');

/** One element; hast-util-to-jsx-runtime calls it with one child or none. Keys play no part in static HTML. */
export function jsx(type: BodyType, props: BodyProps, _key?: string): BodyElement {
  return new BodyElement(type, props);
}

/** One element with two children or more. */
export const jsxs = jsx;

/** An element with its children given one by one, for the renderer's own components. */
export function h(type: BodyType, props: Readonly<Record<string, unknown>> | null, ...children: BodyNode[]): BodyElement {
  return new BodyElement(type, children.length === 0 ? { ...props } : { ...props, children: children.length === 1 ? children[0] : children });
}
