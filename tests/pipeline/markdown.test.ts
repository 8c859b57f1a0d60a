import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { toHtml } from 'hast-util-to-html';
import { renderMarkdown, unsafeHtml, type MarkdownContext } from '../../pipeline/markdown.ts';
import { parseMarkdownBody } from '../../pipeline/parse.ts';

const ctx: MarkdownContext = {
  permalinks: new Map([['kennisbank/apis/index.md', '/kennisbank/apis/'], ['kennisbank/apis/problem-details.md', '/kennisbank/apis/problem-details']]),
  drafts: new Set(['kennisbank/apis/concept.md']),
  assets: new Map(),
  highlighter: null,
  diagrams: new Map(),
};

const render = (md: string, path = 'kennisbank/apis/index.md', permalink = '/kennisbank/apis/') =>
  renderMarkdown({ tree: parseMarkdownBody(md), path, display: `content/${path}`, permalink, tocMin: 2, tocMax: 3 }, ctx);

const markdown = suite('markdown');

markdown('should give headings GitHub-style ids, honour {#custom} and fill the TOC with levels 2-3', () => {
  const { content } = render('## Aan de slag\n\n### Stap één {#stap-1}\n\n#### Diep\n\n## Aan de slag\n');
  assert.equal(content.toc.map((t) => t.id), ['aan-de-slag', 'stap-1', 'aan-de-slag-1']);
  assert.equal(content.anchors, ['aan-de-slag', 'stap-1', 'diep', 'aan-de-slag-1']);
  assert.is(content.toc[1]?.text, 'Stap één');
  assert.match(toHtml(content.body), /<h3 id="stap-1">Stap één<\/h3>/);
});

markdown('should resolve relative .md links to routes and report missing files at the link', () => {
  const { content, problems } = render('Zie [details](./problem-details.md#velden) en [weg](./bestaat-niet.md).\n');
  assert.match(toHtml(content.body), /href="\/kennisbank\/apis\/problem-details#velden"/);
  assert.is(problems.length, 1);
  assert.is(problems[0]?.code, 'broken-markdown-link');
  assert.is(problems[0]?.line, 1);
  assert.is(problems[0]?.column, 47);
});

markdown('should refuse links and images outside the content root', () => {
  const { problems } = render('[x](../../../etc/passwd.md) ![y](../../../../geheim.png)\n');
  assert.equal(problems.map((p) => p.code), ['link-outside-content', 'link-outside-content']);
});

markdown('should report a link to a draft', () => {
  assert.is(render('[c](./concept.md)\n').problems[0]?.code, 'link-to-draft');
});

markdown('should turn admonitions into labelled asides with Dutch default titles', () => {
  const { content } = render(':::warning\nLet op.\n:::\n\n:::tip[Handig]\nJa.\n:::\n');
  const html = toHtml(content.body);
  assert.match(html, /<aside class="admonition admonition-warning" data-admonition="warning" data-title="Waarschuwing">/);
  assert.match(html, /data-title="Handig"/);
});

markdown('should put back text that only looks like a directive', () => {
  assert.match(toHtml(render('Om 10:30 begint het, zie:hier.\n').content.body), /zie:hier/);
});

markdown('should refuse unsafe raw HTML and allow details', () => {
  assert.is(render('<script>alert(1)</script>\n').problems[0]?.code, 'unsafe-html');
  assert.is(render('<img src="x" onerror="alert(1)">\n').problems[0]?.code, 'unsafe-html');
  assert.is(render('<a href="javascript:alert(1)">x</a>\n').problems[0]?.code, 'unsafe-html');
  const ok = render('<details>\n<summary>Meer</summary>\n\nTekst.\n\n</details>\n');
  assert.is(ok.problems.length, 0);
  assert.match(toHtml(ok.content.body), /<details>/);
  assert.equal(unsafeHtml('<kbd>Ctrl</kbd>'), []);
});

markdown('should split the excerpt at the truncation marker', () => {
  const { content } = render('Intro.\n\n<!-- truncate -->\n\nRest.\n');
  assert.is(toHtml(content.excerpt ?? { type: 'root', children: [] }), '<p>Intro.</p>');
  assert.not.match(toHtml(content.body), /truncate/);
});

markdown('should give every generated heading a unique id and a TOC in heading order', () => {
  const heading = fc.record({ depth: fc.integer({ min: 2, max: 4 }), text: fc.stringMatching(/^[A-Za-zé0-9][A-Za-zé0-9 ?!-]{0,20}$/) });
  fc.assert(fc.property(fc.array(heading, { minLength: 1, maxLength: 25 }), (headings) => {
    const md = headings.map((h) => `${'#'.repeat(h.depth)} ${h.text}`).join('\n\n');
    const { content } = render(md);
    assert.is(new Set(content.anchors).size, content.anchors.length);
    assert.is(content.anchors.length, headings.length);
    const expected = headings.map((h, i) => ({ depth: h.depth, id: content.anchors[i] })).filter((h) => h.depth <= 3);
    assert.equal(content.toc.map((t) => ({ depth: t.depth, id: t.id })), expected);
  }), { numRuns: 200 });
});

markdown.run();
