/**
 * Worker thread for pipeline/io/parse-helper.ts: parses Markdown bodies with
 * the same pure `parseMarkdownBody` as the main thread, taking the next body
 * from a counter it shares with the main thread, until none is left. Each
 * tree goes back as it is made; a body the parser refuses goes back as failed
 * (the main thread's parse stage parses it again and says why).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseMarkdownBody } from '../../stages/parse/markdown-body.ts';
import type { ParseJob, ParseReply } from '../parse-helper.ts';

const { jobs, shared } = workerData as { jobs: ReadonlyArray<ParseJob>; shared: SharedArrayBuffer };
const next = new Int32Array(shared);
const port = parentPort;

for (let index = Atomics.add(next, 0, 1); index < jobs.length; index = Atomics.add(next, 0, 1)) {
  const { body, format } = jobs[index]!;
  let reply: ParseReply;
  try {
    reply = { index, tree: parseMarkdownBody(body, format) };
  } catch {
    reply = { index, failed: true };
  }
  port?.postMessage(reply);
}
port?.postMessage('done' satisfies ParseReply);
