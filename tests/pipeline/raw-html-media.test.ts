/**
 * Raw HTML that Docusaurus content uses and that is safe: video and audio
 * with their sources and captions, figures, kbd, sup and sub; in MDX the same
 * elements as JSX, and Markdown inside a summary. Media that would start by
 * itself with sound or without a way to pause it loses autoplay, with a
 * warning (WCAG 1.4.2, 2.2.2). The rest of the safety rules stay.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { autoplayFault } from '../../pipeline/stages/markdown/raw-html.ts';
import { unsafeHtml } from '../../pipeline/safety/html.ts';
import { unravelJsxParagraphs } from '../../pipeline/stages/parse/mdx-unravel.ts';
import { parseMarkdownBody } from '../../pipeline/stages/parse.ts';
import { run } from '../helpers.ts';

/** The body HTML of one page and the problems of the build. */
function built(file: string, body: string) {
  const generated = run({ [`kennisbank/${file}`]: `---\ntitle: Media\n---\n\n${body}` }, { render: true });
  const page = generated.files.find((f) => f.path === 'kennisbank/media/index.html');
  const html = String(page?.data ?? '');
  return {
    html: html.slice(html.indexOf('<div class="markdown">'), html.indexOf('<footer')),
    problems: generated.problems.map((p) => [p.code, p.severity, p.line, p.column] as const),
    messages: generated.problems.map((p) => p.message),
  };
}

const video = [
  '<video controls width="640" height="360" poster="/img/poster.png">',
  '  <source src="/video/uitleg.mp4" type="video/mp4">',
  '  <track kind="captions" src="/video/uitleg.vtt" srclang="nl" label="Nederlands" default>',
  '</video>',
  '',
].join('\n');

const rules = suite('raw HTML: media and figures (rules)');

rules('should accept video, audio, their sources and captions, figures, kbd, sup and sub', () => {
  assert.equal(unsafeHtml(video), []);
  assert.equal(unsafeHtml('<audio controls preload="none" src="/a.mp3"></audio><video autoplay muted loop playsinline controls src="/b.mp4"></video>'), []);
  assert.equal(unsafeHtml('<figure><img src="/a.png" alt="a"><figcaption>Een figuur</figcaption></figure><p><kbd>Ctrl</kbd> x<sup>2</sup> H<sub>2</sub>O</p>'), []);
});

rules('should keep the other rules: script addresses in src and poster, handlers, and elements off the list', () => {
  assert.equal(unsafeHtml('<video controls poster="javascript:alert(1)" src="/a.mp4"></video>'), ['een poster met een javascript:-adres is niet toegestaan']);
  assert.equal(unsafeHtml('<video controls><source src="data:video/mp4;base64,AAAA"></video>'), ['een src met een data:-adres is niet toegestaan']);
  assert.equal(unsafeHtml('<video controls onplay="x()" src="/a.mp4"></video>'), ['het attribuut onplay (een event handler) is niet toegestaan']);
  assert.equal(unsafeHtml('<video controls src="/a.mp4" style="width:1px"></video>'), ['het attribuut style staat niet op de veilige lijst']);
  assert.equal(unsafeHtml('<object data="/a.swf"></object>'), ['het element <object> staat niet op de veilige lijst', 'het attribuut data staat niet op de veilige lijst']);
});

rules('should let media autoplay only muted and with controls', () => {
  const media = (tagName: string, properties: Record<string, unknown>) => autoplayFault({ tagName, properties: properties as never });
  assert.is(media('video', { controls: true }), null);
  assert.is(media('video', { autoPlay: true, muted: true, controls: true }), null);
  assert.is(media('video', { autoPlay: true, controls: true }), '<video> met autoplay heeft geen muted');
  assert.is(media('video', { autoPlay: true, muted: true }), '<video> met autoplay heeft geen controls');
  assert.is(media('audio', { autoPlay: true }), '<audio> met autoplay heeft geen muted en controls');
  assert.is(media('img', { autoPlay: true }), null);
});

rules.run();

const pages = suite('raw HTML: media and figures (pages)');

pages('should put a video with its sources and captions on the page as written', () => {
  const { html, problems } = built('media.md', `${video}\nDruk op <kbd>Ctrl</kbd>; x<sup>2</sup> en H<sub>2</sub>O.\n`);
  assert.equal(problems, []);
  assert.match(html, /<video controls="" width="640" height="360" poster="\/img\/poster.png">/);
  assert.match(html, /<source src="\/video\/uitleg.mp4" type="video\/mp4"\/>/);
  assert.match(html, /<track kind="captions" src="\/video\/uitleg.vtt" srclang="nl" label="Nederlands" default=""\/>/i);
  assert.match(html, /<kbd>Ctrl<\/kbd>; x<sup>2<\/sup> en H<sub>2<\/sub>O/);
});

pages('should take autoplay away from media that may not start by itself, with a warning at its place', () => {
  const { html, problems, messages } = built('media.md', 'Inleiding.\n\n<video autoplay loop src="/video/lus.mp4"></video>\n\n<video autoplay muted controls loop src="/video/stil.mp4"></video>\n');
  assert.equal(problems, [['media-autoplay', 'warning', 7, 1]]);
  assert.match(messages[0]!, /<video> met autoplay heeft geen muted en controls/);
  assert.match(html, /<video loop="" src="\/video\/lus.mp4"><\/video>/);
  assert.match(html, /<video autoplay="" muted="" controls="" loop="" src="\/video\/stil.mp4"><\/video>/i);
});

pages('should hold JSX media in MDX to the same rules', () => {
  const { html, problems } = built('media.mdx', '<video autoPlay loop muted playsInline src="/video/lus.mp4" />\n\n<video controls poster="javascript:alert(1)" src="/x.mp4" />\n');
  assert.equal(problems, [['media-autoplay', 'warning', 5, 1], ['unsafe-html', 'error', 7, 1]]);
  assert.match(html, /<video loop="" muted="" playsinline="" src="\/video\/lus.mp4"><\/video>/i);
  assert.not.match(html, /javascript:/);
});

pages('should read Markdown inside a summary and a figure caption in MDX, each its own block', () => {
  const { html, problems } = built('media.mdx', '<details>\n<summary>Meer **lezen**</summary>\n\nTekst met *nadruk*.\n\n</details>\n\n<figure><img src="/img/a.png" alt="Een schema" /><figcaption>Een **figuur**</figcaption></figure>\n');
  assert.equal(problems, []);
  assert.match(html, /<details><summary>Meer <strong>lezen<\/strong><\/summary><p>Tekst met <em>nadruk<\/em>.<\/p><\/details>/);
  assert.match(html, /<figure><img src="\/img\/a.png" alt="Een schema"[^>]*\/><figcaption>Een <strong>figuur<\/strong><\/figcaption><\/figure>/);
  assert.not.match(html, /<p><figure>|<p><summary>/);
});

pages('should read Markdown in details between blank lines in a .md page, as CommonMark does', () => {
  const { html } = built('media.md', '<details>\n<summary>Meer lezen</summary>\n\nTekst met *nadruk*.\n\n</details>\n');
  assert.match(html, /<details>\n<summary>Meer lezen<\/summary>\n<p>Tekst met <em>nadruk<\/em>.<\/p>\n<\/details>/);
});

pages('should unravel only paragraphs of nothing but JSX and white space', () => {
  const tree = parseMarkdownBody('<kbd>A</kbd> <kbd>B</kbd>\n\nTekst <kbd>C</kbd>.\n', 'mdx');
  unravelJsxParagraphs(tree);
  assert.equal(tree.children.map((n) => n.type), ['mdxJsxFlowElement', 'mdxJsxFlowElement', 'paragraph']);
});

pages.run();
