/**
 * A large build gives the heap it no longer needs back once its trees are
 * gone (pipeline/io/release-heap.ts): one compacting collection, after which
 * the heap V8 holds is close to what is alive, and no context made later
 * gets the `gc` function the collection borrowed.
 */
import vm from 'node:vm';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { releaseHeap } from '../../pipeline/io/release-heap.ts';

const test = suite('build: the heap given back after the trees');

const mib = (bytes: number) => Math.round(bytes / 2 ** 20);

test('after a build let go of most of its objects, the heap V8 holds shrinks to about what lives', () => {
  // Many small objects, of which one in fifty stays: every page of the heap keeps a few, so a
  // collection that does not compact frees the objects but keeps the pages.
  let many: Array<{ readonly at: number; readonly text: string }> | null = Array.from({ length: 1_500_000 }, (_, at) => ({ at, text: `regel ${at}` }));
  const kept = many.filter((_, at) => at % 50 === 0);
  const before = process.memoryUsage().heapTotal;
  many = null;
  releaseHeap();
  const after = process.memoryUsage();
  assert.ok(after.heapTotal < before - 60 * 2 ** 20, `held ${mib(before)} MiB, after ${mib(after.heapTotal)} MiB`);
  assert.ok(after.heapTotal < after.heapUsed * 2 + 64 * 2 ** 20, `held ${mib(after.heapTotal)} MiB for ${mib(after.heapUsed)} MiB alive`);
  assert.is(kept[kept.length - 1]!.text, `regel ${1_499_950}`, 'what lives is untouched');
});

test('a context made afterwards has no gc function, and a second release works the same', () => {
  assert.is(vm.runInNewContext('typeof gc'), 'undefined');
  releaseHeap();
  assert.is(vm.runInNewContext('typeof gc'), 'undefined');
});

test.run();
