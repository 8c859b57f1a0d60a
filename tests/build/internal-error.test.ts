/**
 * An internal error ends the run: a stage that throws what the build does not
 * expect gives exit code 70 within 2 s, a message that names the stage and
 * the file (the stack with `--debug`), and leaves no child process behind.
 *
 * The build is the real command line (bin/ontwikkelaarsportaal.mjs) on a
 * small site, loaded with a test-only module hook
 * (tests/build/internal-error/hooks.mjs) that makes the feed stage start a
 * child process that would outlive the build, and throw. Every process below
 * the build is noted while it runs (by ancestry, never by name) and must be
 * gone once the build is.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { descendants } from '../../pipeline/io/descendants.ts';
import { root } from '../helpers.ts';

const test = suite('build: an internal error ends the run');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-internal-error-'));
test.after(() => fs.rmSync(work, { recursive: true, force: true }));

const hook = path.join(root, 'tests/build/internal-error/register.mjs');
const post = 'blog/2025-01-15-eerste-bericht.md';

/** A process as /proc shows it now: its start time (a reused pid is not taken for it) and state; null when gone. */
function proc(pid: number): { start: string; state: string } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', start: fields[19] ?? '' };
  } catch {
    return null;
  }
}

/** Whether the process seen as `seen` still runs: same pid and start time, and not a zombie. */
const running = (pid: number, start: string): boolean => {
  const now = proc(pid);
  return now !== null && now.start === start && now.state !== 'Z';
};

interface Run {
  readonly code: number | null;
  readonly stderr: string;
  /** How long after the stage threw the build was gone. */
  readonly exitAfter: number;
  /** The processes below the build while it ran that still run after it. */
  readonly survivors: ReadonlyArray<number>;
  /** The child the throwing stage started. */
  readonly child: number;
  /** The site's folder, where the build wrote (or not). */
  readonly dir: string;
}

async function failingBuild(extra: ReadonlyArray<string>): Promise<Run> {
  const dir = fs.mkdtempSync(path.join(work, 'site-'));
  fs.cpSync(path.join(root, 'tests/fixtures/interactive-site/content'), path.join(dir, 'content'), { recursive: true });
  fs.copyFileSync(path.join(root, 'tests/fixtures/interactive-site/site.yml'), path.join(dir, 'site.yml'));
  const marker = path.join(dir, 'marker.json');
  const build = spawn(process.execPath, ['--import', hook, path.join(root, 'bin/ontwikkelaarsportaal.mjs'), 'build', '--content', 'content', '--config', 'site.yml', '--out', 'dist', ...extra], {
    cwd: dir, env: { ...process.env, NO_COLOR: '1', INTERNAL_ERROR_MARKER: marker }, stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  build.stderr!.on('data', (chunk) => { stderr += String(chunk); });
  let exit: { code: number | null; at: number } | null = null;
  const exited = new Promise<void>((resolve) => build.once('exit', (code) => { exit = { code, at: Date.now() }; resolve(); }));
  const seen = new Map<number, string>();
  // Until the stage throws (a cold build compiles the command line first), then at most 2 s more.
  let thrownAt: number | null = null;
  for (let step = 0; exit === null; step++) {
    for (const pid of descendants(build.pid!)) {
      const p = proc(pid);
      if (p && !seen.has(pid)) seen.set(pid, p.start);
    }
    if (thrownAt === null && fs.existsSync(marker)) thrownAt = Date.now();
    if ((thrownAt !== null && Date.now() - thrownAt > 2000) || step > 12_000) break;
    await sleep(10);
  }
  const noted = fs.existsSync(marker) ? JSON.parse(fs.readFileSync(marker, 'utf8')) as { child: number; at: number } : null;
  if (exit === null) {
    // Ours, started by this test: nothing may outlive it, whatever the assertions say.
    for (const pid of [...seen.keys(), ...(noted ? [noted.child] : [])]) try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
    build.kill('SIGKILL');
    await exited;
  }
  assert.ok(noted, `the stage threw (stderr: ${stderr})`);
  if (!seen.has(noted!.child)) seen.set(noted!.child, proc(noted!.child)?.start ?? '');
  // A killed process may take a moment to be reaped by init.
  let survivors = [...seen].filter(([pid, start]) => running(pid, start));
  for (let poll = 0; poll < 20 && survivors.length > 0; poll++) {
    await sleep(25);
    survivors = survivors.filter(([pid, start]) => running(pid, start));
  }
  for (const [pid] of survivors) try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
  const ended = exit as { code: number | null; at: number } | null;
  return { code: ended?.code ?? null, stderr, exitAfter: ended ? ended.at - noted!.at : Infinity, survivors: survivors.map(([pid]) => pid), child: noted!.child, dir };
}

test('a stage that throws ends the build with code 70 within 2 s, naming the stage and file, and no child outlives it', async () => {
  const run = await failingBuild([]);
  assert.ok(run.exitAfter < 2000, `the build was gone ${run.exitAfter} ms after the stage threw`);
  assert.is(run.code, 70);
  assert.equal(run.survivors, [], 'no process below the build runs after it');
  assert.match(run.stderr, `De build is onverwacht gestopt in de stap feeds, bij content/${post}: testfout in de feedstap`);
  assert.match(run.stderr, '--debug');
  assert.not.match(run.stderr, /\n\s+at /, 'no stack without --debug');
  assert.equal(fs.readdirSync(run.dir).filter((name) => name === 'dist' || name.startsWith('.dist-tmp')), [], 'no output, and no temporary folder left');
});

test('with --debug the message is followed by the stack', async () => {
  const run = await failingBuild(['--debug']);
  assert.is(run.code, 70);
  assert.equal(run.survivors, []);
  assert.match(run.stderr, 'in de stap feeds');
  assert.match(run.stderr, /Error: testfout in de feedstap\n\s+at feedBodyHtml/);
});

test.run();
