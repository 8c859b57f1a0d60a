/**
 * The announcement bar's text is configured HTML, as in Docusaurus: it renders
 * as markup through a safe list of inline elements, never as literal tags, and
 * nothing outside that list (scripts, handlers, script addresses, blocks)
 * reaches the page. tests/e2e/docs-chrome.test.ts checks the link in a browser.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { renderToStaticMarkup } from 'react-dom/server';
import { AnnouncementBar, announcementHtml } from '../../theme/shell/AnnouncementBar.tsx';

const bar = suite('announcement bar: configured HTML');

bar('should render a link and inline markup as elements', () => {
  const html = renderToStaticMarkup(<AnnouncementBar id="a" content={'Lees de <strong>nieuwe</strong> <a href="/kennisbank">kennisbank</a> of <a href="https://example.org/x?y=1#z" title="Voorbeeld">de site</a>.'} />);
  assert.match(html, /<p class="announcement-content">Lees de <strong>nieuwe<\/strong> <a href="\/kennisbank">kennisbank<\/a> of <a href="https:\/\/example.org\/x\?y=1#z" title="Voorbeeld">de site<\/a>\.<\/p>/);
  assert.not.match(html, /&lt;/);
});

bar('should keep plain text as text, escaped', () => {
  assert.is(announcementHtml('Tom & Jerry <3'), 'Tom &#x26; Jerry &#x3C;3');
  assert.is(announcementHtml('Een gewone zin.'), 'Een gewone zin.');
});

bar('should drop scripts, styles, event handlers, script addresses and attributes off the list', () => {
  const cases: Array<[string, string]> = [
    ['<script>alert(1)</script>tekst', 'tekst'],
    ['<style>body { display: none }</style>tekst', 'tekst'],
    ['<img src="x" onerror="alert(1)">tekst', 'tekst'],
    ['<a href="javascript:alert(1)" onclick="x()">link</a>', '<a>link</a>'],
    ['<a href=" java\tscript:alert(1)">link</a>', '<a>link</a>'],
    ['<a href="data:text/html,x">link</a>', '<a>link</a>'],
    ['<a href="mailto:info@example.org" target="_blank" id="x" class="y" style="color:red">mail</a>', '<a href="mailto:info@example.org">mail</a>'],
    ['<div><h2>Kop</h2><iframe src="/"></iframe></div>', 'Kop'],
    ['<em>a</em><code>b</code><b>c</b><i>d</i><br>e<!-- weg -->', '<em>a</em><code>b</code><b>c</b><i>d</i><br>e'],
  ];
  for (const [content, expected] of cases) assert.is(announcementHtml(content), expected, content);
});

bar.run();
