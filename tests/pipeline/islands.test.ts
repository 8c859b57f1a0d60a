/**
 * Islands without a browser: which compiled code counts as interactive
 * (pipeline/io/island-analysis.ts), which props cannot travel as JSON
 * (pipeline/io/island-props.ts), what an island's element carries in the
 * page and the one problem at its use (pipeline/io/safe-component.ts), and
 * the browser bundle of the fixture's components (pipeline/io/island-bundle.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { interactivity } from '../../pipeline/io/island-analysis.ts';
import { unserialisableProp } from '../../pipeline/io/island-props.ts';
import { safeComponent, SiteComponentFailure, renderKey } from '../../pipeline/io/safe-component.ts';
import { bundleIslands, findIslands, siteInBrowser } from '../../pipeline/io/island-bundle.ts';
import { sanitizedHtml, reactPageSchema } from '../../pipeline/io/safe-component.ts';
import { islandMark } from '../../theme/islands/box-island.ts';
import { loadSiteComponents } from '../../pipeline/io/site-components.ts';
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
  assert.equal([...made.islands.keys()].sort(), ['Filterlijst', 'NieuwsteBerichten', 'OnderwerpFilter', 'OnderwerpKiezer', 'OnderwerpenLijst', 'Schermbreedte', 'Sitenaam', 'Teller', 'Uitklapper', 'Verschil', 'Zoekvak']);
  // OnderwerpenLijst only draws, but places OnderwerpFilter: used in MDX, it hydrates with it.
  assert.equal(made.islands.get('OnderwerpenLijst')?.why, ['state', 'event-handlers']);
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

const fixture = path.join(root, 'tests/fixtures/docusaurus-site');

test('a React page is one island as a whole only when its own code is interactive; the island components it imports do not count', async () => {
  const found = await findIslands({ content: fixture, folder: 'src/components', display: 'docusaurus-site', pages: { folder: 'src/pages', files: ['teller.tsx', 'hulpmiddelen.tsx', 'index.tsx'] } });
  // hulpmiddelen.tsx imports Filterlijst and Uitklapper (islands), and only draws itself.
  assert.equal([...found.wholePages], ['teller.tsx']);
  assert.is(found.componentFiles.get(path.join(fixture, 'src/components/Filterlijst/index.tsx')), 'Filterlijst');
  assert.is(found.componentFiles.get(path.join(fixture, 'src/components/Kaart/index.tsx')), undefined);
  // Sitenaam reads the site (useDocusaurusContext), OnderwerpKiezer the plugins' data.
  assert.equal(found.interactive.filter((c) => c.reads.length > 0).map((c) => [c.key, c.reads]), [['OnderwerpKiezer', ['globalData']], ['Sitenaam', ['siteConfig']]]);
});

test('the loader carries only what the islands read of the site, as data no script text can end', () => {
  const site = { siteConfig: { title: 'Portaal </script>', baseUrl: '/', customFields: { geheim: 'x' } }, locale: 'nl', messages: { a: 'b' }, globalData: { p: { default: 1 } } };
  assert.is(siteInBrowser(site, []), '');
  assert.is(siteInBrowser(undefined, ['siteConfig']), '');
  const config = siteInBrowser(site, ['siteConfig']);
  assert.match(config, /"title":"Portaal \\u003c\/script>"/);
  assert.not.match(config, /globalData|"a":"b"/);
  assert.match(siteInBrowser(site, ['globalData']), /"globalData":\{"p":\{"default":1\}\}/);
  assert.not.match(siteInBrowser(site, ['globalData']), /geheim/);
});

test('an island a static page placed goes at its mark: a span in running text, a div elsewhere', () => {
  const placed = (n: number, inline: boolean) => `<${inline ? 'span' : 'div'} data-n="${n}"></${inline ? 'span' : 'div'}>`;
  const html = sanitizedHtml(`<p>Tel: ${islandMark(0)}</p><section>${islandMark(1)}</section><script>x</script>`, '', reactPageSchema, placed);
  assert.is(html, '<p>Tel: <span data-n="0"></span></p><section><div data-n="1"></div></section>');
});

test('in the box: a static page\'s island given a function is one error at the page naming the prop, and draws without script; one given data is an island', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-islands-'));
  try {
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };
    write('src/components/Knop.tsx', `import { useState } from 'react';\nexport default function Knop({ tekst, bijKlik }: { tekst: string; bijKlik?: () => void }) { const [n, zet] = useState(0); return <button type="button" onClick={() => { zet(n + 1); bijKlik?.(); }}>{tekst} {n}</button>; }`);
    write('src/pages/goed.tsx', `import Knop from '../components/Knop';\nexport default function Goed() { return <main><h1>Goed</h1><p>Vast.</p><Knop tekst="Druk" /></main>; }`);
    write('src/pages/fout.tsx', `import Knop from '@site/src/components/Knop';\nexport default function Fout() { return <main><h1>Fout</h1><Knop tekst="Druk" bijKlik={() => 1} /></main>; }`);
    const loaded = await loadSiteComponents({ content: dir, folder: 'src/components', cacheDir: path.join(dir, '.cache'), display: 'site', pages: { folder: 'src/pages', files: ['fout.tsx', 'goed.tsx'] } });
    try {
      assert.equal(loaded.problems, []);
      const { pages, problems } = await loaded.renderPages((rel) => `/${rel.replace(/\.tsx$/, '')}`);
      assert.equal(problems.map((p) => [p.file, p.code, p.severity]), [['site/src/pages/fout.tsx', 'site-component-failed', 'error']]);
      assert.match(problems[0]!.message, 'het interactieve component <Knop> de prop bijKlik, en die is een functie');
      const fout = pages.find((p) => p.rel === 'fout.tsx')!.html;
      assert.is(fout, '<h1>Fout</h1><div class="site-component" data-component="Knop"><button type="button">Druk 0</button></div>');
      const goed = pages.find((p) => p.rel === 'goed.tsx')!.html;
      assert.match(goed, /^<h1>Goed<\/h1><p>Vast\.<\/p><div class="site-component" data-component="Knop" data-island="\/assets\/island-Knop-[0-9a-f]{10}\.js" data-island-props="\{&quot;tekst&quot;:&quot;Druk&quot;\}"><button type="button">Druk<!-- --> <!-- -->0<\/button><\/div>$/);
      assert.not.ok(loaded.islands.pages.size, 'neither page is an island as a whole');
    } finally {
      loaded.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('in the box: a route a plugin added places its island components; a route whose own code is interactive is one island with the route\'s props; one with props over the limit is one warning naming the route, and draws without script', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-route-islands-'));
  try {
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };
    write('src/components/Knop.tsx', `import { useState } from 'react';\nexport default function Knop({ tekst }: { tekst: string }) { const [n, zet] = useState(0); return <button type="button" onClick={() => zet(n + 1)}>{tekst} {n}</button>; }`);
    write('src/components/Lijst.tsx', `import Knop from './Knop';\nexport default function Lijst({ namen }: { namen: string[] }) { return <main><h1>Lijst</h1><ul>{namen.map((n) => <li key={n}>{n}</li>)}</ul><Knop tekst={namen[0]} /></main>; }`);
    write('src/components/Kiezer.tsx', `import { useState } from 'react';\nexport default function Kiezer({ namen, route }: { namen: string[]; route: { path: string } }) { const [k, zet] = useState(namen[0]); return <main><h1>Kies</h1><p>{route.path}: {k}</p><button type="button" onClick={() => zet(namen[1])}>Ander</button></main>; }`);
    const routes = [
      { path: '/lijst', component: 'src/components/Lijst.tsx', props: { namen: ['een', 'twee'] }, plugin: 'site/plugins/p.js' },
      { path: '/kies', component: 'src/components/Kiezer.tsx', props: { namen: ['een', 'twee'] }, plugin: 'site/plugins/p.js' },
      // Over 200 KB of JSON: the plugin's whole data as props.
      { path: '/kies/alles', component: 'src/components/Kiezer.tsx', props: { namen: Array.from({ length: 30_000 }, (_, i) => `naam ${i}`) }, plugin: 'site/plugins/p.js' },
    ];
    const loaded = await loadSiteComponents({ content: dir, folder: 'src/components', cacheDir: path.join(dir, '.cache'), display: 'site', pages: { folder: 'src/pages', files: [] }, routeComponents: routes.map((r) => r.component) });
    try {
      assert.equal(loaded.problems, []);
      assert.equal([...loaded.islands.routes.keys()], ['../components/Kiezer.tsx']);
      assert.match(loaded.islands.routes.get('../components/Kiezer.tsx')?.chunk ?? '', /^\/assets\/island-route-src_components_Kiezer-[0-9a-f]{10}\.js$/);
      const { pages, problems } = await loaded.renderRoutes(routes);
      assert.equal(problems.map((p) => [p.file, p.code, p.severity]), [['site/src/components/Kiezer.tsx', 'site-route-props-too-large', 'warning']]);
      assert.match(problems[0]!.message, /De route \/kies\/alles \(addRoute in site\/plugins\/p\.js\) is interactief, maar haar props zijn als JSON \d+ KB, meer dan de grens van 200 KB/);
      const html = (route: string) => pages.find((p) => p.permalink === route)!.html;
      // The static route: its own HTML without script, the component it imports an island with the props the route gave it.
      assert.match(html('/lijst'), /^<h1>Lijst<\/h1><ul><li>een<\/li><li>twee<\/li><\/ul><div class="site-component" data-component="Knop" data-island="\/assets\/island-Knop-[0-9a-f]{10}\.js" data-island-props="\{&quot;tekst&quot;:&quot;een&quot;\}"><button type="button">een<!-- --> <!-- -->0<\/button><\/div>$/);
      // The interactive route: one island, its props the route's, `route` included, as the browser hydrates it.
      const chunk = loaded.islands.routes.get('../components/Kiezer.tsx')!.chunk;
      assert.is(html('/kies'), `<div class="site-component react-page-island" data-component="route /kies" data-island="${chunk}" data-island-props="{&quot;namen&quot;:[&quot;een&quot;,&quot;twee&quot;],&quot;route&quot;:{&quot;path&quot;:&quot;/kies&quot;,&quot;exact&quot;:true}}"><h1>Kies</h1><p>/kies<!-- -->: <!-- -->een</p><button type="button">Ander</button></div>`);
      // Too much to ship: the same component, drawn without script.
      assert.is(html('/kies/alles'), '<h1>Kies</h1><p>/kies/alles: naam 0</p><button type="button">Ander</button>');
    } finally {
      loaded.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
