import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { blogFileName, frontmatterDate } from '../../pipeline/stages/validate/blog-file.ts';
import { socialUrl } from '../../pipeline/stages/resolve/author-socials.ts';
import { kebabCase, keySegment } from '../../pipeline/stages/shared/tag-slug.ts';

const names = suite('blog-rules: dates and slugs from a post\'s path, as Docusaurus reads them');

const paths: ReadonlyArray<readonly [string, string | null, string]> = [
  ['2024-05-02-titel.md', '2024-05-02', '2024/05/02/titel'],
  ['2026/01/16-titel.md', '2026-01-16', '2026/01/16/titel'],
  ['2026/1/6-titel.mdx', '2026-01-06', '2026/1/6/titel'],
  ['2024-5-2-titel.md', '2024-05-02', '2024/5/2/titel'],
  ['2024-01-01-map-post/index.md', '2024-01-01', '2024/01/01/map-post'],
  ['2024/01/01/map-post/index.md', '2024-01-01', '2024/01/01/map-post'],
  ['reeks/2024-05-02-deel-1.md', '2024-05-02', '2024/05/02/reeks/deel-1'],
  ['2018-12-14-Happy-Birthday.md', '2018-12-14', '2018/12/14/Happy-Birthday'],
  ['zonder-datum.md', null, 'zonder-datum'],
  ['nieuws/zonder-datum/index.md', null, 'nieuws/zonder-datum'],
];
for (const [path, date, slug] of paths) {
  names(`${path} → ${date ?? 'geen datum'}, ${slug}`, () => {
    assert.equal(blogFileName(path), { date, slug });
  });
}

names('a front-matter date names the day written, whatever its time', () => {
  assert.is(frontmatterDate('2024-05-02'), '2024-05-02');
  assert.is(frontmatterDate('2024-5-2 10:00'), '2024-05-02');
  assert.is(frontmatterDate('2024-05-02T23:30:00+02:00'), '2024-05-02');
  assert.is(frontmatterDate('2024-02-31'), null);
  assert.is(frontmatterDate('gisteren'), null);
  assert.is(frontmatterDate(20240502), null);
});

const socials = suite('blog-rules: author socials as Docusaurus expands them');

const expanded: ReadonlyArray<readonly [string, string, string]> = [
  ['x', 'jan', 'https://x.com/jan'],
  ['twitter', 'jan', 'https://twitter.com/jan'],
  ['github', 'jan', 'https://github.com/jan'],
  ['linkedin', 'jan', 'https://www.linkedin.com/in/jan/'],
  ['bluesky', 'jan.bsky.social', 'https://bsky.app/profile/jan.bsky.social'],
  ['mastodon', 'jan@social.example', 'https://mastodon.social/@jan@social.example'],
  ['stackoverflow', '82609', 'https://stackoverflow.com/users/82609'],
  ['instagram', 'jan', 'https://www.instagram.com/jan'],
  ['threads', 'jan', 'https://www.threads.net/@jan'],
  ['twitch', 'jan', 'https://twitch.tv/jan'],
  ['youtube', 'jan', 'https://youtube.com/@jan'],
  ['GitHub', 'jan', 'https://github.com/jan'],
  ['email', 'jan@example.org', 'mailto:jan@example.org'],
  ['mail', 'jan@example.org', 'mailto:jan@example.org'],
  ['github', 'https://github.com/jan', 'https://github.com/jan'],
  ['website', 'https://jan.example.org', 'https://jan.example.org'],
  ['website', 'jan.example.org', 'https://jan.example.org'],
  ['email', 'mailto:jan@example.org', 'mailto:jan@example.org'],
];
for (const [network, value, url] of expanded) {
  socials(`${network}: ${value} → ${url}`, () => assert.is(socialUrl(network, value), url));
}

const slugs = suite('blog-rules: tag and author keys in URLs');

slugs('keys with / and spaces are slugged as Docusaurus does (lodash kebabCase)', () => {
  // Expected values are what lodash's kebabCase gives (Docusaurus' tag slug).
  const cases: Record<string, string> = {
    'ci/cd': 'ci-cd', 'open source': 'open-source', 'API Design': 'api-design', apiDesign: 'api-design',
    Überblick: 'uberblick', 'node.js': 'node-js', 'OpenAPI 3.1': 'open-api-3-1', Straße: 'strasse', "Jan's blog": 'jans-blog', nis2: 'nis-2',
  };
  for (const [key, slug] of Object.entries(cases)) assert.is(kebabCase(key), slug, key);
});

slugs('a key that is already a URL segment keeps its form', () => {
  assert.is(keySegment('nis2'), 'nis2');
  assert.is(keySegment('api-design-rules'), 'api-design-rules');
  assert.is(keySegment('ci/cd'), 'ci-cd');
});

names.run();
socials.run();
slugs.run();
