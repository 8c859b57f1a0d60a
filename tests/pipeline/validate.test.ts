import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { configText, run, codes, post } from '../helpers.ts';

const validate = suite('validate');

validate('should name the field and its line for a wrong type', () => {
  const g = run({ 'kennisbank/x.md': '---\ntitle: X\nsidebar_position: eerste\n---\n\nTekst.\n' });
  const p = g.problems.find((x) => x.code === 'frontmatter-field');
  assert.ok(p);
  assert.is(p?.line, 3);
  assert.is(p?.column, 1);
  assert.match(p?.message ?? '', /`sidebar_position`/);
  assert.match(p?.message ?? '', /een getal/);
});

validate('should name the file a title comes from when there is none, and refuse a title of the wrong type', () => {
  const g = run({ 'kennisbank/x.md': '---\ndescription: Geen titel\n---\n\nTekst.\n' });
  assert.match(g.problems.find((x) => x.code === 'title-from-file-name')?.message ?? '', /de titel wordt "x"/);
  const wrong = run({ 'kennisbank/x.md': '---\ntitle: [een, lijst]\n---\n\n# Kop\n' });
  assert.match(wrong.problems.find((x) => x.code === 'frontmatter-field')?.message ?? '', /`title`/);
});

validate('should warn about unknown keys with a suggestion', () => {
  const g = run({ 'kennisbank/x.md': '---\ntitle: X\nsidebar_postion: 2\n---\n\nTekst.\n' });
  const p = g.problems.find((x) => x.code === 'frontmatter-unknown-key');
  assert.is(p?.severity, 'warning');
  assert.match(p?.message ?? '', /Bedoel je `sidebar_position`/);
  assert.is(p?.line, 3);
});

validate('should reject inline tags and inline authors', () => {
  const g = run({
    'blog/2024-01-02-x.md': post('title: X\nauthors:\n  - name: Iemand\ntags:\n  - label: Nieuw'),
  });
  assert.ok(codes(g).includes('unknown-tag'));
  assert.ok(codes(g).includes('unknown-author'));
});

validate('should report every broken file in one run', () => {
  const g = run({
    'kennisbank/a.md': '---\ntitle: 1\n---\n',
    'kennisbank/b.md': '---\ntitle: [x]\n---\n',
    'kennisbank/c.md': '---\ndraft: ja\ntitle: C\n---\n',
  });
  const files = new Set(g.problems.filter((p) => p.severity === 'error').map((p) => p.file));
  assert.equal([...files].sort(), ['content/kennisbank/a.md', 'content/kennisbank/b.md', 'content/kennisbank/c.md']);
});

validate('should reject a navbar item of unknown type and name it', () => {
  const config = configText.replace('    - type: search\n', '    - type: zoekbalk\n      label: Zoeken\n');
  const analysis = run({}, {});
  assert.is(analysis.problems.filter((p) => p.severity === 'error').length, 0);
  const g = runWithConfig(config);
  const p = g.find((x) => x.code === 'config-navbar-item');
  assert.match(p?.message ?? '', /"Zoeken"/);
  assert.match(p?.message ?? '', /"zoekbalk"/);
  assert.is(p?.file, 'dist-config/site.yml');
  assert.ok((p?.line ?? 0) > 1);
});

validate('should reject a docs version without a name', () => {
  const config = configText.replace('    - name: current\n      label: Next', '    - label: Next');
  const p = runWithConfig(config).find((x) => x.code === 'config-invalid');
  assert.match(p?.message ?? '', /geen naam/);
});

validate('should reject a navbar doc item whose doc does not exist', () => {
  const config = configText.replace('docId: index\n    - type: link', 'docId: bestaat-niet\n    - type: link');
  assert.ok(runWithConfig(config).some((x) => x.code === 'config-doc-id'));
});

validate('should refuse javascript:, data: and other script addresses in links, however they are written, and accept paths and web addresses', () => {
  const href = (value: string) => runWithConfig(configText.replace(/editUrl: .*\n/, `editUrl: ${JSON.stringify(value)}\n`)).filter((p) => p.code === 'config-invalid');
  for (const bad of ['javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'java\nscript:alert(1)', '\u0001javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'file:///etc/passwd']) {
    const problems = href(bad);
    assert.is(problems.length, 1, JSON.stringify(bad));
    assert.match(problems[0]?.message ?? '', /`editUrl`.*een pad op de site \(zoals \/blog\) of een https:\/\/-, http:\/\/-, mailto:- of tel:-adres/);
    assert.is(problems[0]?.line, configText.split('\n').findIndex((l) => l.startsWith('editUrl:')) + 1);
  }
  for (const good of ['/kennisbank', './edit/', '#kop', 'https://github.com/x/edit/main/', 'http://localhost:3000/', 'mailto:redactie@example.org', 'tel:+31701234567', '//cdn.example.org/x', 'relatief/pad?q=a:b']) {
    assert.equal(href(good), [], JSON.stringify(good));
  }
});

validate('should refuse a script address in an author, name the field, and not call the author unknown where a post uses it', () => {
  const authors = 'ada:\n  name: Ada\n  url: javascript:alert(1)\nbob:\n  name: Bob\n  image_url: data:image/png;base64,AAAA\n  socials:\n    x: "javascript:alert(1)"\n    github: bob\n';
  const g = run({ 'blog/authors.yml': authors, 'blog/2024-01-02-x.md': post('title: X\nauthors: [ada, bob, cor]') });
  assert.equal(g.problems.map((p) => [p.code, p.file, p.line]), [
    // cor is not in authors.yml: that is the post's mistake, at its line.
    ['unknown-author', 'content/blog/2024-01-02-x.md', 3],
    ['frontmatter-field', 'content/blog/authors.yml', 3],
    ['frontmatter-field', 'content/blog/authors.yml', 6],
    ['frontmatter-field', 'content/blog/authors.yml', 8],
  ]);
  assert.match(g.problems[0]?.message ?? '', /"cor"/);
  assert.match(g.problems[2]?.message ?? '', /`image_url`.*een pad naar een afbeelding \(zoals \.\/img\/ada\.png\) of een https:\/\/-adres/);
  assert.match(g.problems[3]?.message ?? '', /`socials\.x`.*een gebruikersnaam/);
});

/** Three docs and a page with tags: five uses of a tag in four files. */
const tagged = {
  'kennisbank/a.md': '---\ntitle: A\ntags: [api, security]\n---\n\nTekst.\n',
  'kennisbank/b.md': '---\ntitle: B\ntags: [api]\n---\n\nTekst.\n',
  'kennisbank/c.md': '---\ntitle: C\ntags: [api]\n---\n\nTekst.\n',
  'pages/d.md': '---\ntitle: D\ntags: [security]\n---\n\nTekst.\n',
  // A draft is not built: its tags are not looked up.
  'kennisbank/e.md': '---\ntitle: E\ndraft: true\ntags: [api]\n---\n\nTekst.\n',
};

validate('should report a missing, empty or unreadable tags.yml once, at the file, with the uses it leaves unknown counted', () => {
  const cases: Array<[string, string, RegExp, string]> = [
    ['', 'unknown-tag', /^content\/tags\.yml ontbreekt of kon niet worden gelezen: geen enkele tag is bekend \(5 keer een tag in 4 bestanden\)\./, 'missing'],
    ['\n', 'unknown-tag', /^content\/tags\.yml is leeg: geen enkele tag is bekend \(5 keer een tag in 4 bestanden\)\. Zet de tags terug/, 'empty'],
    ['{}\n', 'unknown-tag', /is leeg/, 'an empty map'],
    ['api:\n  label: "API\n', 'yaml-syntax', /^De YAML van content\/tags\.yml kan niet worden gelezen .*\(5 keer een tag in 4 bestanden\)/, 'unreadable'],
    ['- api\n- security\n', 'frontmatter-field', /^content\/tags\.yml bevat geen tags op sleutel: .*\(5 keer een tag in 4 bestanden\)/, 'a list'],
  ];
  for (const [text, code, message, name] of cases) {
    const g = run({ ...tagged, 'tags.yml': text });
    const atUses = g.problems.filter((p) => p.file !== 'content/tags.yml');
    assert.equal(atUses, [], `${name}: nothing at the uses`);
    const folded = g.problems.filter((p) => p.line === 1 && p.column === 1 && p.code === code && /keer een tag/.test(p.message));
    assert.is(folded.length, 1, `${name}: ${JSON.stringify(g.problems)}`);
    assert.match(folded[0]?.message ?? '', message, name);
  }
});

validate('should say nothing about an empty or missing tags.yml or authors.yml that nothing uses, and count in the singular', () => {
  assert.equal(run({ 'tags.yml': '', 'blog/authors.yml': '\n' }).problems, []);
  const one = run({ 'tags.yml': '\n', 'kennisbank/a.md': '---\ntitle: A\ntags: [api]\n---\n\nTekst.\n' }).problems;
  assert.equal(one.map((p) => p.code), ['unknown-tag']);
  assert.match(one[0]?.message ?? '', /\(1 keer een tag in 1 bestand\)/);
});

validate('should report an empty authors.yml once, with the authors of every post (drafts too) counted', () => {
  const g = run({
    'blog/authors.yml': '\n',
    'blog/2024-01-02-a.md': post('title: A\nauthors: [ada, bob]'),
    'blog/2024-01-03-b.md': post('title: B\ndraft: true\nauthors: [ada]'),
  });
  assert.equal(g.problems.map((p) => [p.code, p.file, p.line]), [['unknown-author', 'content/blog/authors.yml', 1]]);
  assert.match(g.problems[0]?.message ?? '', /^content\/blog\/authors\.yml is leeg: geen enkele auteur is bekend \(3 keer een auteur in 2 bestanden\)/);
});

validate('should report a refused tag definition at its line, not at every use, and an unknown tag still at its use', () => {
  const g = run({
    'tags.yml': 'api:\n  description: Zonder label.\nsecurity:\n  label: Security\n',
    'kennisbank/a.md': '---\ntitle: A\ntags: [api, security, apis]\n---\n\nTekst.\n',
    'kennisbank/b.md': '---\ntitle: B\ntags: [api]\n---\n\nTekst.\n',
  });
  assert.equal(g.problems.map((p) => [p.code, p.file, p.line]), [
    ['unknown-tag', 'content/kennisbank/a.md', 3],
    ['frontmatter-field', 'content/tags.yml', 1],
  ]);
  assert.match(g.problems[0]?.message ?? '', /"apis"/);
});

import { analyse } from '../../pipeline/build.ts';
import { tree } from '../helpers.ts';
function runWithConfig(config: string) {
  return analyse(tree({}, config), 'production').problems;
}

validate.run();
