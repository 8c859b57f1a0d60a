import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { codes, configText, effects, post, run } from '../helpers.ts';
import { analyse, generate } from '../../pipeline/build.ts';
import { tree } from '../helpers.ts';

/** The pure stages with the site's configuration changed by `edit`, rendered when asked. */
function withConfig(files: Record<string, string>, edit: (config: string) => string, render = false) {
  const analysis = analyse(tree(files, edit(configText)), 'production');
  return generate(analysis, effects, { render });
}
const docusaurusDefaults = (config: string) => config.replace(/\nfrontmatter:\n {2}onInlineTags: throw\n {2}onInlineAuthors: throw\n/, '\n');
const allowing = (keys: string) => (config: string) => `${docusaurusDefaults(config)}\nfrontmatter:\n  allowedKeys: [${keys}]\n`;

const keys = suite('frontmatter: the keys Docusaurus accepts, and the site\'s own');

keys('every key of Docusaurus\' docs, blog and pages schemas builds without a warning', () => {
  const g = run({
    'kennisbank/x.md': '---\ntitle: X\nsidebar_custom_props:\n  icoon: boek\npagination_label: Verder\ncustom_edit_url: null\nhide_title: true\nsidebar_key: x-sleutel\nparse_number_prefixes: false\nid: eigen-id\nkeywords: [a, b]\nimage: ./img/x.png\nlast_update:\n  date: 2024-01-01\n  author: Jan\ntoc_min_heading_level: 2\ntoc_max_heading_level: 4\n---\n\nTekst.\n',
    'blog/2024-01-02-x.md': post('title: X\nauthors: [ada]\nhide_table_of_contents: true\nunlisted: false\ndraft: false\ndescription: Iets.'),
    'pages/p.md': '---\ntitle: P\nwrapperClassName: breed\n---\n\nTekst.\n',
  });
  assert.equal(g.problems.filter((p) => p.code === 'frontmatter-unknown-key'), []);
});

keys('an unknown key gives one warning for all files that use it, naming them', () => {
  const files = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`kennisbank/d${i}.md`, `---\ntitle: D${i}\nhide_feedback: true\n---\n\nTekst.\n`]));
  const g = run(files);
  const warnings = g.problems.filter((p) => p.code === 'frontmatter-unknown-key');
  assert.is(warnings.length, 1, JSON.stringify(warnings));
  assert.is(warnings[0]?.file, 'content/kennisbank/d0.md');
  assert.is(warnings[0]?.line, 3);
  assert.match(warnings[0]?.message ?? '', /`hide_feedback` \(in 5 bestanden: content\/kennisbank\/d0\.md, content\/kennisbank\/d1\.md, content\/kennisbank\/d2\.md en 2 andere\)/);
  assert.match(warnings[0]?.message ?? '', /frontmatter\.allowedKeys/);
});

keys('a key listed in frontmatter.allowedKeys gives no warning', () => {
  const g = withConfig({ 'kennisbank/x.md': '---\ntitle: X\nhide_feedback: true\n---\n\nTekst.\n' }, allowing('hide_feedback'));
  assert.not.ok(codes(g).includes('frontmatter-unknown-key'));
  assert.not.ok(codes(g).includes('config-invalid'));
});

const inline = suite('frontmatter: inline tags and authors');

inline('with Docusaurus\' default a tag outside tags.yml is built, with one warning naming its files', () => {
  const g = withConfig({
    'blog/2024-01-02-x.md': post('title: X\nauthors: [ada]\ntags: [api, Open Source]'),
    'blog/2024-01-03-y.md': post('title: Y\nauthors: [ada]\ntags: [Open Source]'),
  }, docusaurusDefaults, true);
  assert.equal(g.problems.filter((p) => p.severity === 'error'), []);
  const w = g.problems.filter((p) => p.code === 'inline-tag');
  assert.is(w.length, 1);
  assert.match(w[0]?.message ?? '', /2024-01-02-x\.md en content\/blog\/2024-01-03-y\.md/);
  const page = g.files.find((f) => f.path === 'blog/tags/open-source/index.html');
  assert.ok(page, 'the inline tag has its page');
  assert.match(String(page?.data), /Open Source/);
});

inline('with Docusaurus\' default an inline author and the older author fields build, with a warning, and no author page', () => {
  const g = withConfig({
    'blog/2024-01-02-x.md': post('title: X\nauthors:\n  - ada\n  - name: Gast Spreker\n    title: Spreker\n    url: https://gast.example.org'),
    'blog/2024-01-03-y.md': post('title: Y\nauthor: Oude Stijl\nauthor_url: https://oud.example.org'),
    'blog/2024-01-04-z.md': post('title: Z\nauthors: ada'),
  }, docusaurusDefaults, true);
  assert.equal(g.problems.filter((p) => p.severity === 'error'), []);
  assert.is(g.problems.filter((p) => p.code === 'inline-author').length, 2);
  const x = String(g.files.find((f) => f.path === 'blog/2024/01/02/x/index.html')?.data);
  assert.match(x, /Gast Spreker/);
  assert.match(String(g.files.find((f) => f.path === 'blog/2024/01/03/y/index.html')?.data), /Oude Stijl/);
  assert.not.ok(g.files.some((f) => f.path.startsWith('blog/authors/gast')));
});

inline('the portal\'s configuration (throw) keeps refusing them', () => {
  const g = run({ 'blog/2024-01-02-x.md': post('title: X\nauthors:\n  - name: Iemand\ntags:\n  - label: Nieuw\n  - onbekend') });
  assert.equal(g.problems.filter((p) => p.code === 'unknown-tag').length, 2);
  assert.ok(codes(g).includes('unknown-author'));
  assert.not.ok(codes(g).includes('inline-tag'));
});

inline('the portal\'s configuration refuses the older author fields too', () => {
  const g = run({ 'blog/2024-01-02-x.md': post('title: X\nauthor: Oude Stijl\nauthor_title: Redacteur') });
  const p = g.problems.find((x) => x.code === 'unknown-author');
  assert.is(p?.line, 3);
  assert.not.ok(g.files.length > 0 && codes(g).includes('inline-author'));
});

keys.run();
inline.run();

const honoured = suite('frontmatter: custom_edit_url');

honoured('replaces the site\'s edit link, and null hides it', () => {
  const g = run({
    'kennisbank/eigen.md': '---\ntitle: Eigen\ncustom_edit_url: https://example.org/bewerk/eigen.md\n---\n\nTekst.\n',
    'kennisbank/geen.md': '---\ntitle: Geen\ncustom_edit_url: null\n---\n\nTekst.\n',
    'kennisbank/gewoon.md': '---\ntitle: Gewoon\n---\n\nTekst.\n',
  }, { render: true });
  const page = (p: string) => String(g.files.find((f) => f.path === p)?.data);
  assert.match(page('kennisbank/eigen/index.html'), /href="https:\/\/example\.org\/bewerk\/eigen\.md"/);
  assert.not.match(page('kennisbank/geen/index.html'), /\/edit\/main\//);
  assert.match(page('kennisbank/gewoon/index.html'), /\/edit\/main\/content\/kennisbank\/gewoon\.md/);
});

honoured.run();
