/**
 * HTML files in a static folder: published as they are, as Docusaurus does,
 * with one warning that lists them all so that a reviewer sees them; with
 * `static.html: error` in site.yml each one is an error and none is published.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { analyse, generate, type Generated } from '../../pipeline/build.ts';
import type { AssetFile, SourceTree } from '../../pipeline/types.ts';
import { configText, tree } from '../helpers.ts';
import { themeCode } from '../../theme/theme-code.ts';

const test = suite('static HTML files');

const asset = (path: string, text: string): AssetFile => ({ path, display: `static/${path}`, bytes: new TextEncoder().encode(text) });
const phishing = '<!doctype html><title>Inloggen</title><form action="https://kwaadwillend.example/">…</form>';
const statics = [asset('login.html', phishing), asset('oud/index.htm', '<p>oud</p>'), asset('img/logo.png', 'png'), asset('robots-extra.txt', 'x')];

function build(config = configText): Generated {
  const sources: SourceTree = { ...tree({ 'kennisbank/a.md': '---\ntitle: A\n---\n\nTekst.\n' }, config), staticFiles: statics };
  return generate(analyse(sources, 'production'), {
    highlighter: null, diagrams: new Map(), theme: { css: '/assets/styles.css', js: null, files: new Map() }, themeFiles: [], themeCode,
  }, { render: true });
}

const htmlProblems = (g: Generated) => g.problems.filter((p) => p.code === 'static-html');

test('HTML files are published as they are, with one warning that names every one', () => {
  const g = build();
  const published = new Map(g.files.map((f) => [f.path, Buffer.from(f.data).toString('utf8')]));
  assert.is(published.get('login.html'), phishing);
  assert.is(published.get('oud/index.htm'), '<p>oud</p>');
  const found = htmlProblems(g);
  assert.is(found.length, 1);
  assert.is(found[0]!.severity, 'warning');
  assert.is(found[0]!.file, 'static/login.html');
  assert.match(found[0]!.message, /static\/oud\/index\.htm/);
  assert.match(found[0]!.message, /static\.html: error/);
});

test('with static.html: error every HTML file is an error and none is published; other static files are', () => {
  const g = build(`${configText}\nstatic:\n  html: error\n`);
  const found = htmlProblems(g);
  assert.equal(found.map((p) => [p.file, p.severity]), [['static/login.html', 'error'], ['static/oud/index.htm', 'error']]);
  assert.not.ok(g.files.some((f) => /\.html?$/.test(f.path) && !f.path.endsWith('index.html') && f.path !== '404.html'), 'no static HTML file is published');
  assert.ok(g.files.some((f) => f.path === 'robots-extra.txt'));
});

test('a site without static HTML files gets no such warning, and a wrong value of static.html is a configuration error', () => {
  const none = generate(analyse({ ...tree({}), staticFiles: [asset('img/logo.png', 'png')] }, 'production'), {
    highlighter: null, diagrams: new Map(), theme: { css: '/assets/styles.css', js: null, files: new Map() }, themeFiles: [], themeCode,
  }, { render: true });
  assert.equal(htmlProblems(none), []);
  const wrong = build(`${configText}\nstatic:\n  html: ja\n`);
  assert.ok(wrong.problems.some((p) => p.code === 'config-invalid' && p.severity === 'error' && /static/.test(p.message)), wrong.problems.map((p) => p.message).join('\n'));
});

test.run();
