/**
 * Redirects served for real: nginx and Caddy started on 127.0.0.1 with
 * dist-config's own files (tests/pipeline/running-servers.ts), their redirects
 * block filled from a site.yml with redirects, answer an old path with a 301
 * to the new one, query kept. `nginx -t` and `caddy validate` accept those
 * files first. Without nginx or caddy their test is skipped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { root } from '../helpers.ts';
import { skip } from '../skip.ts';
import { withRedirectBlock } from '../../pipeline/stages/server-config/redirect-rules.ts';
import { caddyMissing, firstAnswer, get, nginxMissing, startCaddy, startNginx, type RunningServer } from './running-servers.ts';

const test = suite('servers: redirects from site.yml');

const config = { redirects: { rules: [{ from: ['/oude-gids', '/nog-ouder/'], to: '/gids' }, { from: '/oudst', to: '/oude-gids' }], fromExtensions: ['php'] } };

/** A dist/ with the new page and the not-found page. */
function fillDist(dist: string): void {
  fs.mkdirSync(path.join(dist, 'gids'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'gids/index.html'), '<!doctype html><title>Gids</title>');
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Test</title>');
  fs.writeFileSync(path.join(dist, '404.html'), '<!doctype html><title>Niet gevonden</title>');
}

async function assertRedirects(origin: string): Promise<void> {
  const page = await firstAnswer(`${origin}/gids`);
  assert.is(page.status, 200, 'the new page is served');
  for (const [old, to] of [['/oude-gids', '/gids'], ['/oude-gids/', '/gids'], ['/nog-ouder', '/gids'], ['/oudst?x=1', '/gids?x=1'], ['/gids.php', '/gids']] as const) {
    const answer = await get(`${origin}${old}`);
    assert.is(answer.status, 301, `${old}: 301`);
    const location = new URL(answer.headers.location ?? '', origin);
    assert.is(`${location.pathname}${location.search}`, to, `${old} → ${to}`);
  }
  assert.is((await get(`${origin}/nergens`)).status, 404, 'other paths stay not found');
}

async function served(server: RunningServer): Promise<void> {
  try {
    await assertRedirects(server.origin);
  } finally {
    await server.close();
  }
}

const filled = (file: string, kind: 'nginx' | 'caddy') => {
  const text = withRedirectBlock(fs.readFileSync(path.join(root, file), 'utf8'), kind, config);
  assert.ok(text !== null, `${file} has a redirects block`);
  return text;
};

test('should answer an old path with a 301 to the new one: nginx with dist-config/nginx.conf', async () => {
  const missing = nginxMissing();
  if (missing) return skip(missing);
  const text = filled('dist-config/nginx.conf', 'nginx');
  assert.ok(text.includes('rewrite ^/oude-gids/?$ /gids permanent;'), 'the rules are in the file');
  await served(await startNginx({ config: text, dist: fillDist, check: true }));
});

test('should answer an old path with a 301 to the new one: Caddy with dist-config/Caddyfile', async () => {
  const missing = caddyMissing();
  if (missing) return skip(missing);
  const text = filled('dist-config/Caddyfile', 'caddy');
  assert.ok(text.includes('redir /oude-gids /gids{query_suffix} 301'), 'the rules are in the file');
  await served(await startCaddy({ config: text, dist: fillDist, check: true }));
});

test.run();
