/**
 * A cold build killed outright (SIGKILL) leaves no Chromium running and, once
 * the next build has run, no Chromium profile in the temporary folder.
 *
 * The build runs as a child process in a folder of its own (a cold cache),
 * on a small site with diagrams enough to keep Chromium busy for a while. Its
 * Chromium is found by ancestry (a process below the build), never by name:
 * other builds may be drawing at the same time, and only what this test
 * started is ever killed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { diagramChromiumPath, profilePrefix, removeStaleProfiles } from '../../pipeline/io/mermaid.ts';
import { root } from '../helpers.ts';
import { skip } from '../skip.ts';

const test = suite('build: no Chromium outlives a killed build');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-orphan-'));
test.after(() => fs.rmSync(work, { recursive: true, force: true }));

/** Polls of the process table: how long a process may take to notice its build is gone, in steps. */
const polls = 200;
const pollEvery = 25;

/** A process as /proc shows it: its parent, its start time (so a reused pid is not taken for it), its state and command line. */
interface Proc { readonly pid: number; readonly ppid: number; readonly start: string; readonly state: string; readonly cmdline: string }

function proc(pid: number): Proc | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in parentheses may hold spaces; the fields after it are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
    return { pid, ppid: Number(fields[1]), start: fields[19] ?? '', state: fields[0] ?? '', cmdline };
  } catch {
    return null;
  }
}

const processes = (): Proc[] => fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n)).map(Number).map(proc).filter((p): p is Proc => p !== null);

/** The Chromium processes below `build` (any depth). */
function chromiumBelow(build: number): Proc[] {
  const all = processes();
  const byPid = new Map(all.map((p) => [p.pid, p]));
  const below = (p: Proc): boolean => {
    for (let parent = byPid.get(p.ppid), depth = 0; parent && depth < 64; parent = byPid.get(parent.ppid), depth++) {
      if (parent.pid === build) return true;
    }
    return false;
  };
  return all.filter((p) => below(p) && /chrom/i.test(p.cmdline));
}

/** Whether the process recorded as `p` still runs: same pid and start time, and not a zombie waiting to be reaped. */
const running = (p: Proc): boolean => {
  const now = proc(p.pid);
  return now !== null && now.start === p.start && now.state !== 'Z';
};

/** A content folder with a handful of pages of diagrams: Chromium draws for a while after it starts. */
function site(): string {
  const dir = fs.mkdtempSync(path.join(work, 'site-'));
  fs.cpSync(path.join(root, 'tests/fixtures/interactive-site/content'), path.join(dir, 'content'), { recursive: true });
  fs.copyFileSync(path.join(root, 'tests/fixtures/interactive-site/site.yml'), path.join(dir, 'site.yml'));
  for (let page = 0; page < 4; page++) {
    const diagrams = Array.from({ length: 10 }, (_, i) => `## Diagram ${i}\n\n\`\`\`mermaid\nflowchart LR\n  A${page}x${i}[Aanvraag ${page}.${i}] --> B${page}x${i}{Besluit}\n  B${page}x${i} -->|ja| C${page}x${i}[Toekenning]\n  B${page}x${i} -->|nee| D${page}x${i}[Afwijzing]\n\`\`\``);
    fs.writeFileSync(path.join(dir, `content/kennisbank/diagrammen-${page}.md`), `---\ntitle: Diagrammen ${page}\n---\n\n${diagrams.join('\n\n')}\n`);
  }
  return dir;
}

/** `npm run build` on the site in `dir`, with its cache (and so its diagram cache) in `dir`. */
function build(dir: string): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [path.join(root, 'bin/ontwikkelaarsportaal.mjs'), 'build', '--content', 'content', '--config', 'site.yml', '--out', 'dist'], {
    cwd: dir, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'ignore', 'ignore'],
  });
  return { child, exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
}

/** The diagram profiles in the temporary folder named after the process `pid`. */
const profilesOf = (pid: number): string[] => fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith(`ontwikkelaarsportaal-mermaid-chromium-${pid}-`));

/**
 * Starts a cold build, waits until its Chromium runs (and, when `drawn`, until
 * that many diagrams are in its cache), kills the build with SIGKILL and
 * returns its Chromium processes as they were, and the ones still running
 * after the polls.
 */
async function killDuringDrawing(dir: string, drawn: number): Promise<{ pid: number; chromium: Proc[]; survivors: Proc[] }> {
  const { child, exited } = build(dir);
  const pid = child.pid!;
  let done = false;
  void exited.then(() => { done = true; });
  let chromium: Proc[] = [];
  // A build compiles the CLI first when a source changed: allow for that in the steps.
  for (let step = 0; step < 4000 && !done; step++) {
    chromium = chromiumBelow(pid);
    if (chromium.length > 0 && cachedDiagrams(dir) >= drawn) break;
    await sleep(5);
  }
  assert.ok(chromium.length > 0, `the build started Chromium (it ${done ? 'ended' : 'still runs'})`);
  assert.not.ok(done, 'the build was still drawing when killed');
  // Every process of this build's Chromium, as it was just before the kill.
  chromium = chromiumBelow(pid);
  child.kill('SIGKILL');
  await exited;
  let survivors = chromium;
  for (let poll = 0; poll < polls && survivors.length > 0; poll++) {
    await sleep(pollEvery);
    survivors = survivors.filter(running);
  }
  // Ours, started by this test: none may outlive it, whatever the assertions say.
  for (const p of survivors) process.kill(p.pid, 'SIGKILL');
  return { pid, chromium, survivors };
}

const cachedDiagrams = (dir: string): number => {
  const mermaid = path.join(dir, '.cache/mermaid');
  if (!fs.existsSync(mermaid)) return 0;
  return fs.readdirSync(mermaid, { recursive: true }).map(String).filter((n) => n.endsWith('.svg')).length;
};

test('only the profiles of diagram Chromiums whose build has ended are removed, none of another program', () => {
  const tmp = fs.mkdtempSync(path.join(work, 'tmp-'));
  const names = {
    ended: `${profilePrefix(999_999_999)}abcdef`,
    running: `${profilePrefix(process.ppid)}abcdef`,
    own: `${profilePrefix(process.pid)}abcdef`,
    // The browser tests' profiles (numbered, not named after a process) and other folders of ours.
    browserTest: 'ontwikkelaarsportaal-chromium-0-abcdef',
    fallback: 'ontwikkelaarsportaal-mermaid-fallback-abcdef',
    unnamed: 'ontwikkelaarsportaal-mermaid-chromium-x-abcdef',
  };
  for (const name of Object.values(names)) fs.mkdirSync(path.join(tmp, name, 'Default'), { recursive: true });
  removeStaleProfiles(tmp);
  assert.equal(fs.readdirSync(tmp).sort(), Object.values(names).filter((n) => n !== names.ended).sort());
});

test('Chromium dies with a cold build killed outright, and the next build removes its profile', async () => {
  if (!fs.existsSync(diagramChromiumPath)) return skip(`no Chromium at ${diagramChromiumPath} (apt-get install chromium-headless-shell)`);
  const dir = site();
  const killed: number[] = [];
  // While Chromium loads mermaid, and once it is drawing.
  for (const drawn of [0, 3]) {
    fs.rmSync(path.join(dir, '.cache'), { recursive: true, force: true });
    const { pid, chromium, survivors } = await killDuringDrawing(dir, drawn);
    killed.push(pid);
    assert.equal(survivors.map((p) => p.cmdline.slice(0, 120)), [], `no Chromium of the killed build runs after ${polls} polls (it had ${chromium.length})`);
    assert.ok(profilesOf(pid).length > 0, 'the killed build left its profile, named after it');
  }
  const next = build(dir);
  assert.is(await next.exited, 0, 'the next build succeeds');
  for (const pid of killed) assert.equal(profilesOf(pid), [], `the next build removed the profile of build ${pid}`);
  assert.equal(profilesOf(next.child.pid!), [], 'and left none of its own');
});

test.run();
