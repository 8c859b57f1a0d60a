/** MDX partials through the pure stages: a `_` file placed by the pages that import it. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toHtml } from 'hast-util-to-html';
import { analyse, generate } from '../../pipeline/build.ts';
import { siteMarkdownJobs } from '../../pipeline/stages/site-markdown.ts';
import type { SourceTree } from '../../pipeline/types.ts';
import { configText, effects, tree } from '../helpers.ts';

/** The portal reads .md as CommonMark; partials are MDX, as in Docusaurus. */
const mdxConfig = configText.replace(/^  format: detect$/m, '  format: mdx');

/** A site with these pages and these partials (content path → text). */
function site(pages: Record<string, string>, partials: Record<string, string>): SourceTree {
  return { ...tree(pages, mdxConfig), partials: Object.entries(partials).map(([path, text]) => ({ path, display: `content/${path}`, text })) };
}

function built(pages: Record<string, string>, partials: Record<string, string>) {
  const analysis = analyse(site(pages, partials), 'production');
  const g = generate(analysis, effects, { render: false });
  return { ...g, analysis, html: (permalink: string) => toHtml(g.contents.get(permalink)!.body) };
}

const page = (title: string, body: string) => `---\ntitle: ${title}\n---\n\n${body}`;

test('a partial is placed where the page puts its element, with its headings in the TOC and ids of the page', () => {
  const g = built({
    'kennisbank/a/index.md': page('A', "import Stap from './_stap.md';\n\n## Begin\n\n<Stap />\n\nNa de stap.\n"),
  }, {
    'kennisbank/a/_stap.md': '## Begin\n\nEerst de **sleutel** aanvragen.\n',
  });
  const html = g.html('/kennisbank/a/');
  assert.match(html, /<h2 id="begin">Begin<\/h2>/);
  assert.match(html, /<h2 id="begin-1">Begin<\/h2>\s*<p>Eerst de <strong>sleutel<\/strong> aanvragen.<\/p>/);
  assert.ok(html.indexOf('sleutel') < html.indexOf('Na de stap'));
  assert.equal(g.contents.get('/kennisbank/a/')!.toc.map((t) => t.id), ['begin', 'begin-1']);
  assert.equal(g.problems.filter((p) => p.severity === 'error'), []);
});

test('static props fill the places the partial writes {props.x}; in a sentence the partial gives its text', () => {
  const g = built({
    'kennisbank/b.md': page('B', "import Groet from '@site/kennisbank/_partials/groet.mdx';\n\n<Groet naam=\"Ada\" aantal={3} />\n\nZeg <Groet naam=\"Bob\" /> maar.\n"),
  }, {
    'kennisbank/_partials/groet.mdx': 'Hallo {props.naam}, je hebt {props.aantal} berichten.\n',
  });
  const html = g.html('/kennisbank/b');
  assert.match(html, /<p>Hallo Ada, je hebt 3 berichten.<\/p>/);
  assert.match(html, /<p>Zeg Hallo Bob, je hebt  berichten. maar.<\/p>/);
  assert.equal(g.problems.filter((p) => p.severity === 'error'), []);
});

test('links and images in a partial resolve from the partial file; its problems name the partial at its line', () => {
  const g = built({
    'kennisbank/diep/c.md': page('C', "import Deel from '../_partials/deel.md';\n\n<Deel />\n"),
    'kennisbank/doel.md': page('Doel', 'Hier.\n'),
  }, {
    'kennisbank/_partials/deel.md': 'Zie [het doel](../doel.md).\n\nEn [kapot](./bestaat-niet.md).\n\n{berekend()}\n',
  });
  assert.match(g.html('/kennisbank/diep/c'), /<a href="\/kennisbank\/doel">het doel<\/a>/);
  const partialProblems = g.problems.filter((p) => p.file === 'content/kennisbank/_partials/deel.md');
  assert.ok(partialProblems.some((p) => p.code === 'mdx-expression' && p.line === 5), JSON.stringify(g.problems));
  assert.ok(partialProblems.some((p) => p.line === 3), JSON.stringify(g.problems));
});

test('a partial placing a partial works; a cycle is an error at the import line', () => {
  const ok = built({
    'kennisbank/d.md': page('D', "import Buiten from './_buiten.md';\n\n<Buiten />\n"),
  }, {
    'kennisbank/_buiten.md': "import Binnen from './_binnen.md';\n\nBuiten.\n\n<Binnen />\n",
    'kennisbank/_binnen.md': 'Binnen.\n',
  });
  assert.match(ok.html('/kennisbank/d'), /<p>Buiten.<\/p>\s*<p>Binnen.<\/p>/);
  const cycle = built({
    'kennisbank/e.md': page('E', "import Een from './_een.md';\n\n<Een />\n"),
  }, {
    'kennisbank/_een.md': "Een.\n\nimport Twee from './_twee.md';\n\n<Twee />\n",
    'kennisbank/_twee.md': "import Een from './_een.md';\n\n<Een />\n",
  });
  const found = cycle.problems.filter((p) => p.code === 'mdx-partial-cycle');
  assert.equal(found.map((p) => [p.file, p.line, p.severity]), [['content/kennisbank/_twee.md', 1, 'error']]);
});

test('an import of a partial that does not exist is an unknown component where it is used', () => {
  const g = built({ 'kennisbank/f.md': page('F', "import Weg from './_weg.md';\n\n<Weg />\n") }, {});
  const found = g.problems.filter((p) => p.code === 'mdx-unknown-component');
  assert.equal(found.map((p) => [p.file, p.line]), [['content/kennisbank/f.md', 7]]);
});

test("a page's markdown key covers the text of every partial it places, and only those", () => {
  const pages = { 'kennisbank/g.md': page('G', "import S from './_s.md';\n\n<S />\n"), 'kennisbank/h.md': page('H', 'Los.\n') };
  const keys = (text: string) => {
    const { site, code, assets, languages } = analyse(site_(text), 'production');
    return new Map(siteMarkdownJobs({ site: site!, code, assets, languages, diagrams: null }).jobs.map((j) => [j.input.path, JSON.stringify(j.key)]));
  };
  const site_ = (text: string) => site(pages, { 'kennisbank/_s.md': text, 'kennisbank/_t.md': 'Ander.\n' });
  const before = keys('Een.\n');
  const after = keys('Twee.\n');
  assert.not.equal(before.get('kennisbank/g.md'), after.get('kennisbank/g.md'));
  assert.equal(before.get('kennisbank/h.md'), after.get('kennisbank/h.md'));
});

test('a mistake in a partial placed by two pages is reported once, at the partial', () => {
  const uses = "import S from './_s.md';\n\n<S />\n";
  const g = built({ 'kennisbank/a.md': page('A', uses), 'kennisbank/b.md': page('B', uses) }, { 'kennisbank/_s.md': '[kapot](./weg.md) en {x()}\n' });
  assert.equal(g.problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.code}`), ['content/kennisbank/_s.md:1:1 broken-markdown-link', 'content/kennisbank/_s.md:1:22 mdx-expression']);
});

test.run();
