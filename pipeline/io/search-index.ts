/**
 * Effect edge: the search index of a production build, from its sections
 * (pipeline/stages/search-index.ts). Each section's terms
 * come from the build cache (`searchTerms`) when its indexed fields did not
 * change; the index is assembled from them (pipeline/stages/search-index.ts).
 *
 * When few sections are new (a warm build after editing a page), the main
 * thread tokenizes them and assembles the index itself: a worker's start and
 * module load would cost more than the work. When many are (a cold build), a
 * worker thread tokenizes them all and assembles the index while the main
 * thread renders the pages, which know its path beforehand (`searchIndexPath`
 * in pipeline/build.ts names neither records nor terms); its terms go into the
 * cache after. Both run the same pure assembly, so the bytes do not depend on
 * which did it; should the worker fail, the main thread builds the index.
 */
import { sectionTerms, searchIndexJson, termInputs, type PageSections, type Section, type SectionTerms } from '../stages/search-index.ts';
import { indexOptions } from '../../theme/shared/search-options.ts';
import type { Store } from '../memo.ts';
import { joinedText, textsOf, type TextChunk } from './text-chunks.ts';
import { startWorker } from './workers/worker.ts';

/** What the worker answers: the index as JSON and each section's terms as JSON, in bytes (latin1 and UTF-8), or why it could not be built. */
export type IndexReply = { index: TextChunk[]; terms: TextChunk[] } | { failed: string };

/**
 * From this many characters of indexed fields whose terms are not in the
 * cache, a worker builds the index. Tokenizing the whole site (1 100
 * sections, 630 000 characters) takes 70 to 100 ms, one article (11 000) a
 * few; starting a worker and loading its module cost more (docs/performance.md).
 */
export const workerFrom = 128 * 1024;

/** Set by bin/ontwikkelaarsportaal.mjs when it bundles the CLI: the compiled search-index-worker.ts. */
declare const SEARCH_INDEX_WORKER: string | undefined;

/** The index made now, on the main thread, or being made by the worker. */
export type SearchIndexBuild = { readonly index: string } | { readonly building: Promise<string> };

export function searchIndexBuild(sectionsOf: () => ReadonlyArray<Section>, terms: Store<SectionTerms> | undefined): SearchIndexBuild {
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
  if (missing < workerFrom) return { index: searchIndexJson(list, indexOptions, termsOf) };
  return {
    building: indexInWorker(list).then(
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

/** The index and the terms of every section (as JSON), made by a worker thread. */
export function indexInWorker(list: ReadonlyArray<Section>): Promise<{ index: string; terms: string[] }> {
  const worker = startWorker(typeof SEARCH_INDEX_WORKER === 'string' ? SEARCH_INDEX_WORKER : undefined, new URL('./workers/search-index-worker.ts', import.meta.url));
  const built = new Promise<{ index: string; terms: string[] }>((resolve, reject) => {
    worker.once('message', (reply: IndexReply) => ('index' in reply ? resolve({ index: joinedText(reply.index, 'latin1'), terms: textsOf(reply.terms, 'utf8') }) : reject(new Error(reply.failed))));
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('de zoekindex-worker stopte')));
  });
  worker.postMessage(list);
  return built.finally(() => void worker.terminate());
}
