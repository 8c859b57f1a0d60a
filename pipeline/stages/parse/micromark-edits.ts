/**
 * micromark applies a batch of edits to its list of events by copying the
 * whole list (`EditMap#consume`). Its document tokenizer makes such a batch
 * each time a list item ends while containers inside it are open, with the
 * edits near the end of the list: a page of nested list items cost the square
 * of its length (4 000 lines of 32 nested items took minutes, almost all of it
 * copying). `consumeFromFirstEdit` gives the same list and copies only the
 * events from the first edit on. micromark builds every `EditMap` from the
 * one module this replaces the method of, so importing this module is enough;
 * tests/pipeline/parse/micromark-edits.test.ts compares it with the original.
 */
import { EditMap } from 'micromark-util-edit-map';
import type { Event } from 'micromark-util-types';

/**
 * `EditMap#consume`: applies the edits (at, remove, add) in the order of
 * their index to `events`, in place, and empties the map. As the original,
 * an edit overlapping the one before it removes nothing more of it.
 */
export function consumeFromFirstEdit(this: EditMap, events: Event[]): undefined {
  const edits = this.map.sort((a, b) => a[0] - b[0]);
  const firstEdit = edits[0];
  if (!firstEdit) return;
  const first = firstEdit[0];
  const tail = events.slice(first);
  events.length = first;
  let at = first;
  for (const [index, remove, add] of edits) {
    for (let i = at; i < index; i++) events.push(tail[i - first] as Event);
    for (const event of add) events.push(event);
    at = index + remove;
  }
  for (let i = at; i < first + tail.length; i++) events.push(tail[i - first] as Event);
  this.map.length = 0;
  this.index.clear();
}

export const originalConsume = EditMap.prototype.consume;
EditMap.prototype.consume = consumeFromFirstEdit;
