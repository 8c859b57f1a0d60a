/**
 * A Docusaurus tags file may leave out a tag's label, or give a key no value
 * at all (`ci:`): the label is then the key. The portal (no `content` in its
 * configuration) keeps its rule that every tag has a label.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { analyse, generate, type Generated } from '../../pipeline/build.ts';
import { configText, effects, minimalAuthors, post, tree } from '../helpers.ts';

const labels = suite('tags file: labels');

const tagsFile = 'api:\n  label: API\n  description: Over API\'s.\nci:\nzonder-label:\n  description: Een tag met alleen een beschrijving.\n';
const files = {
  'blog/2024-01-02-x.md': post('title: X\nauthors: [ada]\ntags: [api, ci, zonder-label]'),
  'blog/authors.yml': minimalAuthors,
};
const build = (g: { config: string; tags: string }): Generated => generate(analyse(tree({ ...files, [g.tags]: tagsFile }, g.config), 'production'), effects, { render: false });

labels('should take the key as label of a tag without one, on a Docusaurus layout', () => {
  const g = build({ tags: 'blog/tags.yml', config: `${configText}\ncontent:\n  blog: { path: blog, routeBasePath: blog }\n` });
  assert.equal(g.problems.filter((p) => p.severity === 'error' && p.file.endsWith('tags.yml')), []);
  const tagsRoute = g.routes.find((r) => r.type === 'blog-tags') as { tags?: ReadonlyArray<{ key: string; label: string; description: string }> } | undefined;
  const byKey = new Map((tagsRoute?.tags ?? []).map((t) => [t.key, t]));
  assert.is(byKey.get('ci')?.label, 'ci');
  assert.is(byKey.get('zonder-label')?.label, 'zonder-label');
  assert.is(byKey.get('zonder-label')?.description, 'Een tag met alleen een beschrijving.');
  assert.is(byKey.get('api')?.label, 'API');
  assert.ok(g.routes.some((r) => r.path === '/blog/tags/ci'));
});

labels('should keep requiring a label in the portal\'s own tags file', () => {
  const g = build({ tags: 'tags.yml', config: configText });
  const refused = g.problems.filter((p) => p.code === 'frontmatter-field' && p.file === 'content/tags.yml').map((p) => p.line);
  assert.equal(refused, [4, 5]);
});

labels.run();
