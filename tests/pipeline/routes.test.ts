import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { run, post } from '../helpers.ts';
import { chunk, paginate, pagePath } from '../../pipeline/stages/paginate.ts';
import { outputFile } from '../../pipeline/stages/routes.ts';
import type { Route } from '../../pipeline/types.ts';

const day = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
const posts = (n: number, extra: (i: number) => string = () => '') =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`blog/${day(i)}-bericht-${i}.md`, post(`title: Bericht ${i}\nauthors: [ada]\ntags: [api]${extra(i)}`)]));

const byType = (routes: ReadonlyArray<Route>, type: Route['type']) => routes.filter((r) => r.type === type);

const routes = suite('routes');

routes('should paginate the blog 10 a page, newest first, last page holding the rest', () => {
  const g = run(posts(41));
  const lists = byType(g.routes, 'blog-list');
  assert.equal(lists.map((r) => r.path), ['/blog', '/blog/page/2', '/blog/page/3', '/blog/page/4', '/blog/page/5']);
  const last = lists[4];
  assert.is(last?.type === 'blog-list' ? last.pagination.items.length : -1, 1);
  const first = lists[0];
  assert.is(first?.type === 'blog-list' ? first.pagination.items[0]?.title : '', 'Bericht 40');
  assert.ok(g.routes.some((r) => r.path === '/blog/tags/api/page/5'));
  assert.ok(g.routes.some((r) => r.path === '/blog/authors/ada/page/5'));
});

routes('should keep unlisted posts out of every list but give them a route', () => {
  const g = run(posts(3, (i) => (i === 1 ? '\nunlisted: true' : '')));
  const listed = g.routes.flatMap((r) => ('pagination' in r ? r.pagination.items.map((p) => p.title) : []));
  assert.not.ok(listed.includes('Bericht 1'));
  assert.ok(g.routes.some((r) => r.type === 'blog-post' && r.post.title === 'Bericht 1'));
});

routes('should create every page type of the spec', () => {
  const g = run({
    ...posts(2),
    'kennisbank/apis/index.md': '---\ntitle: API\'s\ntags: [api]\n---\n\nIntro.\n',
    'pages/index.md': '---\ntitle: Home\n---\n\nWelkom.\n',
    'pages/contact.md': '---\ntitle: Contact\n---\n\nMail ons.\n',
  });
  const types = new Set(g.routes.map((r) => r.type));
  for (const type of ['docs-item', 'docs-root', 'docs-version-root', 'docs-tag-list', 'docs-tag-docs', 'blog-list', 'blog-post', 'blog-archive',
    'blog-tags', 'blog-tag-posts', 'blog-authors', 'blog-author-posts', 'search', 'content-page', 'not-found'] as const) {
    assert.ok(types.has(type), type);
  }
  assert.is(new Set(g.routes.map((r) => r.path)).size, g.routes.length);
});

routes('should warn about two sources for one route', () => {
  const g = run({ 'pages/x.md': '---\ntitle: X\n---\n\nA.\n', 'pages/y.md': '---\ntitle: Y\nslug: /x\n---\n\nB.\n' });
  assert.ok(g.problems.some((p) => p.code === 'duplicate-route' && p.severity === 'warning'));
});

routes('should map routes to output files', () => {
  assert.is(outputFile('/'), 'index.html');
  assert.is(outputFile('/kennisbank'), 'kennisbank/index.html');
  assert.is(outputFile('/kennisbank/apis/'), 'kennisbank/apis/index.html');
  assert.is(outputFile('/404.html'), '404.html');
});

routes('should put every listed post on exactly one page, at most 10 a page, newest first', () => {
  fc.assert(fc.property(fc.array(fc.record({ day: fc.integer({ min: 0, max: 700 }), unlisted: fc.boolean(), draft: fc.boolean() }), { maxLength: 45 }), (specs) => {
    const files = Object.fromEntries(specs.map((s, i) => [`blog/${day(s.day)}-p-${i}.md`,
      post(`title: P${i}\nauthors: [ada]\ntags: [api]${s.unlisted ? '\nunlisted: true' : ''}${s.draft ? '\ndraft: true' : ''}`)]));
    const g = run(files);
    const expected = specs.map((s, i) => ({ ...s, i })).filter((s) => !s.unlisted && !s.draft).map((s) => `P${s.i}`).sort();
    for (const type of ['blog-list', 'blog-tag-posts', 'blog-author-posts'] as const) {
      const pages = byType(g.routes, type).flatMap((r) => ('pagination' in r ? [r.pagination] : []));
      const seen = pages.flatMap((p) => p.items.map((x) => x.title));
      assert.equal([...seen].sort(), expected, type);
      for (const p of pages) {
        assert.ok(p.items.length <= 10);
        const dates = p.items.map((x) => x.date);
        assert.equal(dates, [...dates].sort().reverse());
      }
    }
  }), { numRuns: 40 });
});

routes('should chunk and name pages with one function', () => {
  assert.equal(chunk([1, 2, 3], 2), [[1, 2], [3]]);
  assert.is(pagePath('/blog', 1), '/blog');
  assert.is(pagePath('/blog', 3), '/blog/page/3');
  assert.is(paginate([], 10, '/blog').length, 1);
});

routes.run();
