import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { sanitize } from 'hast-util-sanitize';
import { fromParse5 } from 'hast-util-from-parse5';
import { parseFragment } from 'parse5';
import { toHtml } from 'hast-util-to-html';
import { rawHtml } from '../../../pipeline/stages/markdown/raw-html.ts';
import { safeHtmlSchema as rawHtmlSchema, unsafeHtml } from '../../../pipeline/safety/html.ts';
import { walk } from '../../../pipeline/stages/markdown/walk.ts';
import { parseMarkdownBody } from '../../../pipeline/stages/parse.ts';

const raw = suite('markdown: raw HTML');

raw('should accept the safe list', () => {
  assert.equal(unsafeHtml('<details open><summary>Meer</summary><p>Tekst <kbd>Ctrl</kbd></p></details>'), []);
  assert.equal(unsafeHtml('<a href="https://example.nl" title="t" class="x" aria-label="y">a</a>'), []);
  assert.equal(unsafeHtml('<img src="/a.png" alt="a" width="10" height="20">'), []);
  assert.equal(unsafeHtml('<table><tbody><tr><td colspan="2" rowspan="1" scope="row">x</td></tr></tbody></table><time datetime="2024-05-02">mei</time>'), []);
});

raw('should name every element outside the list, end tags and tags the parser drops too', () => {
  assert.equal(unsafeHtml('<script>alert(1)</script>'), ['het element <script> staat niet op de veilige lijst']);
  assert.equal(unsafeHtml('</iframe>'), ['het element <iframe> staat niet op de veilige lijst']);
  assert.equal(unsafeHtml('<html><body>x</body></html>'), ['het element <html> staat niet op de veilige lijst', 'het element <body> staat niet op de veilige lijst']);
});

raw('should name event handlers and attributes outside the list, and script addresses in any attribute', () => {
  assert.equal(unsafeHtml('<img src="x" onerror="alert(1)">'), ['het attribuut onerror (een event handler) is niet toegestaan']);
  assert.equal(unsafeHtml('<span style="color: red" data-x="1">s</span>'), ['het attribuut style staat niet op de veilige lijst', 'het attribuut data-x staat niet op de veilige lijst']);
  assert.equal(unsafeHtml('<a href="java\tscript:alert(1)" title="data:x">a</a>'), ['een href met een javascript:-adres is niet toegestaan', 'een title met een data:-adres is niet toegestaan']);
  assert.equal(unsafeHtml('<svg><circle onclick="x"/></svg>'), [
    'het element <svg> staat niet op de veilige lijst', 'het element <circle> staat niet op de veilige lijst', 'het attribuut onclick (een event handler) is niet toegestaan',
  ]);
  // Only the attributes WAI-ARIA defines.
  assert.equal(unsafeHtml('<span aria-bestaat-niet="x">s</span>'), ['het attribuut aria-bestaat-niet staat niet op de veilige lijst']);
});

raw('should be a schema sanitize applies as is: a safe snippet stays, an unsafe one loses what is refused', () => {
  const tree = (html: string) => fromParse5(parseFragment(html));
  const safe = '<details><summary>Meer</summary><p class="x"><a href="/a" aria-label="a">a</a></p></details>';
  assert.is(toHtml(sanitize(tree(safe), rawHtmlSchema)), safe);
  assert.is(toHtml(sanitize(tree('<p onclick="x" style="y">a<iframe src="z"></iframe></p>'), rawHtmlSchema)), '<p>a</p>');
});

raw('should drop comments and refused snippets where they stand, with one problem per snippet, and keep the truncation marker', () => {
  const tree = parseMarkdownBody('<!-- opmerking -->\n\n<!-- truncate -->\n\n<script>x</script>\n\nTekst <span onclick="x">s</span> en <kbd>K</kbd>.\n');
  const problems = walk(tree, { html: rawHtml('content/a.md') });
  assert.equal(problems.map((p) => [p.code, p.line, p.column]), [['unsafe-html', 5, 1], ['unsafe-html', 7, 7]]);
  assert.match(problems[0]?.message ?? '', /^Deze HTML is niet toegestaan: het element <script> staat niet op de veilige lijst\. Gebruik Markdown/);
  assert.equal(tree.children.map((n) => n.type), ['html', 'paragraph']);
  const inline = tree.children[1] as { children: Array<{ type: string; value?: string }> };
  assert.equal(inline.children.filter((n) => n.type === 'html').map((n) => n.value), ['</span>', '<kbd>', '</kbd>']);
});

raw.run();
