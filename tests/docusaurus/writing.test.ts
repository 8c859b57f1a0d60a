/**
 * Code blocks, admonitions, raw HTML and diagram labels of the Docusaurus
 * fixture (docs/schrijven/), in the built HTML of the migrated site; and one
 * mistake per rule of these features in the mistakes fixture, with its code,
 * message and line.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { builtMistakes, builtSite } from './site.ts';

const test = suite('docusaurus: code blocks, admonitions, raw HTML, diagrams');

/** The article body of a built page. */
async function body(route: string): Promise<string> {
  const html = (await builtSite()).html(route);
  return html.slice(html.indexOf('<div class="markdown">'), html.indexOf('<footer'));
}

test('the pages build without a problem', async () => {
  const site = await builtSite();
  assert.equal(site.problems.filter((p) => p.file.startsWith('docs/schrijven/')).map((p) => `${p.file}:${p.line} ${p.code} ${p.message}`), []);
});

test('code blocks number their lines from the start given and mark what the magic comments name, without the comments', async () => {
  const html = await body('/docs/schrijven/codeblokken');
  assert.match(html, /<figcaption class="code-block-title">tellen.ts<\/figcaption>/);
  assert.match(html, /<code class="line-numbers" style="counter-reset:line 0;--line-number-digits:1">/);
  assert.match(html, /<code class="line-numbers" style="counter-reset:line 11;--line-number-digits:2">/);
  // ts 1, python 2, html 1, sql 1, and the yaml range 2.
  assert.is(html.match(/class="line highlighted"/g)?.length, 7);
  // Only the block with a range in its meta keeps its comment as written.
  assert.is(html.match(/highlight-(next-line|start|end)/g)?.length, 1);
  assert.match(html, /# highlight-next-line/);
});

test('admonition titles render their Markdown; Docusaurus\' own types are known', async () => {
  const html = await body('/docs/schrijven/admonities');
  assert.match(html, /<aside class="admonition admonition-success" aria-label="Kort gezegd"><p class="admonition-heading"><svg[^]*?<\/svg><strong>Kort gezegd<\/strong><\/p>/);
  assert.match(html, /<aside class="admonition admonition-tip" aria-label="Handig met npm run build"><p class="admonition-heading"><svg[^]*?<\/svg><strong>Handig<\/strong> met <code>npm run build<\/code><\/p>/);
  assert.match(html, /<aside class="admonition admonition-info" aria-label="Belangrijk">/);
  assert.not.match(html, /:::/);
});

test('video, figures, kbd, sup, sub and details reach the page, in MDX and in Markdown', async () => {
  for (const route of ['/docs/schrijven/media', '/docs/schrijven/html']) {
    const html = await body(route);
    assert.match(html, /<video controls="" width="640" height="360" poster="\/img\/kaart.png">/, route);
    assert.match(html, /<source src="\/video\/rondleiding.mp4" type="video\/mp4"\/>/, route);
    assert.match(html, /<track kind="captions" src="\/video\/rondleiding.vtt" srclang="nl" label="Nederlands" default=""\/>/i, route);
    assert.match(html, /<figure>\s*<img src="\/img\/kaart.png" alt="Een kaart van de provincie"/, route);
    assert.match(html, /<kbd>Ctrl<\/kbd> \+ <kbd>C<\/kbd>/, route);
    assert.match(html, /H<sub>2<\/sub>O/, route);
    assert.match(html, /<details>\s*<summary>Meer (<strong>achtergrond<\/strong>|achtergrond)<\/summary>\s*<p>Hier staat de <em>uitleg<\/em> die je uitklapt.<\/p>\s*<\/details>/, route);
  }
  // In MDX, Markdown in the summary and the caption.
  assert.match(await body('/docs/schrijven/media'), /<figcaption>Een <strong>kaart<\/strong> van de provincie<\/figcaption>/);
});

test('a diagram label over two lines is named by its text, not its tags', async () => {
  const html = await body('/docs/schrijven/diagram');
  assert.match(html, /aria-label="Diagram: Regel 1 Regel 2, Klaar"/);
  assert.not.match(html, /aria-label="[^"]*(&lt;|<)br/);
});

test.run();

const mistakes = suite('docusaurus: mistakes in code blocks, admonitions and raw HTML');

const problemsIn = async (file: string) => (await builtMistakes()).problems.filter((p) => p.file === `docs/${file}`);

// The mistakes fixture has errors, so it writes no pages: how each mistake renders is tested on in-memory pages
// (tests/pipeline/admonition-titles.test.ts, code-lines.test.ts, raw-html-media.test.ts).
mistakes('an unknown admonition type is a warning at its line naming the known types', async () => {
  const [problem, ...rest] = await problemsIn('admonitie-onbekend.md');
  assert.equal(rest, []);
  assert.equal(problem && [problem.severity, problem.code, problem.line, problem.column], ['warning', 'unknown-admonition', 7, 1]);
  assert.match(problem!.message, '"Oproep" is geen admonition-type');
  assert.match(problem!.message, 'note, tip, info, warning, danger, caution');
});

mistakes('a highlight-start without its end is a warning at the comment', async () => {
  const [problem, ...rest] = await problemsIn('markering-open.md');
  assert.equal(rest, []);
  assert.equal(problem && [problem.severity, problem.code, problem.line, problem.column], ['warning', 'highlight-comment-unpaired', 7, 1]);
  assert.match(problem!.message, 'highlight-end');
});

mistakes('a video that starts by itself with sound is a warning', async () => {
  const [problem, ...rest] = await problemsIn('video-autoplay.md');
  assert.equal(rest, []);
  assert.equal(problem && [problem.severity, problem.code, problem.line, problem.column], ['warning', 'media-autoplay', 5, 1]);
  assert.match(problem!.message, 'WCAG');
});

mistakes.run();
