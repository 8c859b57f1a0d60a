/**
 * A post without a truncation marker, as Docusaurus' `onUntruncatedBlogPosts`
 * decides (`blog.onUntruncatedBlogPosts` here): a warning by default, an
 * error with `throw` (the portal's own rule), nothing with `ignore`.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { analyse, generate } from '../../pipeline/build.ts';
import { configText, effects, post, tree } from '../helpers.ts';

const untruncated = suite('posts without a truncation marker');

const files = { 'blog/2024-01-02-x.md': post('title: X\nauthors: [ada]', 'Alleen tekst, zonder afkapregel.\n') };

/** The site configuration with `line` in its `blog:` block, or without the option at all. */
const withPolicy = (line: string | null) => configText.replace(/^  onUntruncatedBlogPosts: .*\n/m, '').replace(/^blog:\n/m, `blog:\n${line ? `  ${line}\n` : ''}`);
const problems = (config: string) => generate(analyse(tree(files, config), 'production'), effects, { render: false }).problems
  .filter((p) => p.code === 'missing-truncate');

untruncated('should warn by default, as Docusaurus does', () => {
  const found = problems(withPolicy(null));
  assert.equal(found.map((p) => [p.severity, p.file, p.line]), [['warning', 'content/blog/2024-01-02-x.md', 1]]);
  assert.match(found[0]!.message, /afkapregel/);
});

untruncated('should fail the build with throw, as the portal sets it', () => {
  assert.equal(problems(withPolicy('onUntruncatedBlogPosts: throw')).map((p) => p.severity), ['error']);
  assert.equal(problems(configText).map((p) => p.severity), ['error']);
});

untruncated('should say nothing with ignore, and warn with log', () => {
  assert.equal(problems(withPolicy('onUntruncatedBlogPosts: ignore')), []);
  assert.equal(problems(withPolicy('onUntruncatedBlogPosts: log')).map((p) => p.severity), ['warning']);
});

untruncated('should refuse another value at its line', () => {
  const config = withPolicy('onUntruncatedBlogPosts: soms');
  const g = generate(analyse(tree(files, config), 'production'), effects, { render: false });
  const refused = g.problems.filter((p) => p.file === 'dist-config/site.yml');
  assert.ok(refused.some((p) => p.line === config.split('\n').findIndex((l) => l.includes('soms')) + 1), JSON.stringify(refused));
});

untruncated.run();
