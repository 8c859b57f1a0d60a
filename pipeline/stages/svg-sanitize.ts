/**
 * The SVG the build publishes, held to one hast-util-sanitize schema: the
 * diagrams mermaid draws (embedded in pages) and the SVG files beside the
 * content (published under /assets/). What passes draws and nothing more:
 * SVG's drawing elements; text and line breaks in `foreignObject`, `title`
 * and `desc` (no HTML, so no forms, images or buttons); no script, no event
 * handler, no `xml:base`; references only inside the document (`#id`,
 * `url(#id)`; a link may also go to a path on the site, and an `image` may
 * hold a raster image as a `data:` URL); no CSS
 * that loads anything (`@import`, `image-set`, escapes); and, for an SVG
 * embedded in a page, only ids that start with the diagram's own id, so none
 * can clobber a global of the page's scripts (a named element is a property
 * of `window`). Markup is judged as the browser parses it (parse5, the HTML
 * parser), and the kept tree is written out again by hast-util-to-html.
 */
import { parseFragment } from 'parse5';
import { fromParse5 } from 'hast-util-from-parse5';
import { sanitize, type Schema } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import { svg as svgInfo } from 'property-information';
import type { Element, ElementContent, Nodes, Root, RootContent } from 'hast';
import { scriptSchemeAtStart, scriptSchemeInText, sitePathPattern } from '../safety/urls.ts';
export type { JudgedSvgFile } from '../types.ts';
import type { JudgedSvgFile } from '../types.ts';

const filterPrimitives = [
  'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix', 'feDiffuseLighting', 'feDisplacementMap',
  'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR', 'feGaussianBlur', 'feImage', 'feMerge',
  'feMergeNode', 'feMorphology', 'feOffset', 'fePointLight', 'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence',
];

/** Elements whose content the HTML parser reads as HTML (integration points): text only there, and line breaks in `foreignObject`. */
const textOnly: ReadonlySet<string> = new Set(['foreignObject', 'title', 'desc']);

/** Animation elements: they may change any attribute but a reference. */
const animations = ['animate', 'animateMotion', 'animateTransform', 'set'];

/**
 * A value the page may hold in any attribute: no script or document address
 * at its start (the one URL rule's `unsafeUrl`: a `title` or `data-*` that
 * reads as `data:text/html,…` is refused too), nothing CSS would load from
 * elsewhere (a `url()` that is not `#id`, `@import`, `image-set`, `src()`),
 * no CSS escape that could spell those, no old script hooks, and no script
 * address anywhere in it.
 */
const safeValue = new RegExp(
  `^(?!${scriptSchemeAtStart.source.slice(1)})(?![\\s\\S]*(?:\\\\|@import|image-set|\\bsrc\\s*\\(|expression\\s*\\(|behavior\\s*:|-moz-binding|url\\s*\\(\\s*(?!\\s)(?!['"]?#)|${scriptSchemeInText.source}))`,
  'i',
);

/** A style sheet as `<style>` text: a safe value without `<` or `&` too (the serialiser writes style text unescaped). */
const safeStyleSheet = (css: string): boolean => safeValue.test(css) && !/[<&]/.test(css);

/** Properties of property-information's SVG schema that are never kept: they load, navigate, run or rebase. */
const refused: ReadonlySet<string> = new Set([
  'href', 'xLinkHref', 'id', 'attributeName', 'xmlns', 'xmlnsXLink', 'xmlBase', 'handler', 'event', 'ping', 'download', 'target',
  'rel', 'rev', 'hrefLang', 'crossOrigin', 'referrerPolicy', 'contentScriptType', 'contentStyleType', 'externalResourcesRequired',
  'xLinkActuate', 'xLinkArcRole', 'xLinkRole', 'xLinkShow', 'xLinkType', 'observer', 'resource', 'about', 'property', 'typeOf',
]);

/** Every other SVG attribute, event handlers (`on…`) left out, each with a safe value. */
const svgAttributes = Object.values(svgInfo.property)
  .map((info) => info.property)
  .filter((name) => !/^on/i.test(name) && !refused.has(name))
  .map((name): [string, RegExp] => [name, safeValue]);

/** A fragment reference: it draws a part of the same document. */
const fragment = /^#/;

/** A path on the site itself, where a link may go (the one URL rule's pattern). */
const sitePath = sitePathPattern;

/** A raster image inside the document. */
const rasterImage = /^data:image\/(?:png|jpeg|gif|webp|avif);base64,[\w+/=\s]*$/i;

export interface SvgSchemaOptions {
  /** The ids an element may keep; null keeps every id (an SVG file is a document of its own). */
  readonly ids: RegExp | null;
}

/** The schema of published SVG. */
export function svgSchema({ ids }: SvgSchemaOptions): Schema {
  return {
    tagNames: [
      'svg', 'g', 'defs', 'symbol', 'use', 'switch', 'view', 'metadata', 'title', 'desc', 'style', 'a', 'path', 'rect', 'circle',
      'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan', 'textPath', 'image', 'marker', 'clipPath', 'mask', 'pattern',
      'linearGradient', 'radialGradient', 'stop', 'filter', ...filterPrimitives, 'foreignObject', 'br', ...animations, 'mpath',
    ],
    attributes: {
      '*': [
        ...svgAttributes,
        ['href', fragment],
        ['xLinkHref', fragment],
        ['id', ids ?? safeValue],
        ['xmlns', 'http://www.w3.org/2000/svg'],
        ['xmlnsXLink', 'http://www.w3.org/1999/xlink'],
        ['data*', safeValue],
      ],
      a: [['href', fragment, sitePath], ['xLinkHref', fragment, sitePath]],
      image: [['href', fragment, rasterImage], ['xLinkHref', fragment, rasterImage]],
      ...Object.fromEntries(animations.map((name) => [name, [['attributeName', /^(?!href$)[a-z][\w-]*$/i]]])),
    },
    // A line break only where the parser reads HTML; anywhere else it would break out of the SVG.
    ancestors: { br: ['foreignObject'] },
    required: {},
    clobber: [],
    clobberPrefix: '',
    protocols: {},
    // Refused elements whose content is code or raw text go with it; any other refused element leaves its text.
    strip: ['script', 'handler', 'textarea', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext', 'template', 'object', 'embed', 'select'],
    allowComments: true,
    allowDoctypes: false,
  };
}

/** SVG markup as the browser's HTML parser reads it. */
export const parseSvg = (markup: string): Root => fromParse5(parseFragment(markup)) as Root;

/** Text and, in `foreignObject`, line breaks: what an element that may only hold text keeps of its content. */
function textContent(nodes: ReadonlyArray<ElementContent>, breaks: boolean): ElementContent[] {
  return nodes.flatMap((node): ElementContent[] => {
    if (node.type === 'text') return [node];
    if (node.type !== 'element' || node.tagName === 'style') return [];
    if (node.tagName === 'br') return breaks ? [{ ...node, children: [] }] : [];
    return textContent(node.children, breaks);
  });
}

/**
 * What the schema alone cannot say: text-only elements hold text (and line
 * breaks), a style sheet is one safe text, and the top level holds only
 * `svg` elements (anything else there would be HTML in the page).
 */
function settle(node: Element): Element | null {
  if (node.tagName === 'style') {
    const css = node.children.map((c) => (c.type === 'text' ? c.value : '<')).join('');
    return safeStyleSheet(css) ? { ...node, children: css ? [{ type: 'text', value: css }] : [] } : null;
  }
  if (textOnly.has(node.tagName)) return { ...node, children: textContent(node.children, node.tagName === 'foreignObject') };
  const children = node.children.flatMap((child): ElementContent[] => {
    if (child.type !== 'element') return [child];
    const settled = settle(child);
    return settled ? [settled] : [];
  });
  return { ...node, children };
}

/** A tree as the schema keeps it. */
export function sanitizeSvgTree(tree: Root, schema: Schema): Root {
  const clean = sanitize(tree, schema) as Root;
  const children = clean.children.flatMap((child): RootContent[] => {
    if (child.type === 'element') return child.tagName === 'svg' ? [settle(child)].filter((c): c is Element => c !== null) : [];
    return child.type === 'text' && child.value.trim() !== '' ? [] : [child];
  });
  return { type: 'root', children };
}

/** Whether two trees are the same markup (positions and data aside). */
export function sameTree(a: Nodes, b: Nodes): boolean {
  if (a.type !== b.type) return false;
  if ('value' in a || 'value' in b) return 'value' in a && 'value' in b && a.value === b.value;
  if (a.type === 'element' && b.type === 'element') {
    if (a.tagName !== b.tagName) return false;
    const keys = Object.keys(a.properties);
    if (keys.length !== Object.keys(b.properties).length) return false;
    if (!keys.every((key) => key in b.properties && JSON.stringify(a.properties[key]) === JSON.stringify(b.properties[key]))) return false;
  }
  const ac = 'children' in a ? a.children : [];
  const bc = 'children' in b ? b.children : [];
  return ac.length === bc.length && ac.every((child, i) => sameTree(child, bc[i] as Nodes));
}

/**
 * A tree as markup again, in the syntax HTML and XML share (`<br/>`,
 * `<path/>`, every value quoted and escaped): a published file is read as XML.
 */
export const svgMarkup = (tree: Root): string =>
  toHtml(dataTypeWritten(tree), { closeSelfClosing: true, tightSelfClosing: true, closeEmptyElements: true });

/**
 * The tree with `dataType` keyed by its attribute, `data-type`: the parser
 * reads both `data-type` and RDFa's `datatype` as `dataType`, and the
 * serialiser would write `datatype`, which mermaid's drawings do not mean.
 */
function dataTypeWritten<T extends Root | RootContent>(node: T): T {
  if (node.type !== 'element' && node.type !== 'root') return node;
  const children = node.children.map((child) => dataTypeWritten(child));
  if (node.type === 'root') return { ...node, children } as T;
  const { dataType, ...properties } = node.properties;
  return { ...node, properties: dataType === undefined ? properties : { ...properties, 'data-type': dataType }, children } as T;
}

/** The local name of an element or attribute, without a namespace prefix (`x:script` is a script in XML). */
const localName = (name: string): string => (name.split(':').pop() ?? name).toLowerCase();

/** An attribute's name as written, from its hast property name. */
const attributeName = (property: string): string => {
  const known = Object.values(svgInfo.property).find((info) => info.property === property);
  return known ? known.attribute : property;
};

/**
 * What in an SVG needs scripting, one reason a kind: script elements, event
 * handler attributes and script addresses (`javascript:`, `vbscript:`)
 * anywhere in a value. Judged before sanitising, on every element the
 * parser made, whatever its namespace prefix.
 */
export function svgScripting(tree: Root): string[] {
  const reasons: string[] = [];
  const visit = (node: Root | RootContent): void => {
    if (node.type === 'element') {
      const tag = localName(node.tagName);
      if (tag === 'script' || tag === 'handler') reasons.push(`een <${tag}>-element`);
      for (const [name, value] of Object.entries(node.properties)) {
        if (/^on/i.test(localName(name))) reasons.push(`het attribuut ${attributeName(name)} (een event handler)`);
        const address = scriptSchemeInText.exec(Array.isArray(value) ? value.join(' ') : String(value))?.[0];
        if (address) reasons.push(`een ${address.replace(/\s/g, '').toLowerCase()}-adres in ${attributeName(name)}`);
      }
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return [...new Set(reasons)];
}

/**
 * A drawn diagram as the page may embed it: sanitised with the ids that
 * start with `id` (the diagram's own, which its style sheet and markers
 * use), and always written out again, so the page holds balanced markup the
 * schema has seen whatever the drawing held.
 */
export function sanitizedDiagram(svg: string, id: string): string {
  const escaped = id.replace(/[^\w-]/g, (c) => `\\${c}`);
  const ids = new RegExp(`^(?:chart-(?:title|desc)-)?${escaped}(?:[-_][\\s\\S]*)?$`);
  return svgMarkup(sanitizeSvgTree(parseSvg(svg), svgSchema({ ids })));
}

/** An SVG file is a document of its own when opened: no page's globals to clobber, so it keeps its ids. */
const fileSchema = svgSchema({ ids: null });

/**
 * Whether the HTML parser's reading of `text` is the XML parser's: the file
 * is opened as XML, so it is published as written only when it holds
 * nothing the two read differently, no document type with declarations
 * (entities), no processing instruction (a style sheet that transforms it)
 * but the XML declaration, and no encoding but UTF-8. Comments and CDATA
 * are fine: the HTML parser ends them no later than XML does, so it sees all
 * the markup XML sees.
 */
function plainXml(text: string): boolean {
  const body = text.replace(/^\uFEFF?<\?xml\s[^<>?]*\?>/, (declaration) =>
    /encoding\s*=/.test(declaration) && !/encoding\s*=\s*["']utf-?8["']/i.test(declaration) ? '<?' : '');
  const withoutDoctype = body.replace(/<!DOCTYPE\s+svg(?:\s+PUBLIC\s+"[^"<>[\]]*"\s+"[^"<>[\]]*")?\s*>/, '');
  return !/<\?|<!(?!--|\[CDATA\[)/.test(withoutDoctype);
}

/**
 * An SVG file beside the content: what in it needs scripting, and what to
 * publish. A file the schema keeps whole, and that XML reads as HTML does,
 * is published byte for byte; any other is published as the sanitised tree,
 * written out again.
 */
export function judgeSvgFile(text: string): JudgedSvgFile {
  const tree = parseSvg(text);
  const clean = sanitizeSvgTree(tree, fileSchema);
  const whole = plainXml(text) && sameTree(clean, tree);
  return { scripting: svgScripting(tree), sanitized: whole ? null : svgMarkup(clean) };
}

/** An SVG file's markup as the schema keeps it, always written out again. */
export const sanitizedSvgFile = (text: string): string => svgMarkup(sanitizeSvgTree(parseSvg(text), fileSchema));
