/**
 * Effect edge: the search index of a production build, from its sections
 * (pipeline/stages/search-index.ts). Each section's terms
 * come from the build cache (`searchTerms`) when its indexed fields did not
 * change; the index is assembled from them (pipeline/stages/search-index.ts).
 *
 * A worker thread assembles the index while the main thread renders the
 * pages, which know its path beforehand (`searchIndexPath` in
 * pipeline/build.ts names neither records nor terms). In a cold build it
 * tokenizes every section; after an edit it gets the cached terms of the
 * others as the JSON the cache holds, and tokenizes only the changed ones.
 * A build after an earlier one starts that worker when it starts
 * (`IndexWorker`): the thread's start and module load (40 to 60 ms of CPU)
 * then overlap the parsing instead of waiting for it, and a build whose index
 * is cached stops it unused. Without a prepared worker (a cold build, whose
 * parsing holds the memory peak), few new sections are tokenized on the main
 * thread, where the work costs less than a worker's start, and many by a
 * worker started then. Both run the
 * same pure assembly, so the bytes do not depend on which did it; should the
 * worker fail, the main thread builds the index.
 */
import { sectionTerms, searchIndexJson, termInputs, type PageSections, type Section, type SectionTerms } from '../stages/search-index.ts';
import { indexOptions } from '../../theme/shared/search-options.ts';
import type { Store } from '../memo.ts';
import { joinedText, textsOf, type TextChunk } from './text-chunks.ts';
import { startWorker } from './workers/worker.ts';
import type { Worker } from 'node:worker_threads';

/** What the worker is sent: the sections, and the terms the cache has of each as JSON (none: the worker tokenizes it). */
export interface IndexRequest {
  readonly list: ReadonlyArray<Section>;
  readonly known: ReadonlyArray<string | undefined>;
}

/**
 * What the worker answers: the index as JSON and the terms of each section it
 * tokenized as JSON (an empty text for one it was sent), in bytes (latin1 and
 * UTF-8), or why it could not be built.
 */
export type IndexReply = { index: TextChunk[]; terms: TextChunk[] } | { failed: string };

/** Set by bin/ontwikkelaarsportaal.mjs when it bundles the CLI: the compiled search-index-worker.ts. */
declare const SEARCH_INDEX_WORKER: string | undefined;

const startIndexWorker = (): Worker => startWorker(typeof SEARCH_INDEX_WORKER === 'string' ? SEARCH_INDEX_WORKER : undefined, new URL('./workers/search-index-worker.ts', import.meta.url));

/** A search-index worker started before its sections are known; `take` hands it to one index, `stop` ends it unused. */
export class IndexWorker {
  private worker: Worker | null;
  private ended = false;

  constructor() {
    const worker = startIndexWorker();
    // Waiting for work does not keep the process alive: a build that fails early ends.
    worker.unref();
    // A thread that failed before it was taken is replaced by a new one (`take`), which fails in the open.
    worker.on('error', () => {});
    worker.once('exit', () => {
      this.ended = true;
    });
    this.worker = worker;
  }

  take(): Worker {
    const worker = this.worker !== null && !this.ended ? this.worker : startIndexWorker();
    this.worker = null;
    worker.ref();
    return worker;
  }

  stop(): void {
    void this.worker?.terminate();
    this.worker = null;
  }
}

/**
 * From this many characters of indexed fields whose terms are not in the
 * cache, a worker builds the index. Tokenizing the whole site (1 100
 * sections, 630 000 characters) takes 70 to 100 ms, one article (11 000) a
 * few; starting a worker and loading its module cost more (docs/performance.md).
 */
export const workerFrom = 128 * 1024;

/** The index made now, on the main thread, or being made by the worker. */
export type SearchIndexBuild = { readonly index: string } | { readonly building: Promise<string> };

export function searchIndexBuild(sectionsOf: () => ReadonlyArray<Section>, terms: Store<SectionTerms> | undefined, prepared?: IndexWorker): SearchIndexBuild {
  const list = sectionsOf();
  // Each section's key in the store, hashed once. Neither the sections nor their fields are held while
  // a worker builds the index: at 30× our content they are 33 MB of the main thread's heap.
  const keys: Array<string | undefined> = [];
  let missing = 0;
  for (const section of list) {
    const input = termInputs(section, indexOptions);
    const key = terms?.keyOnce(input);
    keys.push(key);
    if (key !== undefined && terms?.knows(key)) continue;
    for (const field of input) missing += typeof field === 'string' ? field.length : 0;
  }
  // Section ids are their positions in the list.
  const termsOf = (section: Section): SectionTerms => {
    const key = keys[section.id];
    const found = key === undefined ? undefined : terms?.find(key);
    if (found !== undefined) return found;
    const made = sectionTerms(section, indexOptions);
    if (key !== undefined) terms?.put(key, made);
    return made;
  };
  if (missing < workerFrom && !prepared) return { index: searchIndexJson(list, indexOptions, termsOf) };
  // The worker gets the cached terms as the JSON the cache holds; touching them keeps them for the next build.
  const known = keys.map((key) => (key !== undefined && terms?.knows(key) ? terms.jsonOf(key) : undefined));
  return {
    building: indexInWorker(list, known, prepared?.take()).then(
      (reply) => {
        // The terms stay JSON in the store, as the worker sent them, until the cache is written.
        keys.forEach((key, i) => {
          if (key !== undefined && !terms?.touch(key)) terms?.putJson(key, reply.terms[i]!);
        });
        return reply.index;
      },
      // Should the worker fail, the main thread builds the index from the sections made again.
      () => searchIndexJson(sectionsOf(), indexOptions, termsOf),
    ),
  };
}

/**
 * Each page's sections through the build cache, by the page's facts and the
 * key of its markdown (`bodyKeys`, by permalink): after an edit, a build makes
 * the sections of the edited pages only, and parses no other page's tree. A
 * page without markdown of its own (a React page) has its sections made each
 * time.
 */
export const keptSections = (store: Store<ReadonlyArray<Section>>, bodyKeys: ReadonlyMap<string, string>): PageSections => (page, make) => {
  const body = bodyKeys.get(page.url);
  return body === undefined ? make() : store.get([page.url, page.lvl0, page.title, page.tag, page.priority, page.tags.join('\n'), body], make);
};

/**
 * The index and the terms of every section (as JSON), made by a worker
 * thread; `known` has the JSON of the terms the cache has (the reply has an
 * empty text for those).
 */
export function indexInWorker(list: ReadonlyArray<Section>, known: ReadonlyArray<string | undefined> = [], worker: Worker = startIndexWorker()): Promise<{ index: string; terms: string[] }> {
  const built = new Promise<{ index: string; terms: string[] }>((resolve, reject) => {
    worker.once('message', (reply: IndexReply) => ('index' in reply ? resolve({ index: joinedText(reply.index, 'latin1'), terms: textsOf(reply.terms, 'utf8') }) : reject(new Error(reply.failed))));
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('de zoekindex-worker stopte')));
  });
  worker.postMessage({ list, known } satisfies IndexRequest);
  return built.finally(() => void worker.terminate());
}
