/**
 * Worker thread for pipeline/io/search-index.ts: tokenizes every section it
 * is sent and assembles the search index
 * (pipeline/stages/search-index.ts), on the core the main thread leaves free
 * while it renders the pages. The terms go back too, for the build cache.
 */
import { parentPort } from 'node:worker_threads';
import { sectionTerms, searchIndexJson, type Section } from '../../stages/search-index.ts';
import { indexOptions } from '../../../theme/shared/search-options.ts';
import type { IndexReply } from '../search-index.ts';

const port = parentPort;
port?.once('message', (list: Section[]) => {
  let reply: IndexReply;
  try {
    const terms = list.map((section) => sectionTerms(section, indexOptions));
    reply = { index: searchIndexJson(list, indexOptions, (section) => terms[section.id]!), terms };
  } catch (e) {
    reply = { failed: String((e as Error).message ?? e) };
  }
  port.postMessage(reply);
});
