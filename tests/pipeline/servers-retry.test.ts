/**
 * A lazy chunk that failed to load is asked for again as `<chunk>?retry=N`
 * (pipeline/io/chunk-retry.ts): the browser keeps a failed module fetch for
 * the life of the page, so only another URL fetches again. Each server must
 * answer that URL with the same file and the same caching headers as the plain
 * one. The preview server (pipeline/io/server.ts), and nginx and Caddy started
 * for real on 127.0.0.1 with dist-config's own files (tests/pipeline/running-servers.ts).
 * Without nginx or caddy their test is skipped.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { root } from '../helpers.ts';
import { skip } from '../skip.ts';
import { startServer } from '../../pipeline/io/server.ts';
import { caddyMissing, firstAnswer, get, nginxMissing, startCaddy, startNginx, type Answer, type RunningServer } from './running-servers.ts';

const test = suite('servers: a chunk asked for again under ?retry=N');

const chunk = 'assets/search-page-Ab12Cd34.js';
const chunkText = 'export const ok = 1;\n';

/** A dist/ with one page and one hashed chunk. */
function fillDist(dist: string): void {
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, chunk), chunkText);
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Test</title>');
  fs.writeFileSync(path.join(dist, '404.html'), '<!doctype html><title>Niet gevonden</title>');
}

/** What must be the same for both URLs. */
const seen = (answer: Answer) => ({ status: answer.status, cacheControl: answer.headers['cache-control'], type: answer.headers['content-type'], body: answer.body });

async function assertSameForRetry(origin: string): Promise<void> {
  const plain = seen(await firstAnswer(`${origin}/${chunk}`));
  assert.is(plain.status, 200, `${origin}: ${plain.body.slice(0, 200)}`);
  assert.is(plain.body, chunkText);
  assert.match(plain.cacheControl ?? '', /immutable/);
  for (const query of ['?retry=1', '?retry=2']) {
    const retried = seen(await get(`${origin}/${chunk}${query}`));
    assert.equal(retried, plain, `${query}: same status, body and headers`);
  }
}

async function served(server: RunningServer): Promise<void> {
  try {
    await assertSameForRetry(server.origin);
  } finally {
    await server.close();
  }
}

test('should serve the chunk under ?retry=N like the plain URL: the preview server', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-retry-'));
  const dist = path.join(dir, 'dist');
  fillDist(dist);
  const { server, url } = await startServer({ root: dist, port: 0, host: '127.0.0.1', dev: false });
  try {
    await assertSameForRetry(url.replace(/\/$/, ''));
  } finally {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('should serve the chunk under ?retry=N like the plain URL: nginx with dist-config/nginx.conf', async () => {
  const missing = nginxMissing();
  if (missing) return skip(missing);
  await served(await startNginx({ config: fs.readFileSync(path.join(root, 'dist-config/nginx.conf'), 'utf8'), dist: fillDist }));
});

test('should serve the chunk under ?retry=N like the plain URL: Caddy with dist-config/Caddyfile', async () => {
  const missing = caddyMissing();
  if (missing) return skip(missing);
  await served(await startCaddy({ config: fs.readFileSync(path.join(root, 'dist-config/Caddyfile'), 'utf8'), dist: fillDist }));
});

test.run();
