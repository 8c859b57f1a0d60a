/**
 * Effect edge: the search index of a production build, built in a worker
 * thread while the main thread renders the pages. Building it (MiniSearch and
 * its JSON) took a quarter to a third of a second of the main thread at the
 * end of a cold build, with the other core idle. The pages need not wait for
 * it: they know its path beforehand (`searchIndexPath` in pipeline/build.ts
 * names the records and the generator, not the index). The worker runs the
 * same pure `buildSearchIndex` as the main thread would; should the thread
 * fail, the main thread builds the index itself.
 */
import { buildSearchIndex } from '../stages/search-index.ts';
import { indexOptions } from '../../theme/shared/search-options.ts';
import type { SearchRecord } from '../stages/search-records.ts';
import { startWorker } from './workers/worker.ts';

/** What the worker answers: the index as JSON, or why it could not be built. */
export type IndexReply = { index: string } | { failed: string };

/** Set by bin/ontwikkelaarsportaal.mjs when it bundles the CLI: the compiled search-index-worker.ts. */
declare const SEARCH_INDEX_WORKER: string | undefined;

export function buildSearchIndexApart(records: ReadonlyArray<SearchRecord>): Promise<string> {
  const worker = startWorker(typeof SEARCH_INDEX_WORKER === 'string' ? SEARCH_INDEX_WORKER : undefined, new URL('./workers/search-index-worker.ts', import.meta.url));
  const built = new Promise<string>((resolve, reject) => {
    worker.once('message', (reply: IndexReply) => ('index' in reply ? resolve(reply.index) : reject(new Error(reply.failed))));
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('de zoekindex-worker stopte')));
  });
  worker.postMessage(records);
  return built
    .catch(() => buildSearchIndex(records, indexOptions))
    .finally(() => void worker.terminate());
}
