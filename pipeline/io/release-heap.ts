/**
 * Effect edge: gives the heap a large build no longer needs back to the
 * system, at the points where the build has just let go of much of what it
 * held: every Markdown tree once its pages' jobs are made
 * (pipeline/io/spilled-trees.ts), and the markdown step's garbage and shiki's
 * threads once every page's markdown is made.
 *
 * V8 grows its heap to what the build held at its peak and keeps it: a full
 * collection frees the objects, but not the pages they lay on, because what
 * stays alive is spread over all of them and V8 compacts only the most
 * fragmented pages. Its memory reducer, which would compact, runs when the
 * thread is idle, and the main thread renders the pages without a turn of
 * the event loop. At 100× our content the main thread's heap stayed at
 * 1.4 GB, for 315 MB alive, from the markdown to the end
 * (docs/performance.md, "Geheugen bij 30× en 100×").
 *
 * One full collection that compacts every page moves what lives together and
 * unmaps the rest. It copies what lives to new pages before it frees the old
 * ones, so a plain collection goes first: that one frees the pages that held
 * only garbage, and the copy no longer comes on top of them (at 100×, the
 * build's peak went from 1,511 to 1,344 MiB at this point).
 *
 * Node has no call for it: `--expose-gc`, set through `v8.setFlagsFromString`,
 * gives a new context the `gc` function (jest's `--logHeapUsage` gets it the
 * same way), and `--compact-on-every-full-gc` holds for the one collection
 * only. Both flags are set back at once, so that no later context or thread
 * (a box of site code) gets `gc`.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

let collect: (() => void) | null | undefined;

/** The `gc` function of a new context; null where this V8 does not give one. */
function collector(): (() => void) | null {
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc: unknown = vm.runInNewContext('gc');
    return typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    return null;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}

/** A full collection, then a full, compacting one, of this thread's heap; nothing where V8 gives no `gc`. */
export function releaseHeap(): void {
  collect ??= collector();
  if (!collect) return;
  collect();
  v8.setFlagsFromString('--compact-on-every-full-gc');
  try {
    collect();
  } finally {
    v8.setFlagsFromString('--no-compact-on-every-full-gc');
  }
}
