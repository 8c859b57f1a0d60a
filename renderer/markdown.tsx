/**
 * A page body: hast → elements → HTML, through hast-util-to-jsx-runtime and
 * one components map for every page. The map holds the renderer's own
 * takeovers (links, headings, code blocks, admonitions, embeds, diagrams,
 * tables: renderer/body/components.ts) and the components MDX content names
 * (Tabs, DocCardList, a site's own), all given by the theme
 * (`BodyTheme.components`). The JSX runtime is the renderer's own
 * (renderer/body/jsx-runtime.ts): intrinsic elements are written straight to
 * HTML with React's rules, and React renders only the React components, in
 * the page's own render. Nothing rewrites HTML after it is written.
 */
import { preload } from 'react-dom';
import { renderToStaticMarkup } from 'react-dom/server';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { ComponentType } from 'react';
import type { Root } from 'hast';
import type { PageContext, WrittenBodies } from './context.ts';
import { Fragment, jsx, jsxs, type BodyComponent, type BodyNode } from './body/jsx-runtime.ts';
import { containsReact, reactBody, writeBody, type ImagePreload } from './body/write.ts';
import { createEvaluater, lookupIn } from './body/evaluater.ts';
import { withCodeStyles } from './body/code-styles.ts';
import type { TakeoverPage, TakeoverTheme } from './body/components.ts';
import { feedComponents, type FeedPage } from './body/feed.ts';

export { codeColours, isExternal, type ThemeMarkup } from './body/components.ts';
export type { ImagePreload } from './body/write.ts';
export type { FeedPage } from './body/feed.ts';

/** One components map: the renderer's takeovers (body components) and React components, by element or component name. */
export type BodyComponents = Readonly<Record<string, BodyComponent | ComponentType<any>>>;

/** What the components of a body know of its page. */
export interface BodyPage extends TakeoverPage {
  /** The page being rendered (its route, the site, the render memo); absent where a body is rendered on its own, as in tests. */
  readonly context?: PageContext | undefined;
}

/** The theme's part of every body: its words and icons, and the components map of a page. */
export interface BodyTheme extends TakeoverTheme {
  /**
   * Every component a body on this page may use: the renderer's takeovers
   * (`takeovers` in renderer/body/components.ts) and the components MDX
   * content names (`Tabs`, `TabItem`, `DocCardList`, `DocCard`, `Site$…`).
   * An `Unknown$…` name the map does not answer renders its children in a
   * plain `div` (a `span` in running text).
   */
  readonly components: (page: BodyPage) => BodyComponents;
  /**
   * The components map of a post's body in the blog feeds: the feed's
   * takeovers (`feedTakeovers` in renderer/body/feed.ts) and the components
   * MDX content names, as on the page.
   */
  readonly feedComponents: (page: FeedPage) => BodyComponents;
  /** Bodies written before, by this build or an earlier one; left out: every body is written. */
  readonly written?: WrittenBodies | undefined;
}

export interface MarkdownOptions extends TakeoverPage {
  readonly bodyTheme: BodyTheme;
  readonly context?: PageContext | undefined;
}

/** A body's `<div className="markdown">`, empty without a tree. */
export function Markdown({ tree, ...options }: MarkdownOptions & { tree: Root | null | undefined }) {
  if (!tree) return <div className="markdown" />;
  const { written } = options.bodyTheme;
  const variant = written ? JSON.stringify([options.siteHosts, options.docCards ? 1 : 0]) : '';
  const found = written?.find(tree, variant);
  if (found) {
    preloadImages(found.preloads);
    return <div className="markdown" dangerouslySetInnerHTML={{ __html: found.html }} />;
  }
  const preloads: ImagePreload[] = [];
  // The cards show other pages (their titles and descriptions): a body that places them is not kept.
  let cardsShown = false;
  const { docCards } = options;
  const body = bodyElements(tree, docCards ? { ...options, docCards: () => ((cardsShown = true), docCards()) } : options);
  if (!containsReact(body)) {
    const html = writeBody(body, preloads);
    if (written && !cardsShown) written.keep(tree, variant, { html, preloads });
    preloadImages(preloads);
    return <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
  }
  const children = reactBody(body, preloads);
  preloadImages(preloads);
  return <div className="markdown">{children}</div>;
}

/** What React does for an <img> it renders itself: the page's first images start loading from the head. */
function preloadImages(preloads: ReadonlyArray<ImagePreload>): void {
  for (const image of preloads) preload(image.src, { as: 'image', ...(image.fetchPriority ? { fetchPriority: image.fetchPriority } : {}) });
}

/** The body as the renderer's elements, every element through the page's components map. */
export function bodyElements(tree: Root, options: MarkdownOptions): BodyNode {
  const components = options.bodyTheme.components({ siteHosts: options.siteHosts, docCards: options.docCards, context: options.context });
  // Whitespace between table rows and cells is dropped and a cell's `align` becomes `text-align`, as React needs.
  return elementsOf(tree, components, { tableCellAlignToStyle: true });
}

/** A tree through a components map: the one way from hast to the renderer's elements. */
function elementsOf(tree: Root, components: BodyComponents, options: { readonly tableCellAlignToStyle: boolean }): BodyNode {
  return toJsxRuntime(withCodeStyles(tree), {
    Fragment,
    jsx,
    jsxs,
    // hast-util-to-jsx-runtime's types name React's components; the runtime above takes the body's own as well.
    components: components as Record<string, ComponentType<any>>,
    createEvaluater: createEvaluater(lookupIn(components)),
    // The renderer's takeovers read the element's hast node (a heading's text); React components never get it.
    passNode: true,
    passKeys: false,
    tableCellAlignToStyle: options.tableCellAlignToStyle,
  }) as unknown as BodyNode;
}

/**
 * A post's body as HTML for the blog feeds: the same tree, runtime and
 * writer as its page, through the feed's components map (plain HTML,
 * absolute URLs). A cell keeps its `align`: a feed reader drops styles.
 * A body with a React component in it (Tabs, a site's own) is rendered by
 * React, as on the page.
 */
export function feedBodyHtml(tree: Root, bodyTheme: BodyTheme, page: FeedPage): string {
  const body = elementsOf(tree, feedComponents(bodyTheme.feedComponents(page), page), { tableCellAlignToStyle: false });
  return containsReact(body) ? renderToStaticMarkup(<>{reactBody(body)}</>) : writeBody(body);
}

/** A body that holds no React component as HTML, with the images React would have preloaded. */
export function bodyHtml(tree: Root, options: MarkdownOptions): { html: string; preloads: ImagePreload[] } {
  const preloads: ImagePreload[] = [];
  return { html: writeBody(bodyElements(tree, options), preloads), preloads };
}
