import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { splitExcerpt } from '../../../pipeline/stages/markdown/excerpt.ts';
import { firstParagraph, readingWords } from '../../../pipeline/stages/markdown/reading.ts';
import { parseMarkdownBody } from '../../../pipeline/stages/parse.ts';

const reading = suite('markdown: excerpt and reading');

reading('should split the excerpt off before the first marker, and take every marker out of the body', () => {
  const tree = parseMarkdownBody('Intro.\n\n<!-- truncate -->\n\nRest.\n\n<!-- truncate -->\n\nMeer.\n');
  const { body, excerpt } = splitExcerpt(tree);
  assert.equal(excerpt?.children.map((n) => n.type), ['paragraph']);
  assert.equal(body.children.map((n) => n.type), ['paragraph', 'paragraph', 'paragraph']);
  assert.is(splitExcerpt(parseMarkdownBody('Geen marker.\n')).excerpt, null);
  // The MDX form counts too.
  assert.ok(splitExcerpt(parseMarkdownBody('Intro.\n\n{/* truncate */}\n\nRest.\n')).excerpt);
});

reading('should count the words of paragraphs, headings, table cells and code, never running two blocks together', () => {
  assert.is(readingWords(parseMarkdownBody('## Stap\n\nKlik hier.\n\n| a | b |\n|---|---|\n| c | d |\n\n```js\nconst x = 1;\n```\n\n![alt tekst](./a.png)\n')), 12);
});

reading('should give the first paragraph on one line', () => {
  assert.is(firstParagraph(parseMarkdownBody('## Kop\n\nEen **vette**\nregel.\n\nTweede.\n')), 'Een vette regel.');
  assert.is(firstParagraph(parseMarkdownBody('## Alleen een kop\n')), null);
});

reading.run();
