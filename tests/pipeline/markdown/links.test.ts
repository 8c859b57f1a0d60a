import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Definition, Link } from 'mdast';
import { internalLink, linkTargets, type LinkPage, type LinkSite } from '../../../pipeline/stages/markdown/links.ts';
import { walk } from '../../../pipeline/stages/markdown/walk.ts';
import { parseMarkdownBody } from '../../../pipeline/stages/parse.ts';

const links = suite('markdown: links');

const page: LinkPage = { path: 'kennisbank/apis/index.md', display: 'content/kennisbank/apis/index.md', permalink: '/kennisbank/apis/' };
const site: LinkSite = {
  permalinks: new Map([['kennisbank/apis/problem-details.md', '/kennisbank/apis/problem-details']]),
  drafts: new Set(['kennisbank/apis/concept.md']),
  assets: new Map([['kennisbank/apis/spec.pdf', { path: 'kennisbank/apis/spec.pdf', url: '/assets/spec-abc.pdf', width: null, height: null, bytes: new Uint8Array() }]]),
};
const place = { line: 2, column: 3 };

links('should resolve a relative .md link to its permalink, with the hash, and record it', () => {
  assert.equal(internalLink('./problem-details.md#velden', place, page, site), {
    url: '/kennisbank/apis/problem-details#velden',
    link: { url: '/kennisbank/apis/problem-details#velden', file: page.display, place },
  });
});

links('should record a link within the page and a site path as written', () => {
  assert.equal(internalLink('#velden', place, page, site), { url: '#velden', link: { url: '/kennisbank/apis/#velden', file: page.display, place } });
  assert.equal(internalLink('/blog', place, page, site), { url: '/blog', link: { url: '/blog', file: page.display, place } });
});

links('should point an asset link at the hashed file, and a relative route at the route', () => {
  assert.equal(internalLink('./spec.pdf', place, page, site), { url: '/assets/spec-abc.pdf' });
  assert.equal(internalLink('../../tags', place, page, site).url, '/tags');
});

links('should report missing files, drafts and links outside the content root, and keep the URL', () => {
  const code = (url: string) => internalLink(url, place, page, site).problem?.code;
  assert.is(code('./weg.md'), 'broken-markdown-link');
  assert.is(code('./concept.md'), 'link-to-draft');
  assert.is(code('../../../etc/passwd.md'), 'link-outside-content');
  assert.is(internalLink('./weg.md', place, page, site).url, './weg.md');
  assert.is(internalLink('./weg.md', place, page, site).link, undefined);
});

links('should refuse script addresses in links and definitions, and leave external links alone', () => {
  const tree = parseMarkdownBody('[a](javascript:alert(1)) [b](https://example.nl) [c](//example.nl/x) [d][n]\n\n[n]: vbscript:x\n');
  const job = linkTargets(page, site);
  const problems = walk(tree, { link: job.link, definition: job.definition });
  assert.equal(problems.map((p) => [p.code, p.line, p.column]), [['unsafe-html', 1, 1], ['unsafe-html', 3, 1]]);
  const urls: string[] = [];
  walk(tree, { link: (n: Link) => { urls.push(n.url); return undefined; }, definition: (n: Definition) => { urls.push(n.url); return undefined; } });
  assert.equal(urls, ['#', 'https://example.nl', '//example.nl/x', '#']);
  assert.equal(job.links, []);
});

links('should record the internal links of a page in document order, with their places', () => {
  const tree = parseMarkdownBody('[a](./problem-details.md)\n\n[b](#x) [weg](./weg.md)\n');
  const job = linkTargets(page, site);
  const problems = walk(tree, { link: job.link, definition: job.definition });
  assert.equal(job.links.map((l) => [l.url, l.place.line, l.place.column]), [['/kennisbank/apis/problem-details', 1, 1], ['/kennisbank/apis/#x', 3, 1]]);
  assert.equal(problems.map((p) => [p.code, p.line, p.column]), [['broken-markdown-link', 3, 9]]);
});

links.run();
