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

validate('should report a missing required title', () => {
  const g = run({ 'kennisbank/x.md': '---\ndescription: Geen titel\n---\n\nTekst.\n' });
  assert.match(g.problems.find((x) => x.code === 'frontmatter-field')?.message ?? '', /verplichte veld `title`/);
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

import { analyse } from '../../pipeline/build.ts';
import { tree } from '../helpers.ts';
function runWithConfig(config: string) {
  return analyse(tree({}, config), 'production').problems;
}

validate.run();
