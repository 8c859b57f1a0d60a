/**
 * Worker thread for pipeline/io/search-index.ts: builds the search index
 * (pipeline/stages/search-index.ts) from the records it is sent, on the core the main
 * thread leaves free while it renders the pages.
 */
import { parentPort } from 'node:worker_threads';
import { buildSearchIndex } from '../../stages/search-index.ts';
import { indexOptions } from '../../../theme/shared/search-options.ts';
import type { SearchRecord } from '../../stages/search-records.ts';
import type { IndexReply } from '../search-index.ts';

const port = parentPort;
port?.once('message', (records: SearchRecord[]) => {
  let reply: IndexReply;
  try {
    reply = { index: buildSearchIndex(records, indexOptions) };
  } catch (e) {
    reply = { failed: String((e as Error).message ?? e) };
  }
  port.postMessage(reply);
});
