/**
 * Issue 12, "Contained": content can only reference files inside the content
 * root. A Markdown link or image that resolves outside it is an error
 * (link-outside-content), and nothing outside is read or copied: the read edge
 * follows no symbolic link (a loop, or a way out), reports each one
 * (symlink-ignored), and opens files with O_NOFOLLOW.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readSources } from '../../pipeline/io/read.ts';
import { runBuild } from '../../pipeline/schedule/schedule.ts';
import { codes, minimalAuthors, minimalTags, root, run } from '../helpers.ts';

const test = suite('build: contained');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-contained-'));
test.after(() => fs.rmSync(work, { recursive: true, force: true }));

const doc = (body: string) => `---\ntitle: Doc\n---\n\n## Kop\n\n${body}\n`;
const outside = (g: ReturnType<typeof run>) => g.problems.filter((p) => p.code === 'link-outside-content').map((p) => p.line);

test('should report a Markdown link, image or definition above the content root as link-outside-content', () => {
  const g = run({
    'kennisbank/a/doc.md': doc([
      '[omhoog](../../../geheim.md)', // line 7
      '',
      '![beeld](../../../../etc/passwd.png)', // line 9
      '',
      '[versleuteld](%2e%2e/%2e%2e/%2E%2E/x.md)', // line 11
      '',
      '[ref][buiten]', // line 13
      '',
      '[buiten]: ../../../x.md', // line 15
    ].join('\n')),
  });
  assert.equal(outside(g), [7, 9, 11, 15]);
  assert.ok(g.problems.filter((p) => p.code === 'link-outside-content').every((p) => p.severity === 'error'));
});

test('should accept .. that stays inside the content root, absolute routes and external addresses', () => {
  const g = run({
    'kennisbank/a/doc.md': doc('[omhoog](../index.md) [route](/kennisbank) [extern](https://example.org/../x) [anker](#kop)'),
  });
  assert.equal(outside(g), []);
  assert.not.ok(codes(g).includes('broken-markdown-link'), JSON.stringify(g.problems));
});

test('should not copy anything for an image outside the content root', () => {
  const g = run({ 'kennisbank/doc.md': doc('![beeld](../../buiten.png)') }, { render: true });
  assert.equal(outside(g), [7]);
  assert.ok(g.files.every((f) => f.path !== 'buiten.png' && !f.path.includes('..')));
});

/** Writes a small content tree to disk, with symbolic links into a loop and out of the content root. */
function contentWithLinks(): { content: string; secret: string } {
  const base = fs.mkdtempSync(path.join(work, 'site-'));
  const content = path.join(base, 'content');
  const secret = path.join(base, 'buiten');
  fs.mkdirSync(path.join(content, 'kennisbank'), { recursive: true });
  fs.mkdirSync(path.join(content, 'communities'), { recursive: true });
  fs.mkdirSync(path.join(content, 'blog'), { recursive: true });
  fs.mkdirSync(secret);
  fs.writeFileSync(path.join(secret, 'geheim.md'), '---\ntitle: GEHEIM-7f3a\n---\n\nGEHEIM-7f3a\n');
  fs.writeFileSync(path.join(secret, 'geheim.png'), Buffer.from('89504e470d0a1a0a' + Buffer.from('GEHEIM-7f3a').toString('hex'), 'hex'));
  fs.writeFileSync(path.join(content, 'kennisbank/index.md'), '---\ntitle: Kennisbank\n---\n\nWelkom.\n');
  fs.writeFileSync(path.join(content, 'communities/index.md'), '---\ntitle: Communities\n---\n\nSamen.\n');
  fs.writeFileSync(path.join(content, 'tags.yml'), minimalTags);
  fs.writeFileSync(path.join(content, 'blog/authors.yml'), minimalAuthors);
  fs.writeFileSync(path.join(content, 'kennisbank/doc.md'), doc([
    '![via map](buiten/geheim.png)', // line 7
    '',
    '![via bestand](plaatje.png)', // line 9
    '',
    '[via bestand](geheim.md)', // line 11
    '',
    '[omhoog](../../buiten/geheim.md)', // line 13
    '',
    '![omhoog](../../buiten/geheim.png)', // line 15
  ].join('\n')));
  // Out of the content root: a folder, a Markdown file and an image.
  fs.symlinkSync(secret, path.join(content, 'kennisbank/buiten'));
  fs.symlinkSync(path.join(secret, 'geheim.md'), path.join(content, 'kennisbank/geheim.md'));
  fs.symlinkSync(path.join(secret, 'geheim.png'), path.join(content, 'kennisbank/plaatje.png'));
  // Loops: a folder that contains itself, and two links to each other.
  fs.symlinkSync('.', path.join(content, 'kennisbank/lus'));
  fs.symlinkSync('b.md', path.join(content, 'kennisbank/a.md'));
  fs.symlinkSync('a.md', path.join(content, 'kennisbank/b.md'));
  return { content, secret };
}

test('should read no file through a symbolic link: no loop, nothing outside the content root', async () => {
  const { content } = contentWithLinks();
  const sources = await readSources(content, path.join(root, 'dist-config/site.yml'));
  // No loop: nothing was reached through the folder that links to itself (a followed loop lists lus/lus/… until ELOOP).
  const reached = [...sources.files.map((f) => f.path), ...sources.problems.map((p) => p.file)];
  assert.equal(reached.filter((p) => /(^\/)lus\//.test(p)), [], 'nothing read through the loop');
  assert.equal(sources.files.map((f) => f.path), ['blog/authors.yml', 'communities/index.md', 'kennisbank/doc.md', 'kennisbank/index.md', 'tags.yml']);
  assert.equal(sources.assets, []);
  assert.ok(sources.files.every((f) => !f.text.includes('GEHEIM-7f3a')));
  const links = sources.problems.filter((p) => p.code === 'symlink-ignored');
  assert.equal(links.map((p) => path.basename(p.file)).sort(), ['a.md', 'b.md', 'buiten', 'geheim.md', 'lus', 'plaatje.png']);
  assert.ok(links.every((p) => p.severity === 'warning'));
});

test('should build such a tree to problems, and publish nothing from outside', async () => {
  const { content } = contentWithLinks();
  const result = await runBuild({
    content, config: path.join(root, 'dist-config/site.yml'), mode: 'production', render: true, cacheDir: path.join(work, 'cache'),
  });
  const at = (code: string) => result.problems.filter((p) => p.code === code && p.file.endsWith('kennisbank/doc.md')).map((p) => p.line);
  assert.equal(at('broken-image'), [7, 9]);
  assert.equal(at('broken-markdown-link'), [11]);
  assert.equal(at('link-outside-content'), [13, 15]);
  for (const f of result.files) {
    assert.not.ok(Buffer.from(f.data).includes('GEHEIM-7f3a'), `${f.path} holds a file from outside the content root`);
  }
});

test.run();
