/**
 * Admonitions as Docusaurus 3 has them, through the stages and the
 * renderer: Markdown in titles in both title forms, Docusaurus' types
 * (lower case only), and an unknown type as a neutral admonition with a
 * warning at its line, never `:::` on the page.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { run } from '../helpers.ts';

const page = (body: string) => `---\ntitle: Schrijven\n---\n\n${body}`;

/** The page's HTML and its problems. */
function built(body: string) {
  const generated = run({ 'kennisbank/schrijven.md': page(body) }, { render: true });
  const file = generated.files.find((f) => f.path === 'kennisbank/schrijven/index.html');
  const html = String(file?.data ?? '');
  const main = html.slice(html.indexOf('<div class="markdown">'), html.indexOf('</article>'));
  return { html: main, problems: generated.problems.map((p) => ({ code: p.code, severity: p.severity, line: p.line, column: p.column, message: p.message })) };
}

/** The heading of each admonition: its class and the markup after the icon. */
const headings = (html: string): Array<[string, string]> =>
  [...html.matchAll(/<aside class="admonition ([\w-]+)" aria-label="[^"]*"><p class="admonition-heading"><svg[\s\S]*?<\/svg>([\s\S]*?)<\/p>/g)].map((m) => [m[1]!, m[2]!]);

const titles = suite('admonitions: titles with Markdown');

titles('should render Markdown in a label title as inline Markdown, named by its text', () => {
  const { html, problems } = built(':::success[**TL;DR**: lees `README.md` eerst]\nDe kern.\n:::\n');
  assert.equal(problems, []);
  assert.equal(headings(html), [['admonition-success', '<strong>TL;DR</strong>: lees <code>README.md</code> eerst']]);
  assert.match(html, /aria-label="TL;DR: lees README.md eerst"/);
  // The title is in the heading only, not again in the content.
  assert.match(html, /<div class="admonition-content"><p>De kern.<\/p><\/div>/);
});

titles('should render Markdown in the older title form after the type', () => {
  const { html, problems } = built(':::tip **Kort** en _goed_\nTekst.\n:::\n');
  assert.equal(problems, []);
  assert.equal(headings(html), [['admonition-tip', '<strong>Kort</strong> en <em>goed</em>']]);
});

titles('should keep a plain title as text, and check a link in a title like any link', () => {
  const { html, problems } = built(':::info[Gewoon een titel]\nA.\n:::\n\n:::note[Zie [de regels](./bestaat-niet.md)]\nB.\n:::\n');
  assert.equal(headings(html)[0], ['admonition-info', 'Gewoon een titel']);
  assert.equal(problems.map((p) => [p.code, p.line]), [['broken-markdown-link', 9]]);
});

titles('should take a title attribute before the label, as plain text', () => {
  const { html } = built(':::note{title="Via het attribuut"}\nA.\n:::\n');
  assert.equal(headings(html), [['admonition-note', 'Via het attribuut']]);
});

titles.run();

const types = suite('admonitions: types');

types('should know Docusaurus\' secondary and important, styled as note and info', () => {
  const { html, problems } = built(':::secondary\nA.\n:::\n\n:::important\nB.\n:::\n');
  assert.equal(problems, []);
  assert.equal(headings(html), [['admonition-note', 'Notitie'], ['admonition-info', 'Belangrijk']]);
});

types('should show an unknown type as a neutral admonition with a warning at its line that names the known types', () => {
  const { html, problems } = built('Inleiding.\n\n:::Oproep\nDoe mee aan de **enquête**.\n:::\n');
  assert.equal(problems.map((p) => [p.code, p.severity, p.line, p.column]), [['unknown-admonition', 'warning', 7, 1]]);
  assert.match(problems[0]!.message, /"Oproep" is geen admonition-type/);
  assert.match(problems[0]!.message, /note, tip, info, warning, danger, caution, success, secondary, important/);
  assert.equal(headings(html), [['admonition-note', 'Oproep']]);
  assert.match(html, /<div class="admonition-content"><p>Doe mee aan de <strong>enquête<\/strong>.<\/p><\/div>/);
  assert.not.match(html, /:::/);
});

types('should suggest the type an unknown one seems to mean, and keep its title', () => {
  const warn = built(':::warn[Let op]\nA.\n:::\n');
  assert.match(warn.problems[0]!.message, /Bedoel je "warning"\?/);
  assert.equal(headings(warn.html), [['admonition-note', 'Let op']]);
  // Docusaurus reads types in lower case only.
  const upper = built(':::Tip\nA.\n:::\n');
  assert.match(upper.problems[0]!.message, /Bedoel je "tip"\? Een type staat in kleine letters\./);
  const legacy = built(':::Oproep Doe **mee**\nA.\n:::\n');
  assert.equal(legacy.problems.map((p) => [p.code, p.line]), [['unknown-admonition', 5]]);
  assert.equal(headings(legacy.html), [['admonition-note', 'Doe <strong>mee</strong>']]);
  assert.not.match(legacy.html, /:::/);
});

types.run();
