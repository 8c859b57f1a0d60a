/**
 * A site component (the site's own `.tsx`, pipeline/io/site-components.ts)
 * made safe to put in a page: it rendered once, at build time, to HTML, in
 * the component box (pipeline/io/component-box.ts), and that HTML goes
 * through a sanitiser before the page gets it. Whatever the
 * component writes, no `script`, no event attribute (`onclick`), no
 * `javascript:`, `vbscript:` or `data:` URL, and no address that a browser
 * reads as another host (`/\\evil.example`), reaches the page: the site's
 * code is its own, but its output is held to the rules of content.
 *
 * The children the author gave it (the MDX body between its tags) are the
 * body's own HTML, already held to those rules: they are rendered apart and
 * put back where the component placed them, so the sanitiser never strips
 * what the theme added to them (a code block's colours, a diagram).
 */
import { createElement, Fragment, type ComponentType, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { parseFragment } from 'parse5';
import { fromParse5 } from 'hast-util-from-parse5';
import { sanitize, type Schema } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import type { ElementContent, Properties, Root } from 'hast';
import { safeHtmlSchema } from '../safety/html.ts';
import { refusedUrl } from '../safety/urls.ts';
import { placeOf, startOfFile, type Place } from '../problem.ts';
import { sanitizeSvgTree, svgMarkup, svgSchema } from '../stages/svg-sanitize.ts';
import { childrenMark } from './component-box-protocol.ts';
import type { Rendered } from './component-box.ts';
import { unserialisableProp } from './island-props.ts';

/**
 * What a site component may write: the elements and attributes of raw HTML
 * in content, and the sectioning elements, roles, inline styles (they cannot
 * run script; the CSP allows them for shiki's colours) and `data-*`
 * attributes components use.
 */
export const siteComponentSchema: Schema = {
  ...safeHtmlSchema,
  tagNames: [...(safeHtmlSchema.tagNames ?? []), 'article', 'aside', 'blockquote', 'caption', 'col', 'colgroup', 'footer', 'header', 'label', 'nav', 'section'],
  attributes: { '*': [...(safeHtmlSchema.attributes?.['*'] ?? []), 'role', 'tabIndex', 'style', 'target', 'rel', 'loading', 'decoding', 'data*'] },
  // What a script or style element holds is code, not text: it goes with the element.
  strip: ['script', 'style', 'template', 'noscript'],
  allowComments: false,
};

/**
 * What an island may write: what a component may, plus form fields (an
 * island has the script that makes them do something) and React's empty
 * comments between text nodes, which hydration needs to find each text.
 */
export const islandSchema: Schema = {
  ...siteComponentSchema,
  tagNames: [...(siteComponentSchema.tagNames ?? []), 'input', 'output', 'select', 'option', 'textarea', 'form', 'fieldset', 'legend'],
  attributes: {
    ...siteComponentSchema.attributes,
    '*': [...(siteComponentSchema.attributes?.['*'] ?? []), 'htmlFor', 'type', 'name', 'value', 'placeholder', 'autoComplete', 'disabled', 'checked', 'selected', 'readOnly', 'required', 'min', 'max', 'step', 'ariaLive', 'ariaLabel', 'ariaExpanded', 'ariaControls', 'ariaPressed', 'ariaHidden'],
  },
  allowComments: true,
  // React's ids (`useId`) must stay as they are: the browser makes the same ones.
  clobber: [],
};

/**
 * An island with children: what an island may, and the `<op-slot>` its
 * children stand in, as static HTML the browser keeps as it is
 * (theme/islands/runtime.ts).
 */
export const islandSlotSchema: Schema = { ...islandSchema, tagNames: [...(islandSchema.tagNames ?? []), 'op-slot'] };

/** What a React page may write: what a component may, and its own `h1` (the shell draws none above it). */
export const reactPageSchema: Schema = { ...siteComponentSchema, tagNames: [...(siteComponentSchema.tagNames ?? []), 'h1'] };

/** What an interactive React page may write: what an island may, and its own `h1`. */
export const islandPageSchema: Schema = { ...islandSchema, tagNames: [...(islandSchema.tagNames ?? []), 'h1'] };

/** A component that failed while rendering, at the place its element stands in the page's source. */
export class SiteComponentFailure extends Error {
  readonly code = 'site-component-failed';
  constructor(readonly place: Place, message: string) {
    super(message);
  }
}

/** hast-util-to-html writes a `raw` node's value as it is. */
const raw = (value: string): ElementContent => ({ type: 'raw', value } as unknown as ElementContent);

/** `properties` without a value that is (or holds) a script URL, and with the children's mark taken out. */
function safeProperties(properties: Properties): Properties {
  const out: Properties = {};
  for (const [name, value] of Object.entries(properties)) {
    const values = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === 'string' && refusedUrl(v))) continue;
    out[name] = Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.replaceAll(childrenMark, '') : v)) as typeof value
      : typeof value === 'string' ? value.replaceAll(childrenMark, '') : value;
  }
  return out;
}

/** The island `n` a page placed, as HTML (pipeline/io/site-components.ts makes it); `inline`: it stands in running text. */
export type IslandHtml = (n: number, inline: boolean) => string;

/** Elements whose content is running text: an island in one is a `span`. */
const phrasing = new Set(['p', 'span', 'a', 'em', 'strong', 'b', 'i', 'u', 's', 'small', 'mark', 'code', 'q', 'cite', 'abbr', 'time', 'sub', 'sup', 'label', 'button', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'dt', 'summary', 'legend', 'caption']);

/** The nodes with unsafe URLs dropped, each children's mark in text replaced by `children`, each drawing's mark by its drawing, and each island's by its element. */
function placed(nodes: ReadonlyArray<ElementContent>, children: string, drawings: ReadonlyArray<string>, islands: IslandHtml | undefined, parent: string): ElementContent[] {
  return nodes.flatMap((node): ElementContent[] => {
    if (node.type === 'element') return [{ ...node, properties: safeProperties(node.properties), children: placed(node.children, children, drawings, islands, node.tagName) }];
    if (node.type !== 'text' || !marks.test(node.value)) return [node];
    // split() with a group keeps each mark's number (or the children's mark) at the odd places.
    return node.value.split(marks).flatMap((part, i): ElementContent[] =>
      (i % 2 === 0 ? (part ? [{ type: 'text', value: part } as const] : [])
        : [raw(part === 'children' ? children : part.startsWith('island-') ? islands?.(Number(part.slice('island-'.length)), phrasing.has(parent)) ?? '' : drawings[Number(part.slice('svg-'.length))] ?? '')]));
  });
}

/** Stands for an inline drawing while the HTML schema runs; private-use characters no text has, as the children's mark. */
const drawingMark = (n: number): string => `\uE000op-svg-${n}\uE001`;

/** The children's mark (`childrenMark`) or a drawing's: `split` keeps `children` or `svg-N` at the odd places. */
const marks = /\uE000op-(children|svg-\d+|island-\d+)\uE001/u;

/** Ids an inline drawing keeps: with a `-` or `_` no script can read them as a global name. */
const inlineIds = /^[A-Za-z][\w.:]*[-_][\w.:-]*$/;

/**
 * Each `<svg>` in `tree` held to the SVG schema (pipeline/stages/svg-sanitize.ts),
 * the schema every drawing on the site keeps, and set aside: the HTML schema
 * knows no drawing elements. A text mark keeps its place.
 */
function drawingsApart(tree: Root): string[] {
  const drawings: string[] = [];
  const walk = (nodes: Root['children'] | ElementContent[]): void => {
    nodes.forEach((node, i) => {
      if (node.type !== 'element') return;
      if (node.tagName === 'svg') {
        drawings.push(svgMarkup(sanitizeSvgTree({ type: 'root', children: [node] }, svgSchema({ ids: inlineIds }))));
        nodes[i] = { type: 'text', value: drawingMark(drawings.length - 1) };
        return;
      }
      walk(node.children);
    });
  };
  walk(tree.children);
  return drawings;
}

/**
 * A component's HTML held to `siteComponentSchema` (its drawings to the SVG
 * schema), with `children` (trusted HTML) where it put them, and the
 * islands a page placed (`islands`, already held to their own schema) at
 * their marks.
 */
export function sanitizedHtml(html: string, children: string, schema: Schema = siteComponentSchema, islands?: IslandHtml): string {
  const parsed = fromParse5(parseFragment(html)) as Root;
  const drawings = drawingsApart(parsed);
  const tree = sanitize(parsed, schema) as Root;
  return toHtml({ type: 'root', children: placed(tree.children as ElementContent[], children, drawings, islands, '') }, { allowDangerousHtml: true });
}

/** Where the element stands, as the theme's adapter (theme/mdx/body.ts) tells it; never passed on to the component. */
export interface Placed {
  /** Its place in the page's source, for the problem when it throws. */
  readonly place?: Place;
  /** It stands in running text: a `span`, not a `div`. */
  readonly inline?: boolean;
  /** The element's hast node, when a renderer passes it instead. */
  readonly node?: { readonly type?: string; readonly position?: { start: { line: number; column: number } } };
  readonly children?: ReactNode;
}

/**
 * The key of one render: the component, its props and whether it has
 * children. Props are data only (the markdown stage lets static values
 * through); null when they are not, and the component cannot be rendered.
 */
export function renderKey(key: string, props: Readonly<Record<string, unknown>>, children: boolean): string | null {
  const plain = (value: unknown): boolean =>
    value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))
    || (Array.isArray(value) && value.every(plain))
    || (typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value)) && Object.values(value as object).every(plain));
  return plain(props) ? JSON.stringify([key, props, children]) : null;
}

/**
 * The component named `key` (`Kaart`) as the page renders it: the HTML the
 * box made for its props (`rendered`, by `renderKey`), sanitised, in a `div`
 * (a `span` in running text) named for it. `file` is its source file in
 * messages. When the box could not render it, the page gets one problem at
 * the element, naming the component.
 */
export function safeComponent(key: string, file: string, rendered: (renderKey: string | null) => Rendered | undefined, island?: { readonly chunk: string }): ComponentType<any> {
  function SiteComponent({ node, place, inline, children, ...props }: Placed & Record<string, unknown>) {
    const inText = inline === true || node?.type === 'mdxJsxTextElement';
    const at = (): Place => place ?? (node ? placeOf(node) : startOfFile);
    const shown = `<${key.replaceAll('$', '/')}> (${file})`;
    const hydrates = island !== undefined;
    if (hydrates) {
      const bad = unserialisableProp(props);
      if (bad) {
        throw new SiteComponentFailure(at(), `Het component ${shown} is interactief en krijgt zijn props als JSON mee naar de browser, maar de prop ${bad.prop} is ${bad.why}. Geef het alleen tekst, getallen, waar/onwaar, lijsten en gewone objecten.`);
      }
    }
    const result = rendered(renderKey(key, props, children !== undefined));
    if (!result || 'error' in result) {
      const why = !result ? 'kreeg props die geen vaste waarden zijn' : result.error;
      throw new SiteComponentFailure(at(), `Het component ${shown} ${why}. Pas het component of de props die je het geeft aan.`);
    }
    const inner = children === undefined ? '' : renderToStaticMarkup(createElement(Fragment, null, children));
    const name = key.replace(/^\$/, '');
    if (hydrates) {
      // Its chunk and props as data attributes: read by theme/islands/loader.ts, never run.
      return createElement(inText ? 'span' : 'div', {
        className: 'site-component', 'data-component': name, 'data-island': island.chunk, 'data-island-props': JSON.stringify(props),
        // Its children (the MDX between its tags) are the body's HTML, in the `<op-slot>` the browser keeps as it is.
        dangerouslySetInnerHTML: { __html: sanitizedHtml(result.html, inner, children === undefined ? islandSchema : islandSlotSchema) },
      });
    }
    return createElement(inText ? 'span' : 'div', { className: 'site-component', 'data-component': name, dangerouslySetInnerHTML: { __html: sanitizedHtml(result.html, inner) } });
  }
  SiteComponent.displayName = `Site$${key}`;
  return SiteComponent;
}
