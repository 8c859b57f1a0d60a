/**
 * What the components of a new Docusaurus site import that ours must stand
 * for: `@theme/Heading`, and SVG drawings (Docusaurus makes them components,
 * drawn inline; here through the SVG schema); and a content root given as a relative path
 * (`--content .`), as a team runs the build from its own site's folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { renderToStaticMarkup } from 'react-dom/server';
import { loadSiteComponents } from '../../pipeline/io/site-components.ts';
import { builtSite, siteFixture } from './site.ts';

const test = suite('docusaurus: components of a real site');

const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-realsite-'));
process.once('exit', () => fs.rmSync(cacheDir, { recursive: true, force: true }));

test('a content root given relative to the working folder compiles the components as an absolute one does', async () => {
  const { components, problems, close } = await loadSiteComponents({ content: path.relative(process.cwd(), siteFixture), folder: 'src/components', cacheDir });
  assert.equal(problems, []);
  assert.ok(components['Site$Kenmerk']);
  close();
});

test('Heading from the theme is the element its as names; an imported SVG is drawn inline, named by its title, else hidden as decoration', async () => {
  const loaded = await loadSiteComponents({ content: siteFixture, folder: 'src/components', cacheDir });
  assert.equal(loaded.problems, []);
  const Kenmerk = loaded.components['Site$Kenmerk']!;
  await loaded.prerender([{ name: 'Site$Kenmerk', props: { titel: 'Snel' }, children: true }]);
  loaded.close();
  assert.is(renderToStaticMarkup(<Kenmerk titel="Snel">tekst</Kenmerk>),
    '<div class="site-component" data-component="Kenmerk"><div class="kenmerk">'
    + '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" class="kenmerk-tekening" role="img"><rect width="32" height="32" rx="4" fill="#154273"/></svg>'
    + '<h3 id="kenmerk-titel">Snel</h3><div>tekst</div>'
    + '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32" role="img"><title>Het logo van het portaal</title><rect width="32" height="32" rx="4" fill="#154273"/></svg></div></div>');
});

test('an imported SVG anywhere in the site is drawn through the SVG schema: no script, no handler, no outside reference', async () => {
  const content = fs.mkdtempSync(path.join(cacheDir, 'content-'));
  fs.mkdirSync(path.join(content, 'src/components'), { recursive: true });
  fs.writeFileSync(path.join(content, 'src/tekening.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)"><circle r="4" fill="url(https://evil.example/x)"/></a><use href="https://evil.example/s.svg#x"/></svg>');
  fs.writeFileSync(path.join(content, 'src/components/Los.tsx'), "import Tekening from '../tekening.svg';\nexport default function Los() { return <Tekening />; }\n");
  const loaded = await loadSiteComponents({ content, folder: 'src/components', cacheDir, display: 'site' });
  assert.equal(loaded.problems, []);
  await loaded.prerender([{ name: 'Site$Los', props: {}, children: false }]);
  loaded.close();
  const Los = loaded.components['Site$Los']!;
  const html = renderToStaticMarkup(<Los />);
  assert.match(html, /<svg [^>]*aria-hidden="true"[^>]*><a><circle r="4"\/?><\/a><use\/?><\/svg>/);
  assert.not.match(html, /alert|script|onload|evil/);
});

test('the built page shows the component with its heading and drawings', async () => {
  const html = (await builtSite()).html('/docs/praktijk/kenmerken');
  assert.match(html, /<div class="kenmerk"><svg [^>]*class="kenmerk-tekening"[^>]*><rect [^>]*\/><\/svg><h3 id="kenmerk-titel">Snel gebouwd<\/h3>/);
  assert.equal((await builtSite()).problems.filter((p) => p.file.includes('Kenmerk') || p.file.includes('kenmerken')), []);
});

test.run();
