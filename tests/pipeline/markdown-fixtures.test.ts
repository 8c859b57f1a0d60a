/**
 * Fixture tests for the whole Markdown path a page body takes:
 * parseMarkdownBody → renderMarkdown (mdast → hast) → the renderer's Markdown
 * component (the theme's elements, then HTML) → renderToStaticMarkup. The
 * fragment is the body without its `<div class="markdown">`, after what
 * React hoists (an image's preload link).
 *
 * Each folder in tests/fixtures/markdown/<feature>/ holds
 *   input.md        a Markdown body (no frontmatter), written as the page
 *                   content/kennisbank/apis/index.md (route /kennisbank/apis/)
 *   expected.html   the HTML fragment the body renders to
 *   problems.json   the problems reported, [{severity, code, line, column}]
 *                   (absent means: no problems)
 *   content.json    optional: the page data besides the HTML, {toc, words}
 *                   (written for every fixture whose page has a TOC)
 *   page.json       optional input: {"tocMin": 2, "tocMax": 4} as the
 *                   frontmatter's toc_min/max_heading_level would set them,
 *                   {"diagrams": "unavailable"} for a build without Chromium
 *
 * The HTML must match exactly, except that the order of attributes on an
 * element does not count (so a hand-written expectation does not depend on
 * the order a fix happens to produce).
 *
 * `UPDATE=1` (re)writes expected.html and problems.json instead of failing.
 * Read every rewritten file before committing it: a fixture records what the
 * output should be, not whatever came out. Some expectations were written by
 * hand where the output was wrong; UPDATE=1 overwrites those too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { parseFragment, serialize, type DefaultTreeAdapterMap } from 'parse5';
import { renderMarkdown, type Diagram, type MarkdownContext } from '../../pipeline/stages/markdown.ts';
import { parseMarkdownBody } from '../../pipeline/stages/parse.ts';
import { contentHash } from '../../pipeline/content-hash.ts';
import { type Asset } from '../../pipeline/stages/assets.ts';
import { createHighlighter } from '../../pipeline/io/highlight/shiki.ts';
import { Markdown } from '../../renderer/markdown.tsx';
import { newBodyTheme } from '../../theme/shell/body-theme.tsx';
import { visit } from 'unist-util-visit';

const fixturesDir = path.resolve(import.meta.dirname, '../fixtures/markdown');
const update = process.env['UPDATE'] === '1';

/** Every feature that must have a fixture folder, so none goes missing unnoticed. */
const features = [
  'gfm-table', 'gfm-footnotes', 'gfm-tasklist', 'gfm-strikethrough-autolink',
  'admonition-types', 'admonition-custom-title', 'admonition-legacy-title', 'admonition-nested', 'admonition-nested-legacy-title',
  'heading-ids', 'heading-toc-levels',
  'code-highlight', 'code-title', 'code-line-highlight', 'code-unknown-language', 'code-plain',
  'mermaid-rendered', 'mermaid-syntax-error', 'mermaid-unavailable',
  'links-internal', 'links-external', 'links-broken',
  'image-hashed', 'image-missing', 'image-missing-alt', 'image-loading', 'image-loading-below-fold', 'image-unsafe-url',
  'details-summary', 'unsafe-html-script', 'unsafe-html-onerror', 'unsafe-html-javascript-url', 'unsafe-html-javascript-url-obfuscated',
  'video-youtube', 'video-vimeo', 'truncate-marker', 'text-directive-lookalike', 'text-directive-lookalike-label',
  'doc-card-list', 'reading-time',
];

/**
 * The two mermaid sources the fake diagram map knows. The fenced blocks in
 * mermaid-rendered/input.md and mermaid-syntax-error/input.md must contain
 * exactly these texts (the key is the hash of the fence's content).
 */
const renderedDiagram = 'flowchart LR\n  A[Aanvraag] --> B[Besluit]';
const brokenDiagram = 'flowchart LR\n  A[Aanvraag] -->> B[Besluit';
const renderedSvg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 40"><g class="node"><text>Aanvraag</text></g><g class="node"><text>Besluit</text></g></svg>';

const schema: Asset = { path: 'kennisbank/img/schema.svg', url: '/assets/schema-abc.svg', width: 640, height: 480, bytes: new Uint8Array() };

const page = { path: 'kennisbank/apis/index.md', display: 'content/kennisbank/apis/index.md', permalink: '/kennisbank/apis/', tocMin: 2, tocMax: 3 };
const siteHosts = ['developer.overheid.nl'];
/** What the docs page would pass for `::doc-card-list` (theme/pages/DocsPages.tsx renders the real cards). */
const docCards = createElement('ul', { className: 'cards' }, createElement('li', { className: 'card' }, 'Problem Details'));

// One real highlighter for the whole suite: the fixtures show shiki's actual output.
const highlighter = await createHighlighter(['typescript', 'turtle', 'yaml', 'json', 'bash']);

const folders = fs.readdirSync(fixturesDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
const readIfExists = (file: string): string | null => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null);
const inputs = new Map(folders.map((f) => [f, readIfExists(path.join(fixturesDir, f, 'input.md'))]));

// Warm-up. Shiki gives up on a line after 500 ms (its default tokenizeTimeLimit)
// and emits the rest of the line as one token; the first use of a grammar
// compiles its regexes and can take that long on a busy machine. Tokenizing
// every fixture's code once without a limit makes the output below stable.
for (const markdown of inputs.values()) {
  if (markdown === null) continue;
  visit(parseMarkdownBody(markdown), 'code', (node) => {
    const lang = node.lang?.toLowerCase();
    if (lang && highlighter.getLoadedLanguages().includes(lang)) {
      highlighter.codeToTokensBase(node.value, { lang, theme: 'github-light', tokenizeTimeLimit: 0 });
    }
  });
}

const ctx: MarkdownContext = {
  permalinks: new Map([
    ['kennisbank/index.md', '/kennisbank/'],
    ['kennisbank/apis/index.md', '/kennisbank/apis/'],
    ['kennisbank/apis/problem-details.md', '/kennisbank/apis/problem-details'],
    ['kennisbank/apis/api-design-rules/index.md', '/kennisbank/apis/api-design-rules/'],
    ['blog/2024-05-02-haven-3.md', '/blog/2024/05/02/haven-3'],
  ]),
  drafts: new Set(['kennisbank/apis/concept.md']),
  assets: new Map([[schema.path, schema]]),
  highlighter,
  diagrams: new Map<string, Diagram>([
    [contentHash(renderedDiagram, 16), { svg: renderedSvg }],
    [contentHash(brokenDiagram, 16), { error: 'Parse error on line 2' }],
  ]),
};

interface PageOptions {
  readonly tocMin?: number;
  readonly tocMax?: number;
  readonly diagrams?: 'unavailable';
}

interface ExpectedProblem {
  readonly severity: string;
  readonly code: string;
  readonly line: number;
  readonly column: number;
}

function render(markdown: string, options: PageOptions = {}): { html: string; problems: ExpectedProblem[]; data: { toc: unknown; words: number } } {
  const context = options.diagrams === 'unavailable' ? { ...ctx, diagrams: null } : ctx;
  const { content, problems } = renderMarkdown({ tree: parseMarkdownBody(markdown), ...page, ...options, source: markdown }, context);
  for (const p of problems) {
    assert.is(p.file, page.display, `problem ${p.code} names the wrong file`);
    assert.ok(p.message.trim().length > 0, `problem ${p.code} has no message`);
  }
  const rendered = renderToStaticMarkup(createElement(Markdown, { tree: content.body, siteHosts, bodyTheme: newBodyTheme(), docCards: () => renderToStaticMarkup(docCards) }));
  const html = rendered.replace('<div class="markdown">', '').replace(/<\/div>$/, '');
  return { html, problems: problems.map(({ severity, code, line, column }) => ({ severity, code, line, column })), data: { toc: content.toc, words: content.words } };
}

type Html5Node = DefaultTreeAdapterMap['documentFragment'] | DefaultTreeAdapterMap['childNode'];

function sortAttributes(node: Html5Node): void {
  if ('attrs' in node) node.attrs.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if ('content' in node) sortAttributes(node.content);
  if ('childNodes' in node) for (const child of node.childNodes) sortAttributes(child);
}

/** The HTML re-serialised with every element's attributes in name order. */
function canonicalHtml(html: string): string {
  const fragment = parseFragment(html);
  sortAttributes(fragment);
  return serialize(fragment);
}

/** One problem per line: easy to read and to diff. */
const formatProblems = (problems: ReadonlyArray<ExpectedProblem>): string =>
  `[\n${problems.map((p) => `  ${JSON.stringify(p)}`).join(',\n')}\n]\n`;

const fixtures = suite('markdown fixtures');

fixtures('should have a fixture folder with input.md for every feature', () => {
  for (const feature of features) {
    assert.ok(fs.existsSync(path.join(fixturesDir, feature, 'input.md')), `missing tests/fixtures/markdown/${feature}/input.md`);
  }
});

fixtures('should use the mermaid sources the fake diagram map knows', () => {
  assert.ok(fs.readFileSync(path.join(fixturesDir, 'mermaid-rendered/input.md'), 'utf8').includes(`\`\`\`mermaid\n${renderedDiagram}\n\`\`\``));
  assert.ok(fs.readFileSync(path.join(fixturesDir, 'mermaid-syntax-error/input.md'), 'utf8').includes(`\`\`\`mermaid\n${brokenDiagram}\n\`\`\``));
});

for (const feature of folders) {
  fixtures(`should render ${feature} as in expected.html`, () => {
    const dir = path.join(fixturesDir, feature);
    const input = inputs.get(feature) ?? null;
    assert.ok(input !== null, `missing ${feature}/input.md`);
    const options = JSON.parse(readIfExists(path.join(dir, 'page.json')) ?? '{}') as PageOptions;
    const { html, problems, data } = render(input, options);
    const htmlFile = path.join(dir, 'expected.html');
    const problemsFile = path.join(dir, 'problems.json');
    const contentFile = path.join(dir, 'content.json');

    if (update) {
      fs.writeFileSync(htmlFile, `${html}\n`);
      if (problems.length) fs.writeFileSync(problemsFile, formatProblems(problems));
      else if (fs.existsSync(problemsFile)) fs.rmSync(problemsFile);
      if ((data.toc as unknown[]).length || fs.existsSync(contentFile)) fs.writeFileSync(contentFile, `${JSON.stringify(data, null, 2)}\n`);
      return;
    }

    const expectedHtml = readIfExists(htmlFile);
    assert.ok(expectedHtml !== null, `missing ${feature}/expected.html; run with UPDATE=1 and read the result`);
    const expectedProblems = JSON.parse(readIfExists(problemsFile) ?? '[]') as ExpectedProblem[];
    assert.equal(problems, expectedProblems, `${feature}: problems differ from problems.json`);
    const expectedContent = readIfExists(contentFile);
    if (expectedContent !== null) assert.equal(data, JSON.parse(expectedContent), `${feature}: TOC or word count differs from content.json`);
    else assert.equal(data.toc, [], `${feature}: the page has a TOC; run with UPDATE=1 to write content.json and read it`);
    const expected = expectedHtml.replace(/\n$/, '');
    if (html !== expected) assert.fixture(canonicalHtml(html), canonicalHtml(expected), `${feature}: HTML differs from expected.html`);
  });
}

fixtures.run();
