import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { codes, minimalAuthors, minimalTags, post, run } from '../helpers.ts';

const html = (g: ReturnType<typeof run>, path: string): string => {
  const file = g.files.find((f) => f.path === path);
  assert.ok(file, `${path} is built (${g.files.filter((f) => f.path.endsWith('.html')).map((f) => f.path).slice(0, 40).join(', ')})`);
  return String(file?.data);
};
const errors = (g: ReturnType<typeof run>) => g.problems.filter((p) => p.severity === 'error');

const authors = suite('blog-rules: authors.yml socials in the built site');

authors('an e-mail address in socials links with mailto:, never https://name@host', () => {
  const g = run({
    'blog/authors.yml': `${minimalAuthors}jan:\n  name: Jan de Vries\n  socials:\n    email: jan@example.org\n    x: jandevries\n    linkedin: jan-de-vries\n    bluesky: jan.bsky.social\n    mastodon: jan@social.example\n    website: https://jan.example.org\n`,
    'blog/2024-01-02-x.md': post('title: X\nauthors: [jan]'),
  }, { render: true });
  assert.equal(errors(g), []);
  const page = html(g, 'blog/authors/jan/index.html');
  assert.ok(page.includes('href="mailto:jan@example.org"'), 'mailto link');
  assert.not.ok(page.includes('https://jan@example.org'));
  for (const url of ['https://x.com/jandevries', 'https://www.linkedin.com/in/jan-de-vries/', 'https://bsky.app/profile/jan.bsky.social', 'https://mastodon.social/@jan@social.example', 'https://jan.example.org']) {
    assert.ok(page.includes(`href="${url}"`), url);
  }
});

authors('a Stack Overflow user id written as a number is accepted, and a handle with / is a mistake at its line', () => {
  const g = run({
    'blog/authors.yml': `${minimalAuthors}jan:\n  name: Jan\n  socials:\n    stackoverflow: 82609\n    github: jan/repo\n`,
    'blog/2024-01-02-x.md': post('title: X\nauthors: [jan]'),
  });
  const p = g.problems.filter((x) => x.code === 'frontmatter-field');
  assert.is(p.length, 1, JSON.stringify(g.problems));
  assert.is(p[0]?.line, 8);
  assert.match(p[0]?.message ?? '', /socials\.github/);
});

const tags = suite('blog-rules: tags with / or spaces');

tags('keys with / and spaces are allowed; their pages are slugged as Docusaurus does', () => {
  const g = run({
    'tags.yml': `${minimalTags}ci/cd:\n  label: CI/CD\n  description: Bouwen en uitrollen.\nopen source:\n  label: Open source\n  description: Open.\n`,
    'blog/2024-01-02-x.md': post('title: X\nauthors: [ada]\ntags: [ci/cd, open source]'),
  }, { render: true });
  assert.equal(errors(g), []);
  assert.match(html(g, 'blog/tags/ci-cd/index.html'), /CI\/CD/);
  html(g, 'blog/tags/open-source/index.html');
  assert.match(html(g, 'blog/2024/01/02/x/index.html'), /href="\/blog\/tags\/ci-cd"/);
});

authors.run();
tags.run();
