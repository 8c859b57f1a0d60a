/**
 * The site's own components (pipeline/io/site-components.ts): compiled from the
 * configured folder with esbuild, with Docusaurus' imports pointed at our
 * versions, rendered at build time only and held to the rules of content.
 * Whatever a component writes, no script, event attribute or script URL
 * reaches the HTML; one that throws is a problem at the place it is used.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { renderToStaticMarkup } from 'react-dom/server';
import fc from 'fast-check';
import { parseFragment } from 'parse5';
import { isValidElement } from 'react';
import { loadSiteComponents, type ComponentUse, type SiteComponents, type SiteComponentsOptions } from '../../pipeline/io/site-components.ts';
import { unprocessable } from '../../pipeline/problem.ts';
import { root } from '../helpers.ts';

const site = suite('mdx components: the site\'s own components');

const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-components-'));
process.once('exit', () => fs.rmSync(cacheDir, { recursive: true, force: true }));

/** A content root with `files` in its components folder. */
function contentWith(files: Record<string, string>, folder = 'src/components'): string {
  const dir = fs.mkdtempSync(path.join(cacheDir, 'content-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, folder, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, folder, name), text);
  }
  return dir;
}

/** The components last loaded: `html` has their box render what an element uses. */
let current: SiteComponents | null = null;
process.once('exit', () => current?.close());

/** loadSiteComponents with the folder named (`src/components` unless told). */
async function load(options: Omit<SiteComponentsOptions, 'folder'> & { folder?: string }): Promise<SiteComponents> {
  current?.close();
  current = await loadSiteComponents({ folder: 'src/components', ...options });
  return current;
}

/** The uses of site components in a React element, as renderer/body/site-component-uses.ts finds them in a page. */
function uses(node: unknown): ComponentUse[] {
  if (Array.isArray(node)) return node.flatMap(uses);
  if (!isValidElement(node)) return [];
  const { children, node: _node, place: _place, inline: _inline, ...props } = node.props as Record<string, unknown>;
  const name = (node.type as { displayName?: string }).displayName;
  return [...(name?.startsWith('Site$') ? [{ name, props, children: children !== undefined }] : []), ...uses(children)];
}

/** The element's HTML, once the box has rendered its components. */
async function html(element: React.ReactElement): Promise<string> {
  await current?.prerender(uses(element));
  return renderToStaticMarkup(element);
}

site('should compile the fixture site\'s components under their keys, with Link, clsx and CSS modules (scoped names; a class the module lacks is none)', async () => {
  const { components, problems } = await load({ content: path.join(root, 'tests/fixtures/docusaurus-site'), cacheDir });
  assert.equal(problems, []);
  assert.ok(Object.keys(components).includes('Site$Kaart'));
  assert.ok(Object.keys(components).includes('Site$Tegel'));
  const Tegel = components['Site$Tegel']!;
  assert.is(await html(<Tegel titel="Begin" naar="/docs/intro" nadruk><p>Lees eerst dit.</p></Tegel>),
    '<div class="site-component" data-component="Tegel"><div class="Tegel_tegel_b0a789 Tegel_nadruk_b0a789"><a class="Tegel_titel_b0a789" href="/docs/intro">Begin</a><div><p>Lees eerst dit.</p></div></div></div>');
  const Kaart = components['Site$Kaart']!;
  assert.match(await html(<Kaart titel="Kop">tekst</Kaart>), '<section class="kaart"><h3>Kop</h3><div>tekst</div></section>');
});

site('should keep nothing of a component\'s script, event attributes or script URLs', async () => {
  const content = contentWith({
    'Kwaad.tsx': `export default function Kwaad() {
      return (<div onClick={() => 1} data-ok="ja">
        <script>{'alert(1)'}</script>
        <a href="javascript:alert(1)" onMouseOver="alert(2)">link</a>
        <a href=" JaVaScRiPt:alert(3)">spatie</a>
        <img src="data:text/html,x" alt="x" />
        <iframe src="https://example.org"></iframe>
        <style>{'body{display:none}'}</style>
        <div dangerouslySetInnerHTML={{ __html: '<img src=x onerror=alert(4)><script>alert(5)</script>' }} />
        <form action="javascript:alert(6)"><button formAction="javascript:alert(7)">b</button></form>
        <a href="https://example.org/veilig">veilig</a>
      </div>);
    }`,
  });
  const { components, problems } = await load({ content, cacheDir });
  assert.equal(problems, []);
  const Kwaad = components['Site$Kwaad']!;
  const out = await html(<Kwaad />);
  // Its handlers make it an island, which keeps its form and button (they come alive in the browser), never where they send to.
  for (const bad of [/<script/i, /\son\w+=/i, /javascript:/i, /data:text/i, /<iframe/i, /<style/i, /\s(form)?action=/i, /alert/]) assert.not.match(out, bad, `${bad} in ${out}`);
  assert.match(out, '<a href="https://example.org/veilig">veilig</a>');
  assert.match(out, 'data-ok="ja"');
});

site('should let no script, event attribute or script URL through, whatever tag, attributes and inner HTML a component writes (property)', async () => {
  const content = contentWith({
    'Alles.tsx': 'import { createElement } from "react";\nexport default function Alles({ tag, attrs, inner, text }) { return createElement("div", null, createElement(tag, attrs, text), createElement("div", { dangerouslySetInnerHTML: { __html: inner } })); }',
  });
  const Alles = (await load({ content, cacheDir })).components['Site$Alles']!;
  const tags = fc.constantFrom('a', 'img', 'div', 'span', 'iframe', 'object', 'embed', 'form', 'button', 'svg', 'math', 'base', 'meta', 'link', 'script', 'style', 'video', 'details', 'section');
  const names = fc.constantFrom('href', 'src', 'action', 'formAction', 'data', 'poster', 'srcSet', 'cite', 'background', 'xlinkHref', 'onClick', 'onLoad', 'onError', 'onMouseOver', 'title', 'data-x');
  const scheme = fc.constantFrom('javascript:', 'JaVaScRiPt:', ' javascript:', 'java\tscript:', 'java\nscript:', '\u0000javascript:', 'vbscript:', 'data:text/html,', 'https://x.example/', '/pad', '#anker');
  const value = fc.tuple(scheme, fc.constantFrom('alert(1)', '', 'x')).map(([a, b]) => a + b);
  const inner = fc.tuple(tags, names, value).map(([t, n, v]) => `<${t} ${n.toLowerCase()}="${v}">x</${t}><script>alert(2)</script><img src=x onerror=alert(3)>`);
  await fc.assert(fc.asyncProperty(tags, fc.dictionary(names, value, { maxKeys: 4 }), inner, async (tag, attrs, inside) => {
    let out: string;
    try {
      out = await html(<Alles tag={tag} attrs={attrs} inner={inside} text="t" />);
    } catch (err) {
      // React itself refuses some props (a string as event handler): a build error, never output.
      return /Expected `\w+` listener to be a function|faalde/.test(String(err instanceof Error ? err.message : err));
    }
    // The page as a browser reads it: every element, and every attribute value as a URL.
    const bad: string[] = [];
    const walk = (node: { nodeName: string; attrs?: Array<{ name: string; value: string }>; childNodes?: unknown[] }) => {
      if (/^(script|iframe|object|embed|form|base|meta|link|style)$/.test(node.nodeName)) bad.push(`<${node.nodeName}>`);
      for (const { name, value: v } of node.attrs ?? []) {
        if (/^on/i.test(name)) bad.push(name);
        let protocol = '';
        try { protocol = new URL(v, 'https://basis.example/').protocol; } catch { /* not a URL */ }
        if (['javascript:', 'vbscript:', 'data:'].includes(protocol)) bad.push(`${name}=${v}`);
      }
      for (const child of node.childNodes ?? []) walk(child as typeof node);
    };
    walk(parseFragment(out) as unknown as Parameters<typeof walk>[0]);
    return bad.length === 0 && !out.includes('alert(2)') && !out.includes('alert(3)');
  }), { numRuns: 300 });
});

site('should put the author\'s children back unchanged, and not as text in an attribute', async () => {
  const content = contentWith({
    'Omhulsel.jsx': 'export default function Omhulsel({ children }) { return <aside title={String(children)}><em>voor</em>{children}</aside>; }',
  });
  const { components } = await load({ content, cacheDir });
  const Omhulsel = components['Site$Omhulsel']!;
  // A body's own markup (a highlighted span with a style, a button) is not the component's: it stays.
  const out = await html(<Omhulsel><pre><span style={{ color: '#c0283b' }}>x</span></pre><button type="button" hidden>Kopieer</button></Omhulsel>);
  assert.is(out, '<div class="site-component" data-component="Omhulsel"><aside title=""><em>voor</em><pre><span style="color:#c0283b">x</span></pre><button type="button" hidden="">Kopieer</button></aside></div>');
});

site('should run hooks in the React that renders the component', async () => {
  const content = contentWith({ 'Teller.tsx': 'import { useState, useId } from "react";\nexport default function Teller() { const [n] = useState(3); const id = useId(); return <p id={id}>{n}</p>; }' });
  const Teller = (await load({ content, cacheDir })).components['Site$Teller']!;
  assert.match(await html(<Teller />), />3<\/p><\/div>$/);
});

site('should render a component in running text in a span', async () => {
  const content = contentWith({ 'Woord.tsx': 'export default function Woord() { return <b>vet</b>; }' });
  const Woord = (await load({ content, cacheDir })).components['Site$Woord']!;
  assert.is(await html(<p>Een <Woord node={{ type: 'mdxJsxTextElement' }} /> woord.</p>), '<p>Een <span class="site-component" data-component="Woord"><b>vet</b></span> woord.</p>');
});

site('should name nested files with $, and leave tests and stories out', async () => {
  const content = contentWith({
    'kaarten/Klein.tsx': 'export default () => <i>klein</i>;',
    'kaarten/Klein.test.tsx': 'throw new Error("geen component")',
    'Lijst/index.jsx': 'export default () => <ul />;',
  });
  const { components, problems } = await load({ content, cacheDir });
  assert.equal(problems, []);
  assert.equal(Object.keys(components).sort(), ['Site$Lijst', 'Site$kaarten$Klein']);
});

site('should report a file that does not compile at its line, and load the others', async () => {
  const content = contentWith({
    'Goed.tsx': 'export default () => <p>goed</p>;',
    'Fout.tsx': 'export default function Fout() {\n  return <p>fout</div>;\n}\n',
    'Leeg.tsx': 'export const x = 1;\n',
    'Onbekend.tsx': 'import iets from "bestaat-niet";\nexport default () => <p>{iets}</p>;\n',
  });
  const { components, problems } = await load({ content, cacheDir, display: 'site' });
  assert.equal(Object.keys(components), ['Site$Goed']);
  const summary = problems.map((p) => [p.code, p.severity, p.file, p.line]);
  assert.equal(summary, [
    ['site-component-invalid', 'error', 'site/src/components/Fout.tsx', 2],
    ['site-component-invalid', 'error', 'site/src/components/Leeg.tsx', 1],
    // A package the site has not installed says what to run first.
    ['site-package-missing', 'error', 'site/src/components/Onbekend.tsx', 1],
  ]);
  assert.match(problems[1]!.message, 'export default');
  assert.match(problems[2]!.message, 'het pakket bestaat-niet');
});

site('should make a component that throws a problem at the place of its element, not a crash', async () => {
  const content = contentWith({ 'Breekt.tsx': 'export default function Breekt({ items }) { return <ul>{items.map((i) => <li>{i}</li>)}</ul>; }' });
  const Breekt = (await load({ content, cacheDir })).components['Site$Breekt']!;
  let thrown: unknown;
  try {
    await html(<Breekt node={{ type: 'mdxJsxFlowElement', position: { start: { line: 12, column: 3 } } }} />);
  } catch (err) {
    thrown = err;
  }
  const problem = unprocessable('docs/intro.mdx', thrown);
  assert.equal([problem.code, problem.file, problem.line, problem.column], ['site-component-failed', 'docs/intro.mdx', 12, 3]);
  assert.match(problem.message, 'Het component <Breekt>');
});

site('should find no components when no folder is named, even with one at src/components, and warn when a named one is not there', async () => {
  const unnamed = contentWith({ 'Kaart.tsx': 'export default () => <p>kaart</p>;' });
  const none = await loadSiteComponents({ content: unnamed, cacheDir });
  assert.equal([none.components, none.problems], [{}, []]);
  const empty = fs.mkdtempSync(path.join(cacheDir, 'leeg-'));
  const { problems } = await loadSiteComponents({ content: empty, folder: 'componenten', cacheDir });
  assert.equal(problems.map((p) => [p.code, p.severity]), [['site-component-invalid', 'warning']]);
});

site.run();
