/**
 * Issue 12, "Deterministic": the same content and configuration give a
 * byte-identical dist/. Builds the real content/ three times and compares the
 * sha256 of every file:
 *
 *  A. in this process (runBuild + writeSite), with an empty mermaid cache;
 *  B. in this process again, right after A, reading A's mermaid cache (module
 *     state that leaks from one build into the next: counters, caches, map order);
 *  C. in a child process (the CLI) with another time zone, locale and
 *     working-directory clock, and its own empty mermaid cache, so diagrams are
 *     drawn afresh rather than read back from A's cache.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runBuild } from '../../pipeline/schedule/schedule.ts';
import { writeSite } from '../../pipeline/io/write.ts';
import { hasErrors } from '../../pipeline/problem.ts';
import { formatProblems } from '../../pipeline/cli/report.ts';
import { root } from '../helpers.ts';

const test = suite('build: deterministic');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-determinism-'));
test.after(() => fs.rmSync(work, { recursive: true, force: true }));

/** Every file below `dir` (dotfiles too) → sha256. */
function hashes(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const abs = path.join(entry.parentPath, entry.name);
    out.set(path.relative(dir, abs).split(path.sep).join('/'), crypto.createHash('sha256').update(fs.readFileSync(abs)).digest('hex'));
  }
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}

async function buildInProcess(name: string, cache: string): Promise<string> {
  const out = path.join(work, name);
  const result = await runBuild({
    content: path.join(root, 'content'), config: path.join(root, 'dist-config/site.yml'),
    mode: 'production', render: true, cacheDir: path.join(work, cache), today: '2026-01-01',
  });
  assert.not.ok(hasErrors(result.problems), formatProblems(result.problems, { colour: false }));
  await writeSite(out, result.files);
  return out;
}

function buildInChild(name: string): Promise<string> {
  const out = path.join(work, name);
  return new Promise((resolve, reject) => {
    // Its own working directory, so its .cache/ (mermaid) starts empty.
    const cwd = path.join(work, `cwd-${name}`);
    fs.mkdirSync(cwd);
    const args = ['--import', import.meta.resolve('tsx'), path.join(root, 'pipeline/cli/main.ts'), 'build', '--out', out,
      '--content', path.join(root, 'content'), '--config', path.join(root, 'dist-config/site.yml')];
    const child = spawn(process.execPath, args, {
      cwd,
      // Another clock, time zone and locale: none of them may reach the output.
      env: { ...process.env, TZ: 'Pacific/Kiritimati', LANG: 'sv_SE.UTF-8', LC_ALL: 'sv_SE.UTF-8', NO_COLOR: '1', TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.json') },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => { stderr += String(d); });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`build in child exited ${code}:\n${stderr}`))));
  });
}

function compare(a: Map<string, string>, b: Map<string, string>, label: string): void {
  const onlyA = [...a.keys()].filter((k) => !b.has(k));
  const onlyB = [...b.keys()].filter((k) => !a.has(k));
  const differ = [...a.keys()].filter((k) => b.has(k) && a.get(k) !== b.get(k));
  assert.equal({ onlyA, onlyB, differ }, { onlyA: [], onlyB: [], differ: [] }, label);
}

test('should give byte-identical output for the same content, in one process and across processes', async () => {
  const started = performance.now();
  // The child build runs next to A on the second core.
  const child = buildInChild('c');
  child.catch(() => {}); // awaited below; this only keeps an early failure from being unhandled
  const a = hashes(await buildInProcess('a', 'cache-a'));
  const b = hashes(await buildInProcess('b', 'cache-a'));
  const c = hashes(await child);
  assert.ok(a.size > 300, `the build wrote ${a.size} files`);
  assert.ok(a.has('index.html') && a.has('404.html') && a.has('.well-known/security.txt'));
  compare(a, b, 'two builds in one process');
  compare(a, c, 'a build in another process, time zone and locale');
  console.log(`\n  determinism: ${a.size} files identical over 3 builds (${Math.round(performance.now() - started)} ms)`);
});

test.run();
