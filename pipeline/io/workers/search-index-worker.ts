/**
 * Worker thread for pipeline/io/search-index.ts: tokenizes every section it
 * is sent and assembles the search index
 * (pipeline/stages/search-index.ts), on the core the main thread leaves free
 * while it renders the pages. The terms go back too, as JSON, for the build
 * cache.
 */
import { parentPort } from 'node:worker_threads';
import { sectionTerms, searchIndexJson, type Section } from '../../stages/search-index.ts';
import { indexOptions } from '../../../theme/shared/search-options.ts';
import type { IndexReply } from '../search-index.ts';

const port = parentPort;
port?.once('message', (list: Section[]) => {
  let reply: IndexReply;
  try {
    // Each section's terms go back as JSON, which holds them in a third of the memory of their objects.
    const terms: string[] = [];
    const index = searchIndexJson(list, indexOptions, (section) => {
      const made = sectionTerms(section, indexOptions);
      terms.push(JSON.stringify(made));
      return made;
    });
    reply = { index, terms };
  } catch (e) {
    reply = { failed: String((e as Error).message ?? e) };
  }
  port.postMessage(reply);
});
