/**
 * Worker thread for pipeline/io/search-index.ts: tokenizes each section it
 * is sent without cached terms and assembles the search index
 * (pipeline/stages/search-index.ts), on the core the main thread leaves free
 * while it renders the pages. The terms it made go back too, as JSON, for
 * the build cache. Both go back as bytes that are moved, not copied
 * (pipeline/io/text-chunks.ts): this thread's end is where a large site's
 * build peaks.
 */
import { parentPort } from 'node:worker_threads';
import { searchIndexPieces, sectionTerms, type SectionTerms } from '../../stages/search-index.ts';
import { indexOptions } from '../../../theme/shared/search-options.ts';
import { TextChunks, transferList } from '../text-chunks.ts';
import type { IndexReply, IndexRequest } from '../search-index.ts';

const port = parentPort;
port?.once('message', ({ list, known }: IndexRequest) => {
  let reply: IndexReply;
  try {
    // Each section's terms go back as JSON, which holds them in a third of the memory of their objects.
    const terms = new TextChunks('utf8');
    // Every character of the index is at most U+00FF (`narrow`): one byte each.
    const index = new TextChunks('latin1');
    for (const piece of searchIndexPieces(list, indexOptions, (section) => {
      const cached = known[section.id];
      if (cached !== undefined) {
        terms.add('');
        return JSON.parse(cached) as SectionTerms;
      }
      const made = sectionTerms(section, indexOptions);
      terms.add(JSON.stringify(made));
      return made;
    })) index.add(piece);
    reply = { index: index.take(), terms: terms.take() };
  } catch (e) {
    reply = { failed: String((e as Error).message ?? e) };
  }
  port.postMessage(reply, 'index' in reply ? [...transferList(reply.index), ...transferList(reply.terms)] : []);
});
