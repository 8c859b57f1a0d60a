import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { run, codes, post } from '../helpers.ts';
import { docPermalink, pagePermalink, postPermalink } from '../../pipeline/stages/resolve/permalinks.ts';
import { portalLayout } from '../../pipeline/layout.ts';

const [kennisbank, communities] = portalLayout.docs as [NonNullable<typeof portalLayout.docs[0]>, NonNullable<typeof portalLayout.docs[0]>];

const resolve = suite('resolve');

resolve('should make permalinks the way the spec lists routes', () => {
  assert.is(docPermalink(kennisbank, 'index.md'), '/kennisbank');
  assert.is(docPermalink(kennisbank, 'apis/index.md'), '/kennisbank/apis/');
  assert.is(docPermalink(kennisbank, 'apis/problem-details.md'), '/kennisbank/apis/problem-details');
  assert.is(docPermalink(communities, 'index.md'), '/communities/');
  assert.is(postPermalink('2025-11-12', 'nieuw'), '/blog/2025/11/12/nieuw');
  assert.is(pagePermalink('index'), '/');
  assert.is(pagePermalink('contributing/index'), '/contributing/');
  assert.is(pagePermalink('contact'), '/contact');
});

resolve('should resolve dot segments in a slug as a browser would, never above the area or the root', () => {
  // `...` is a name, not a dot segment: its page is a folder of that name.
  assert.is(docPermalink(kennisbank, 'apis/x.md', { slug: '...' }), '/kennisbank/apis/...');
  assert.is(docPermalink(kennisbank, 'x.md', { slug: '.' }), '/kennisbank/');
  assert.is(docPermalink(kennisbank, 'apis/x.md', { slug: '../../../elders' }), '/kennisbank/elders');
  assert.is(docPermalink(kennisbank, 'x.md', { slug: '/./a/../b/' }), '/kennisbank/b/');
  assert.is(docPermalink(kennisbank, 'x.md', { slug: '/..' }), '/kennisbank/');
  assert.is(pagePermalink('x', '/a/./../b'), '/b');
  assert.is(postPermalink('2025-11-12', '../../../../../x'), '/x');
});

resolve('should report an unknown tag at its place, with a suggestion', () => {
  const g = run({ 'kennisbank/x.md': '---\ntitle: X\ntags:\n  - apis\n---\n\nTekst.\n' });
  const p = g.problems.find((x) => x.code === 'unknown-tag');
  assert.is(p?.line, 4);
  assert.is(p?.column, 5);
  assert.match(p?.message ?? '', /Bedoel je "api"/);
});

resolve('should report an unknown author', () => {
  const g = run({ 'blog/2024-01-02-x.md': post('title: X\nauthors: [bob]') });
  assert.ok(codes(g).includes('unknown-author'));
});

resolve('should require a truncation marker in blog posts', () => {
  const g = run({ 'blog/2024-01-02-x.md': post('title: X\nauthors: [ada]', 'Alleen tekst.\n') });
  assert.ok(codes(g).includes('missing-truncate'));
  const mdx = run({ 'blog/2024-01-02-x.md': post('title: X\nauthors: [ada]', 'Intro.\n\n{/* truncate */}\n\nMeer.\n') });
  assert.not.ok(codes(mdx).includes('missing-truncate'));
});

resolve('should leave drafts out of production and keep them in development', () => {
  const files = { 'kennisbank/concept.md': '---\ntitle: Concept\ndraft: true\n---\n\nTekst.\n' };
  assert.not.ok(run(files).routes.some((r) => r.path === '/kennisbank/concept'));
  assert.ok(run(files, { mode: 'development' }).routes.some((r) => r.path === '/kennisbank/concept'));
});

resolve('should build one sidebar per area, wrapped in a Kennisbank category', () => {
  const g = run({
    'kennisbank/apis/index.md': '---\ntitle: API\'s\nsidebar_position: 1\n---\n\nIntro.\n',
    'kennisbank/apis/b.md': '---\ntitle: B\nsidebar_position: 2\n---\n\nB.\n',
    'kennisbank/apis/a.md': '---\ntitle: A\nsidebar_position: 1\n---\n\nA.\n',
    'kennisbank/apis/verborgen.md': '---\ntitle: Verborgen\nunlisted: true\n---\n\nV.\n',
  });
  const route = g.routes.find((r) => r.path === '/kennisbank/apis/a');
  assert.is(route?.sidebarId, 'apis');
});

resolve('should report a sidebar category without a link (a folder without index.md)', () => {
  const g = run({ 'kennisbank/apis/zonder-index/artikel.md': '---\ntitle: Artikel\n---\n\nTekst.\n', 'kennisbank/apis/index.md': '---\ntitle: API\n---\n\nIntro.\n' });
  const p = g.problems.find((x) => x.code === 'config-sidebar');
  assert.is(p?.file, 'content/kennisbank/apis/zonder-index/artikel.md');
  assert.match(p?.message ?? '', /index\.md/);
});

resolve.run();
