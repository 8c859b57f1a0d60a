import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { EditMap } from 'micromark-util-edit-map';
import type { Event } from 'micromark-util-types';
import { consumeFromFirstEdit, originalConsume } from '../../../pipeline/stages/parse/micromark-edits.ts';
import { parseMarkdownBody } from '../../../pipeline/stages/parse/markdown-body.ts';

const test = suite('parse: micromark edits');

/** Stand-ins for events: only their identity and order matter to an edit map. */
const events = (n: number, from = 0): Event[] => Array.from({ length: n }, (_, i) => [`e${from + i}`] as unknown as Event);

const edit = fc.tuple(fc.nat(40), fc.nat(6), fc.nat(4), fc.boolean());

test('should apply edits exactly as micromark does', () => {
  fc.assert(fc.property(fc.nat(40), fc.array(edit, { maxLength: 6 }), (length, edits) => {
    const apply = (consume: (this: EditMap, events: Event[]) => undefined): unknown[] => {
      const map = new EditMap();
      edits.forEach(([at, remove, added, before], i) => {
        if (at > length) return;
        if (before) map.addBefore(at, remove, events(added, 100 * (i + 1)));
        else map.add(at, remove, events(added, 100 * (i + 1)));
      });
      const list = events(length);
      consume.call(map, list);
      assert.equal(map.map, []);
      return list;
    };
    assert.equal(apply(consumeFromFirstEdit), apply(originalConsume));
  }), { numRuns: 2000 });
});

test('should be the method micromark calls', () => {
  assert.is(EditMap.prototype.consume, consumeFromFirstEdit);
});

test('should copy events in proportion to the lines of nested list items, not their square', () => {
  // Each line closes 31 nested items and starts the next item of the outer list: an edit near the end of all events.
  let copied = 0;
  EditMap.prototype.consume = function (this: EditMap, list: Event[]) {
    const first = Math.min(...this.map.map(([at]) => at));
    if (Number.isFinite(first)) copied += list.length - first;
    return consumeFromFirstEdit.call(this, list);
  };
  try {
    const work = (lines: number) => {
      copied = 0;
      parseMarkdownBody(`${'- '.repeat(32)}x\n`.repeat(lines));
      return copied;
    };
    const small = work(200);
    const large = work(400);
    assert.ok(small > 0);
    // Twice the lines, twice the work (it was four times: every edit copied all events).
    assert.ok(large <= 2.2 * small, `${small} events copied for 200 lines, ${large} for 400`);
  } finally {
    EditMap.prototype.consume = consumeFromFirstEdit;
  }
});

test.run();
