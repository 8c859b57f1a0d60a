/**
 * Islands without a browser: which compiled code counts as interactive
 * (pipeline/io/island-analysis.ts), which props cannot travel as JSON
 * (pipeline/io/island-props.ts), what an island's element carries in the
 * page and the one problem at its use (pipeline/io/safe-component.ts), and
 * the browser bundle of the fixture's components (pipeline/io/island-bundle.ts).
 */
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { interactivity } from '../../pipeline/io/island-analysis.ts';
import { unserialisableProp } from '../../pipeline/io/island-props.ts';
import { safeComponent, SiteComponentFailure, renderKey } from '../../pipeline/io/safe-component.ts';
import { bundleIslands } from '../../pipeline/io/island-bundle.ts';
import { root } from '../helpers.ts';

const test = suite('islands');

test('compiled code with state, effects, refs, a context, a handler or BrowserOnly is interactive; code that only draws is not', () => {
  assert.equal(interactivity('const [n, set] = (0, import_react.useState)(0);'), ['state']);
  assert.equal(interactivity('React.useEffect(() => {}, []);'), ['effecten']);
  assert.equal(interactivity('const r = useRef(null);'), ['refs']);
  assert.equal(interactivity('const Ctx = createContext(null);'), ['context']);
  assert.equal(interactivity('jsx("button", { type: "button", onClick: () => go() })'), ['event-handlers']);
  assert.equal(interactivity('jsx(BrowserOnly, { fallback: null })'), ['BrowserOnly']);
  assert.equal(interactivity('function Kaart({ titel }) { return jsx("section", { className: "kaart", children: titel }); }'), []);
  // A word in text is no hook call.
  assert.equal(interactivity('jsx("p", { children: "useState is een hook; onClick: een prop" })'), []);
});

test('a function, a class instance, a cycle or a number JSON lacks is found with its path; plain data is not', () => {
  assert.equal(unserialisableProp({ titel: 'a', onKlik: () => 1 }), { prop: 'onKlik', why: 'een functie' });
  assert.equal(unserialisableProp({ items: [{ a: 1 }, { datum: new Date(0) }] }), { prop: 'items[1].datum', why: 'een object van de klasse Date' });
  const kring: Record<string, unknown> = { naam: 'x' };
  kring.zelf = kring;
  assert.equal(unserialisableProp({ data: kring }), { prop: 'data.zelf', why: 'een kring: de waarde bevat zichzelf' });
  assert.equal(unserialisableProp({ n: Number.NaN }), { prop: 'n', why: 'het getal NaN, dat JSON niet kent' });
  assert.equal(unserialisableProp({ m: new Map() })?.why, 'een object van de klasse Map');
  // The same object twice is no cycle.
  const gedeeld = { a: 1 };
  assert.is(unserialisableProp({ x: gedeeld, y: [gedeeld] }), null);
});

test('property: JSON data is always serialisable, and survives the trip unchanged', () => {
  fc.assert(fc.property(fc.dictionary(fc.string().filter((k) => k !== '__proto__'), fc.jsonValue()), (props) => {
    assert.is(unserialisableProp(props), null);
    const sent = JSON.stringify(props);
    assert.is(JSON.stringify(JSON.parse(sent)), sent);
  }));
});

const island = { chunk: '/assets/island-Teller-0123456789.js' };
const rendered = (html: string) => (k: string | null) => (k === null ? undefined : { html });

test('an island\'s element names its chunk and carries its props as JSON data; React\'s text markers stay', () => {
  const Teller = safeComponent('Teller', 'site/src/components/Teller/index.tsx', rendered('<p>Aantal: <!-- -->2</p>'), island);
  const html = renderToStaticMarkup(createElement(Teller, { begin: 2, label: 'Tel <mee>' }));
  assert.is(html, '<div class="site-component" data-component="Teller" data-island="/assets/island-Teller-0123456789.js" data-island-props="{&quot;begin&quot;:2,&quot;label&quot;:&quot;Tel &lt;mee&gt;&quot;}"><p>Aantal: <!-- -->2</p></div>');
  // A component that only draws has neither, and no comments.
  const Kaart = safeComponent('Kaart', 'site/src/components/Kaart/index.tsx', rendered('<p>Aantal: <!-- -->2</p>'));
  assert.is(renderToStaticMarkup(createElement(Kaart, { titel: 'x' })), '<div class="site-component" data-component="Kaart"><p>Aantal: 2</p></div>');
});

test('an island given a prop that is no data is one problem at its use, naming the prop', () => {
  const Teller = safeComponent('Teller', 'site/src/components/Teller/index.tsx', rendered('<p>x</p>'), island);
  try {
    renderToStaticMarkup(createElement(Teller, { place: { line: 7, column: 1 }, opties: { na: () => 1 } }));
    assert.unreachable('it rendered');
  } catch (err) {
    assert.instance(err, SiteComponentFailure);
    const failure = err as SiteComponentFailure;
    assert.equal(failure.place, { line: 7, column: 1 });
    assert.match(failure.message, /<Teller> \(site\/src\/components\/Teller\/index\.tsx\) is interactief/);
    assert.match(failure.message, /de prop opties\.na is een functie/);
  }
  assert.is(renderKey('Teller', { a: 1 }, false), JSON.stringify(['Teller', { a: 1 }, false]));
});

test('the fixture\'s interactive components are islands, each with its own chunk; those that only draw are not', async () => {
  const made = await bundleIslands({ content: path.join(root, 'tests/fixtures/docusaurus-site'), folder: 'src/components', display: 'docusaurus-site' });
  assert.equal(made.problems, []);
  assert.equal([...made.islands.keys()].sort(), ['NieuwsteBerichten', 'Schermbreedte', 'Teller', 'Verschil', 'Zoekvak']);
  assert.equal(made.islands.get('Teller')?.why, ['state', 'event-handlers']);
  assert.equal(made.islands.get('NieuwsteBerichten')?.why, ['state', 'effecten']);
  assert.match(made.loader ?? '', /^\/assets\/islands-[0-9a-f]{10}\.js$/);
  const paths = made.files.map((f) => `/${f.path}`);
  for (const i of made.islands.values()) assert.ok(paths.includes(i.chunk), i.chunk);
  // Every import between the chunks names a file that is there.
  for (const f of made.files) {
    for (const m of String(f.data).matchAll(/"\.\/([\w-]+\.js)"/g)) assert.ok(paths.includes(`/assets/${m[1]}`), `${f.path} imports ${m[1]}`);
  }
  // The loader retries a failed chunk under another URL (pipeline/io/chunk-retry.ts).
  assert.match(String(made.files.find((f) => `/${f.path}` === made.loader)?.data), /chunkFailures/);
});

test.run();
