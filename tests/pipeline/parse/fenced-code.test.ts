import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { fencedCodeLines } from '../../../pipeline/stages/parse/fenced-code.ts';

const fenced = suite('parse: fenced code lines');

const code = (text: string) => {
  const inCode = fencedCodeLines();
  return text.split('\n').map(inCode);
};

fenced('should count the fences and the lines between them as code, and nothing else', () => {
  assert.equal(code('tekst\n```js\nx\n```\nmeer'), [false, true, true, true, false]);
  assert.equal(code('~~~\na\n~~~\n'), [true, true, true, false]);
});

fenced('should close a fence only on the same character, at least as long', () => {
  assert.equal(code('````\n```\n~~~~\n````\nuit'), [true, true, true, true, false]);
  assert.equal(code('```\n~~~\n`````\nuit'), [true, true, true, false]);
});

fenced('should see fences inside block quotes', () => {
  assert.equal(code('> ```\n> :::tip x\n> ```\n:::tip y'), [true, true, true, false]);
});

fenced('should keep an unclosed fence open to the end', () => {
  assert.equal(code('```\na\n\nb'), [true, true, true, true]);
});

fenced('should start afresh with each scanner', () => {
  const first = fencedCodeLines();
  first('```');
  assert.is(fencedCodeLines()('tekst'), false);
  assert.is(first('tekst'), true);
});

fenced.run();
