import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { run } from '../helpers.ts';
import { normalisePath } from '../../pipeline/stages/links.ts';

const links = suite('links');

links('should report a broken link at its line and column, with a suggestion', () => {
  const g = run({
    'kennisbank/a.md': '---\ntitle: A\n---\n\nTekst.\n\nZie [B](/kennisbank/bb) en [home](/kennisbank).\n',
    'kennisbank/b.md': '---\ntitle: B\n---\n\n## Kop\n',
  });
  const p = g.problems.filter((x) => x.code === 'broken-link');
  assert.is(p.length, 1);
  assert.equal([p[0]?.line, p[0]?.column], [7, 5]);
  assert.match(p[0]?.message ?? '', /Bedoel je \/kennisbank\/b\?/);
});

links('should warn, not fail, about a missing anchor', () => {
  const g = run({
    'kennisbank/a.md': '---\ntitle: A\n---\n\n[goed](./b.md#kop) [fout](./b.md#geen-kop) [hier](#nergens)\n',
    'kennisbank/b.md': '---\ntitle: B\n---\n\n## Kop\n',
  });
  const anchors = g.problems.filter((x) => x.code === 'broken-anchor');
  assert.is(anchors.length, 2);
  assert.ok(anchors.every((x) => x.severity === 'warning'));
});

links('should report a link to a draft in production only', () => {
  const files = {
    'kennisbank/a.md': '---\ntitle: A\n---\n\n[concept](/kennisbank/c)\n',
    'kennisbank/c.md': '---\ntitle: C\ndraft: true\n---\n\nNog niet af.\n',
  };
  assert.ok(run(files).problems.some((p) => p.code === 'link-to-draft'));
  assert.not.ok(run(files, { mode: 'development' }).problems.some((p) => p.code === 'link-to-draft'));
});

links('should read %2e as a dot in a relative route, as a browser does: climbing above the site root is an error', () => {
  const g = run({
    'kennisbank/a/b/doc.md': '---\ntitle: Doc\n---\n\n[boven](<../../%2e%2e/..>)\n\n[ook boven](../.%2E/%2e%2E/..)\n\n[binnen](<../%2e%2e/>)\n\n[hier](./%2e/)\n\n[met %2F](../%2E%2E%2F/../..)\n',
  });
  const outside = g.problems.filter((p) => p.code === 'link-outside-content');
  // The last climbs above the root only read as a file path (`%2F` a slash): still not a page of the site.
  assert.equal(outside.map((p) => p.line), [5, 7, 13]);
  // Within the site, the dots are climbed too: `../%2e%2e/` from /kennisbank/a/b/doc is the page /kennisbank.
  const inside = run({ 'kennisbank/a/b/doc.md': '---\ntitle: Doc\n---\n\n[binnen](<../%2e%2e/>)\n', 'kennisbank/index.md': '---\ntitle: Kennisbank\n---\n' }, { render: true });
  assert.equal(inside.problems.filter((p) => p.code.includes('link')), []);
  const page = inside.files.find((f) => String(f.data).includes('>binnen</a>'));
  assert.match(String(page?.data), /<a href="\/kennisbank">binnen<\/a>/);
});

links('should normalise .html and /index.html', () => {
  assert.is(normalisePath('/x.html'), '/x');
  assert.is(normalisePath('/x/index.html'), '/x');
  assert.is(normalisePath('/index.html'), '/');
  assert.is(normalisePath('/404.html'), '/404.html');
});

links('should report exactly the links whose target is missing', () => {
  const name = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
  fc.assert(fc.property(fc.uniqueArray(name, { minLength: 1 }), fc.array(name, { maxLength: 12 }), (pages, targets) => {
    const body = targets.map((t) => `[${t}](/kennisbank/${t})`).join('\n\n');
    const files = Object.fromEntries(pages.map((p) => [`kennisbank/${p}.md`, `---\ntitle: ${p.toUpperCase()}\n---\n\nTekst.\n`]));
    files['kennisbank/bron.md'] = `---\ntitle: Bron\n---\n\n${body}\n`;
    const g = run(files);
    const reported = g.problems.filter((p) => p.code === 'broken-link').map((p) => p.line);
    const expected = targets.flatMap((t, i) => (pages.includes(t) ? [] : [5 + i * 2]));
    assert.equal(reported, expected);
  }), { numRuns: 100 });
});

links.run();
