/**
 * The blog's loose ends on a real Docusaurus site: a post without a
 * truncation marker only warns (Docusaurus' `onUntruncatedBlogPosts`), and
 * `migrate` carries the option over.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { migrateSiteConfig } from '../../pipeline/cli/migrate/site-config.ts';

const test = suite('blog loose ends on a Docusaurus site');

test('migrate carries the blog option onUntruncatedBlogPosts over, and leaves it out when unset', () => {
  const mapped = (blog: Record<string, unknown>) => migrateSiteConfig({
    title: 'Nieuwssite', url: 'https://nieuws.example.nl', baseUrl: '/', presets: [['classic', { docs: false, blog }]],
  }, new Map(), ['blog/2026-01-01-a.md'], '/site');
  const withIt = mapped({ onUntruncatedBlogPosts: 'ignore' });
  assert.is((withIt.site.blog as { onUntruncatedBlogPosts?: string }).onUntruncatedBlogPosts, 'ignore');
  assert.not.ok(withIt.notes.some((n) => n.includes('onUntruncatedBlogPosts')), withIt.notes.join('\n'));
  assert.is((mapped({}).site.blog as { onUntruncatedBlogPosts?: string }).onUntruncatedBlogPosts, undefined);
});

test.run();
