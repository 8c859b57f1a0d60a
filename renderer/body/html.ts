/**
 * How an intrinsic element of a body is written as HTML: React's own rules
 * (react-dom/server, `renderToStaticMarkup`), so that a body written here is
 * byte for byte what React would write for the same element: its escaping,
 * its attribute names (`className` → `class`, `htmlFor` → `for`), booleans
 * (`hidden=""`), `style` objects, void elements (`<br/>`), an `<input>`'s
 * `checked` and `value` last, an `<a href="">` kept where other URLs drop an
 * empty value, a `<pre>` whose text starts with a line ending.
 *
 * Where safety asks more than React does, this is stricter and says so: no
 * `script` (nor `style`, nor the elements React would hoist into the head) is
 * ever written, no event attribute (`on…`, custom elements included), and no
 * URL attribute whose scheme runs script or embeds a document (`javascript:`,
 * `vbscript:`, `data:`), or that reads as another host (`/\evil.example`):
 * React writes `data:` and replaces `javascript:` by a script of its own;
 * here the attribute is left out.
 */
import { refusedUrl } from '../../pipeline/safety/urls.ts';

/** The characters React escapes, in text and in attribute values alike. */
const escapable = /["'&<>]/;

/** Text or an attribute value as React escapes it. */
export function escapeHtml(value: string): string {
  const first = escapable.exec(value);
  if (!first) return value;
  let out = '';
  let last = 0;
  for (let i = first.index; i < value.length; i++) {
    let entity: string;
    switch (value.charCodeAt(i)) {
      case 34: entity = '&quot;'; break;
      case 38: entity = '&amp;'; break;
      case 39: entity = '&#x27;'; break;
      case 60: entity = '&lt;'; break;
      case 62: entity = '&gt;'; break;
      default: continue;
    }
    if (last !== i) out += value.slice(last, i);
    last = i + 1;
    out += entity;
  }
  return last !== value.length ? out + value.slice(last) : out;
}

/** A primitive as React writes it in text: booleans and numbers as their string. */
const text = (value: unknown): string => (typeof value === 'string' ? escapeHtml(value) : typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean' ? String(value) : escapeHtml(String(value)));

/** Elements with no end tag: React closes them with `/>`. */
export const voidElements: ReadonlySet<string> = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr', 'menuitem']);

/**
 * Elements a body never writes: script and style are code, and React would
 * move the others out of the body into the head (or, for `html`, `head` and
 * `body`, make a document of it).
 */
export const refusedElements: ReadonlySet<string> = new Set(['script', 'style', 'title', 'link', 'meta', 'base', 'html', 'head', 'body', 'template', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet']);

/** React's tag name check: a name outside it would be an error there. */
const validTag = /^[a-zA-Z][a-zA-Z:_.\-\d]*$/;

/** Whether an element of this name may be written at all. */
export const writableElement = (tag: string): boolean => validTag.test(tag) && !refusedElements.has(tag.toLowerCase());

/** React's rule for attribute names it writes as given (XML names). */
const validAttributeName = /^[:A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD][:A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\-.0-9\u00B7\u0300-\u036F\u203F-\u2040]*$/;

/** Whether a prop is an event handler attribute (`onClick`, `onerror`): never written. */
export const eventAttribute = (name: string): boolean => name.length > 2 && (name[0] === 'o' || name[0] === 'O') && (name[1] === 'n' || name[1] === 'N');

/** Attributes whose value the browser loads or follows as a URL. */
const urlAttributes: ReadonlySet<string> = new Set(['href', 'src', 'srcSet', 'action', 'formAction', 'xlinkHref', 'poster', 'cite', 'data', 'ping', 'background', 'manifest', 'longDesc', 'codeBase', 'archive', 'profile', 'lowsrc', 'dynsrc']);

/**
 * Whether a URL attribute's value is one the site never writes, by the one
 * URL rule (script, or another host disguised as a path): any candidate of a
 * `srcset`, or the whole value.
 */
export function unsafeUrlValue(name: string, value: unknown): boolean {
  if (typeof value !== 'string' && typeof value !== 'number') return false;
  const url = String(value);
  return name === 'srcSet' ? url.split(',').some((candidate) => refusedUrl(candidate.trim())) : refusedUrl(url);
}

/** React's names for props whose attribute is written differently. */
const aliases: ReadonlyMap<string, string> = new Map([
  ['acceptCharset', 'accept-charset'], ['htmlFor', 'for'], ['httpEquiv', 'http-equiv'], ['crossOrigin', 'crossorigin'],
  ['accentHeight', 'accent-height'], ['alignmentBaseline', 'alignment-baseline'], ['arabicForm', 'arabic-form'], ['baselineShift', 'baseline-shift'],
  ['capHeight', 'cap-height'], ['clipPath', 'clip-path'], ['clipRule', 'clip-rule'], ['colorInterpolation', 'color-interpolation'],
  ['colorInterpolationFilters', 'color-interpolation-filters'], ['colorProfile', 'color-profile'], ['colorRendering', 'color-rendering'],
  ['dominantBaseline', 'dominant-baseline'], ['enableBackground', 'enable-background'], ['fillOpacity', 'fill-opacity'], ['fillRule', 'fill-rule'],
  ['floodColor', 'flood-color'], ['floodOpacity', 'flood-opacity'], ['fontFamily', 'font-family'], ['fontSize', 'font-size'],
  ['fontSizeAdjust', 'font-size-adjust'], ['fontStretch', 'font-stretch'], ['fontStyle', 'font-style'], ['fontVariant', 'font-variant'],
  ['fontWeight', 'font-weight'], ['glyphName', 'glyph-name'], ['glyphOrientationHorizontal', 'glyph-orientation-horizontal'],
  ['glyphOrientationVertical', 'glyph-orientation-vertical'], ['horizAdvX', 'horiz-adv-x'], ['horizOriginX', 'horiz-origin-x'],
  ['imageRendering', 'image-rendering'], ['letterSpacing', 'letter-spacing'], ['lightingColor', 'lighting-color'], ['markerEnd', 'marker-end'],
  ['markerMid', 'marker-mid'], ['markerStart', 'marker-start'], ['maskType', 'mask-type'], ['overlinePosition', 'overline-position'],
  ['overlineThickness', 'overline-thickness'], ['paintOrder', 'paint-order'], ['panose-1', 'panose-1'], ['pointerEvents', 'pointer-events'],
  ['renderingIntent', 'rendering-intent'], ['shapeRendering', 'shape-rendering'], ['stopColor', 'stop-color'], ['stopOpacity', 'stop-opacity'],
  ['strikethroughPosition', 'strikethrough-position'], ['strikethroughThickness', 'strikethrough-thickness'], ['strokeDasharray', 'stroke-dasharray'],
  ['strokeDashoffset', 'stroke-dashoffset'], ['strokeLinecap', 'stroke-linecap'], ['strokeLinejoin', 'stroke-linejoin'],
  ['strokeMiterlimit', 'stroke-miterlimit'], ['strokeOpacity', 'stroke-opacity'], ['strokeWidth', 'stroke-width'], ['textAnchor', 'text-anchor'],
  ['textDecoration', 'text-decoration'], ['textRendering', 'text-rendering'], ['transformOrigin', 'transform-origin'],
  ['underlinePosition', 'underline-position'], ['underlineThickness', 'underline-thickness'], ['unicodeBidi', 'unicode-bidi'],
  ['unicodeRange', 'unicode-range'], ['unitsPerEm', 'units-per-em'], ['vAlphabetic', 'v-alphabetic'], ['vHanging', 'v-hanging'],
  ['vIdeographic', 'v-ideographic'], ['vMathematical', 'v-mathematical'], ['vectorEffect', 'vector-effect'], ['vertAdvY', 'vert-adv-y'],
  ['vertOriginX', 'vert-origin-x'], ['vertOriginY', 'vert-origin-y'], ['wordSpacing', 'word-spacing'], ['writingMode', 'writing-mode'],
  ['xmlnsXlink', 'xmlns:xlink'], ['xHeight', 'x-height'],
]);

/** Style properties React writes without `px` after a number. */
const unitless: ReadonlySet<string> = new Set(('animationIterationCount aspectRatio borderImageOutset borderImageSlice borderImageWidth boxFlex boxFlexGroup boxOrdinalGroup columnCount columns flex flexGrow flexPositive flexShrink flexNegative flexOrder gridArea gridRow gridRowEnd gridRowSpan gridRowStart gridColumn gridColumnEnd gridColumnSpan gridColumnStart fontWeight lineClamp lineHeight opacity order orphans scale tabSize widows zIndex zoom fillOpacity floodOpacity stopOpacity strokeDasharray strokeDashoffset strokeMiterlimit strokeOpacity strokeWidth MozAnimationIterationCount MozBoxFlex MozBoxFlexGroup MozLineClamp msAnimationIterationCount msFlex msZoom msFlexGrow msFlexNegative msFlexOrder msFlexPositive msFlexShrink msGridColumn msGridColumnSpan msGridRow msGridRowSpan WebkitAnimationIterationCount WebkitBoxFlex WebKitBoxFlexGroup WebkitBoxOrdinalGroup WebkitColumnCount WebkitColumns WebkitFlex WebkitFlexGrow WebkitFlexPositive WebkitFlexShrink WebkitLineClamp').split(' '));

/** `fontSize` → `font-size`, `msTransition` → `-ms-transition`: React's style names. */
const styleName = (name: string): string => escapeHtml(name.replace(/([A-Z])/g, '-$1').toLowerCase().replace(/^ms-/, '-ms-'));

/** A `style` object as React writes it: ` style="a:b;c:d"`, or nothing when no declaration has a value. */
export function styleAttribute(style: unknown): string {
  // React throws on a string style; the runtime that makes props (hast-util-to-jsx-runtime) always gives an object.
  if (typeof style !== 'object' || style === null) return '';
  let out = '';
  for (const name in style) {
    if (!Object.hasOwn(style, name)) continue;
    const value: unknown = (style as Record<string, unknown>)[name];
    if (value == null || typeof value === 'boolean' || value === '') continue;
    let written: string;
    let key: string;
    if (name.startsWith('--')) {
      key = escapeHtml(name);
      written = escapeHtml(String(value).trim());
    } else {
      key = styleName(name);
      written = typeof value === 'number' ? (value === 0 || unitless.has(name) ? String(value) : `${value}px`) : escapeHtml(String(value).trim());
    }
    out += (out ? ';' : ' style="') + key + ':' + written;
  }
  return out ? out + '"' : '';
}

const skip = (value: unknown): boolean => typeof value === 'function' || typeof value === 'symbol';
const quoted = (name: string, value: unknown): string => ` ${name}="${text(value)}"`;

/** React's boolean attributes: written as `name=""` when true, left out otherwise. */
const booleans: ReadonlySet<string> = new Set(['inert', 'allowFullScreen', 'async', 'autoPlay', 'controls', 'credentialless', 'default', 'defer', 'disabled', 'disablePictureInPicture', 'disableRemotePlayback', 'formNoValidate', 'hidden', 'loop', 'noModule', 'noValidate', 'open', 'playsInline', 'readOnly', 'required', 'reversed', 'scoped', 'seamless', 'itemScope']);

/** Written as given, whatever their type (React's "overloaded" and enumerated string attributes). */
const asGiven: ReadonlySet<string> = new Set(['contentEditable', 'spellCheck', 'draggable', 'value', 'autoReverse', 'externalResourcesRequired', 'focusable', 'preserveAlpha']);

const xml: ReadonlyMap<string, string> = new Map([
  ['xlinkActuate', 'xlink:actuate'], ['xlinkArcrole', 'xlink:arcrole'], ['xlinkRole', 'xlink:role'], ['xlinkShow', 'xlink:show'],
  ['xlinkTitle', 'xlink:title'], ['xlinkType', 'xlink:type'], ['xmlBase', 'xml:base'], ['xmlLang', 'xml:lang'], ['xmlSpace', 'xml:space'],
]);

/** A string attribute as React writes one: any value but a boolean. */
const stringAttribute = (name: string, value: unknown): string => (skip(value) || typeof value === 'boolean' ? '' : quoted(name, value));

/** One prop of an intrinsic element as React writes it (its `pushAttribute`), or '' when it writes none. */
export function attribute(name: string, value: unknown): string {
  if (value == null) return '';
  if (urlAttributes.has(name) && unsafeUrlValue(name, value)) return '';
  switch (name) {
    case 'className': return stringAttribute('class', value);
    case 'tabIndex': return stringAttribute('tabindex', value);
    case 'dir': case 'role': case 'viewBox': case 'width': case 'height': return stringAttribute(name, value);
    case 'style': return styleAttribute(value);
    case 'src': case 'href':
      if (value === '') return '';
    // falls through: URLs
    case 'action': case 'formAction':
      if (skip(value) || typeof value === 'boolean') return '';
      return quoted(name, String(value));
    case 'defaultValue': case 'defaultChecked': case 'innerHTML': case 'suppressContentEditableWarning': case 'suppressHydrationWarning': case 'ref':
      return '';
    case 'autoFocus': case 'multiple': case 'muted':
      return value && !skip(value) ? ` ${name.toLowerCase()}=""` : '';
    case 'xlinkHref':
      return skip(value) || typeof value === 'boolean' ? '' : quoted('xlink:href', String(value));
    case 'capture': case 'download':
      return value === true ? ` ${name}=""` : value === false || skip(value) ? '' : quoted(name, value);
    case 'cols': case 'rows': case 'size': case 'span':
      return skip(value) || Number.isNaN(Number(value)) || !(Number(value) >= 1) ? '' : quoted(name, value);
    case 'rowSpan': case 'start':
      return skip(value) || Number.isNaN(Number(value)) ? '' : quoted(name, value);
  }
  if (booleans.has(name)) return value && !skip(value) ? ` ${name}=""` : '';
  if (asGiven.has(name)) return skip(value) ? '' : quoted(name, value);
  const xmlName = xml.get(name);
  if (xmlName) return stringAttribute(xmlName, value);
  if (eventAttribute(name)) return '';
  const attributeName = aliases.get(name) ?? name;
  if (!validAttributeName.test(attributeName) || skip(value)) return '';
  if (typeof value === 'boolean') {
    const prefix = attributeName.toLowerCase().slice(0, 5);
    if (prefix !== 'data-' && prefix !== 'aria-') return '';
  }
  return quoted(attributeName, value);
}

/** A custom element's prop (a name with `-`): React writes nearly any attribute as given, `true` as empty. */
export function customElementAttribute(name: string, value: unknown): string {
  if (value == null) return '';
  if (name === 'style') return styleAttribute(value);
  if (name === 'suppressContentEditableWarning' || name === 'suppressHydrationWarning' || name === 'ref') return '';
  const attributeName = name === 'className' ? 'class' : name;
  if (eventAttribute(name) || (urlAttributes.has(name) && unsafeUrlValue(name, value))) return '';
  if (!validAttributeName.test(name) || skip(value) || value === false || typeof value === 'object') return '';
  return quoted(attributeName, value === true ? '' : value);
}

/**
 * Props that are no attribute: children and inner HTML go between the tags;
 * `node` is the hast node hast-util-to-jsx-runtime gives a component, which a
 * takeover may pass on with the rest of its props.
 */
const content = (name: string): boolean => name === 'children' || name === 'dangerouslySetInnerHTML' || name === 'key' || name === 'node';

/**
 * The start tag of an element as React writes it (without the closing `>` or
 * `/>`): its props in their order, except that an `<input>` writes `checked`
 * and `value` after the others, and a link writes `href=""` where other
 * elements leave an empty URL out.
 */
export function startTag(tag: string, props: Readonly<Record<string, unknown>>): string {
  let out = '<' + tag;
  if (tag.includes('-')) {
    for (const name in props) if (Object.hasOwn(props, name) && !content(name)) out += customElementAttribute(name, props[name]);
    return out;
  }
  if (tag === 'input') return out + inputAttributes(props);
  if (tag === 'button' || tag === 'form') return out + formAttributes(props, tag === 'button' ? buttonLast : formLast);
  for (const name in props) {
    if (!Object.hasOwn(props, name) || content(name)) continue;
    const value = props[name];
    if (tag === 'a' && name === 'href' && value === '') out += ' href=""';
    else if (tag === 'select' && (name === 'value' || name === 'defaultValue')) continue;
    else out += attribute(name, value);
  }
  return out;
}

/** What React writes after a button's or a form's other attributes, in this order. */
const buttonLast = ['name', 'formAction', 'formEncType', 'formMethod', 'formTarget'];
const formLast = ['action', 'encType', 'method', 'target'];

/** A button's or form's attributes in React's order: the rest, then `last` (a function as action is React's server actions: never in a body). */
function formAttributes(props: Readonly<Record<string, unknown>>, last: ReadonlyArray<string>): string {
  let out = '';
  for (const name in props) if (Object.hasOwn(props, name) && !content(name) && !last.includes(name)) out += attribute(name, props[name]);
  for (const name of last) if (props[name] != null && typeof props[name] !== 'function') out += attribute(name, props[name]);
  return out;
}

/** An input's attributes in React's order: the rest, then `name` and the form attributes, `checked`, `value`. */
function inputAttributes(props: Readonly<Record<string, unknown>>): string {
  let out = '';
  const last: Record<string, unknown> = {};
  const held = new Set(['name', 'formAction', 'formEncType', 'formMethod', 'formTarget', 'checked', 'defaultChecked', 'value', 'defaultValue']);
  for (const name in props) {
    if (!Object.hasOwn(props, name) || content(name) || props[name] == null) continue;
    if (held.has(name)) last[name] = props[name];
    else out += attribute(name, props[name]);
  }
  // A function as form action is React's server actions: never in a body.
  for (const name of ['name', 'formAction', 'formEncType', 'formMethod', 'formTarget']) if (last[name] != null && typeof last[name] !== 'function') out += attribute(name, last[name]);
  const checked = last['checked'] ?? last['defaultChecked'];
  if (checked != null && checked && !skip(checked)) out += ' checked=""';
  const value = last['value'] ?? last['defaultValue'];
  if (value != null) out += attribute('value', value);
  return out;
}
