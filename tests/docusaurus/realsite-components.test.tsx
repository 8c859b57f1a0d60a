/**
 * What the components of a new Docusaurus site import that ours must stand
 * for: `@theme/Heading`, and SVG drawings from the static folder (Docusaurus
 * makes them components); and a content root given as a relative path
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

test('Heading from the theme is the element its as names; an imported SVG is an image of its file in the static folder, named by its title', async () => {
  const loaded = await loadSiteComponents({ content: siteFixture, folder: 'src/components', cacheDir });
  assert.equal(loaded.problems, []);
  const Kenmerk = loaded.components['Site$Kenmerk']!;
  await loaded.prerender([{ name: 'Site$Kenmerk', props: { titel: 'Snel' }, children: true }]);
  loaded.close();
  assert.is(renderToStaticMarkup(<Kenmerk titel="Snel">tekst</Kenmerk>),
    '<div class="site-component" data-component="Kenmerk"><div class="kenmerk"><img class="kenmerk-tekening" src="/img/logo.svg" alt=""><h3 id="kenmerk-titel">Snel</h3><div>tekst</div><img src="/img/logo.svg" alt="Het logo van het portaal"></div></div>');
});

test('an SVG outside the static folders is a compile error of the component that imports it, at its import', async () => {
  const content = fs.mkdtempSync(path.join(cacheDir, 'content-'));
  fs.mkdirSync(path.join(content, 'src/components'), { recursive: true });
  fs.writeFileSync(path.join(content, 'src/tekening.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(content, 'src/components/Los.tsx'), "import Tekening from '../tekening.svg';\nexport default function Los() { return <Tekening />; }\n");
  const { components, problems } = await loadSiteComponents({ content, folder: 'src/components', cacheDir, display: 'site' });
  assert.equal(Object.keys(components), []);
  assert.equal(problems.map((p) => `${p.severity} ${p.code} ${p.file}:${p.line}`), ['error site-component-invalid site/src/components/Los.tsx:1']);
  assert.match(problems[0]!.message, /src\/tekening.svg staat niet in een statische map \(static\)/);
});

test('the built page shows the component with its heading and drawings', async () => {
  const html = (await builtSite()).html('/docs/praktijk/kenmerken');
  assert.match(html, /<div class="kenmerk"><img class="kenmerk-tekening" src="\/img\/logo.svg" alt=""\/?><h3 id="kenmerk-titel">Snel gebouwd<\/h3>/);
  assert.equal((await builtSite()).problems.filter((p) => p.file.includes('Kenmerk') || p.file.includes('kenmerken')), []);
});

test.run();
