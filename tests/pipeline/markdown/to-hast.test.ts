import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toHtml } from 'hast-util-to-html';
import type { Element, Root as HastRoot } from 'hast';
import { pageHast } from '../../../pipeline/stages/markdown/to-hast.ts';
import { parseMarkdownBody } from '../../../pipeline/stages/parse.ts';
import type { Highlighter } from '../../../pipeline/stages/highlight/requests.ts';

const hast = suite('markdown: to hast');

/** A stand-in for shiki that counts its calls and answers as shiki does (a root around a `pre`, HTML attribute names). */
function countingHighlighter(): Highlighter & { calls: number } {
  const highlighter = {
    calls: 0,
    getLoadedLanguages: () => ['js'],
    codeToHast(code: string, options: { lang: string }) {
      highlighter.calls++;
      return { type: 'root', children: [{ type: 'element', tagName: 'pre', properties: { class: 'shiki', 'data-language': options.lang }, children: [{ type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value: code }] }] }] };
    },
  };
  return highlighter as unknown as Highlighter & { calls: number };
}

const fence = '```js\nconst a = 1;\n```\n';

hast('should leave fenced code plain without a highlighter', () => {
  assert.is(toHtml(pageHast(parseMarkdownBody(fence), { highlighter: null })), '<pre><code class="language-js">const a = 1;\n</code></pre>');
});

hast('should highlight with the highlighter the file brings, in the shape a re-parse gives, with or without raw HTML', () => {
  const expected = '<pre class="shiki" data-language="js"><code>const a = 1;</code></pre>';
  const plain = pageHast(parseMarkdownBody(fence), { highlighter: countingHighlighter() });
  assert.is(toHtml(plain), expected);
  assert.equal((plain.children[0] as Element).properties, { className: ['shiki'], dataLanguage: 'js' });
  const raw = pageHast(parseMarkdownBody(`<kbd>K</kbd>\n\n${fence}`), { highlighter: countingHighlighter() });
  assert.is(toHtml(raw), `<p><kbd>K</kbd></p>\n${expected}`);
});

hast('should highlight a repeated block once per memo, and never share a memo between two callers', () => {
  const highlighter = countingHighlighter();
  const build1 = new Map<string, HastRoot>();
  const build2 = new Map<string, HastRoot>();
  pageHast(parseMarkdownBody(fence + fence), { highlighter, highlighted: build1 });
  pageHast(parseMarkdownBody(fence), { highlighter, highlighted: build1 });
  assert.is(highlighter.calls, 1);
  pageHast(parseMarkdownBody(fence), { highlighter, highlighted: build2 });
  assert.is(highlighter.calls, 2);
  pageHast(parseMarkdownBody(fence), { highlighter });
  pageHast(parseMarkdownBody(fence), { highlighter });
  assert.is(highlighter.calls, 4);
});

hast('should drop every source position', () => {
  const tree = pageHast(parseMarkdownBody('# Kop\n\nTekst met <kbd>K</kbd>.\n'), { highlighter: null });
  assert.not.match(JSON.stringify(tree), /"position"/);
});

hast('should write footnotes in Dutch, with ids that cannot clash with the page', () => {
  const html = toHtml(pageHast(parseMarkdownBody('Tekst[^1].\n\n[^1]: Voetnoot.\n'), { highlighter: null }));
  assert.match(html, /<h2 class="sr-only" id="footnote-label">Voetnoten<\/h2>/);
  assert.match(html, /href="#voetnoot-fn-1"/);
  assert.match(html, /aria-label="Terug naar de tekst bij voetnoot 1"/);
});

hast.run();
