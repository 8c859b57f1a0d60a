import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Nodes } from 'mdast';
import { sourceOf } from '../../../pipeline/stages/markdown/source.ts';

const source = suite('markdown: source of a node');

const at = (startLine: number, startColumn: number, endLine: number, endColumn: number) =>
  ({ type: 'text', value: '', position: { start: { line: startLine, column: startColumn }, end: { line: endLine, column: endColumn } } }) as Nodes;

source('should slice the text between a node\'s start and end, over lines', () => {
  const of = sourceOf('eerste\nom 10:30 uur\nderde');
  assert.is(of(at(2, 6, 2, 9)), ':30');
  assert.is(of(at(1, 3, 3, 2)), 'rste\nom 10:30 uur\nd');
});

source('should count \\r\\n and a lone \\r as one line ending, as the parser does', () => {
  assert.is(sourceOf('a\r\nom 10:30')(at(2, 6, 2, 9)), ':30');
  assert.is(sourceOf('a\rom 10:30')(at(2, 6, 2, 9)), ':30');
});

source('should give null without a source, a position, or a place that exists', () => {
  assert.is(sourceOf(undefined)(at(1, 1, 1, 2)), null);
  assert.is(sourceOf('tekst')({ type: 'text', value: 'x' }), null);
  assert.is(sourceOf('tekst')(at(5, 1, 5, 2)), null);
});

source.run();
