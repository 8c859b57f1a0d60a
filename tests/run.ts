/**
 * `npm test`: the type-check and every uvu suite (unit, property and browser
 * tests), each suite's result printed as it finishes, ending with the line
 * `N passed, N failed (N skipped)`. `node --import tsx tests/run.ts '<regex>'`
 * runs only the test files whose path under tests/ matches.
 *
 * The files of one folder of tests/ run in one uvu process: they share what
 * they load (a process per file would load the pipeline again each time), and
 * tests/e2e/ shares one built site. Two processes run at a time, one per core
 * (`TEST_JOBS=1`: one at a time), but never two of the folders that start
 * Chromium: on two cores they would starve each other, and tests/build/
 * counts the Chromium processes a build leaves behind.
 *
 * A test that cannot run here says so with `skip` (tests/skip.ts): uvu counts
 * it as passed, this runner as skipped.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumPath } from '../pipeline/chromium.ts';
import { skipMarker } from './skip.ts';

const root = path.resolve(import.meta.dirname, '..');
const testsDir = path.join(root, 'tests');

/** Folders whose tests start Chromium (browser tests, builds that draw diagrams): one of them at a time. */
const chromiumFolders = new Set(['e2e', 'build', 'docusaurus']);
/** Started in this order when a slot is free: the longest first, so the other core has the rest. */
const folderOrder = ['e2e', 'build', 'pipeline', 'renderer'];

interface Counts { passed: number; failed: number; skipped: number }
interface Job { readonly name: string; readonly chromium: boolean; readonly run: () => Promise<Counts> }

const failures: string[] = [];
const print = (line: string) => process.stdout.write(`${line}\n`);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Calls `onLine` for each whole line of `stream` as it arrives, and for the rest at its end. */
function lines(stream: NodeJS.ReadableStream, onLine: (line: string) => void): Promise<void> {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts) onLine(part.replace(/\r$/, ''));
  });
  return new Promise((resolve) => stream.on('end', () => {
    if (rest) onLine(rest);
    resolve();
  }));
}

function typeCheck(): Job {
  return {
    name: 'tsc', chromium: false,
    run: async () => {
      const started = performance.now();
      const child = spawn(path.join(root, 'node_modules/.bin/tsc'), ['-p', root], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
      const output: string[] = [];
      const done = Promise.all([lines(child.stdout, (l) => output.push(l)), lines(child.stderr, (l) => output.push(l))]);
      const code = await new Promise<number | null>((resolve, reject) => child.on('close', resolve).on('error', reject));
      await done;
      if (code === 0) {
        print(`✓ type-check (tsc -p .), ${seconds(started)}`);
        return { passed: 1, failed: 0, skipped: 0 };
      }
      print(`✘ type-check (tsc -p .) failed:`);
      for (const line of output) print(`    ${line}`);
      failures.push('type-check (tsc -p .)');
      return { passed: 0, failed: 1, skipped: 0 };
    },
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Suite { readonly name: string; readonly output: string[]; skipped: number }

/**
 * uvu's output over `files`, read line by line as it streams: uvu writes a
 * file's name, then per suite ` name  • • ✘  (n / m)` (what a test prints
 * lands between the dots), then the failures of that suite, and at the end
 * `Total:`, `Passed:` and `Skipped:`. Prints each suite's result as its line
 * ends, and a failure's report as it comes.
 */
class UvuOutput {
  private file: string | null = null;
  private suite: Suite | null = null;
  /** Within the failures uvu prints after a failing suite. */
  private failing = false;
  private markers = 0;
  private readonly summary: Partial<Record<'Total' | 'Passed' | 'Skipped', number>> = {};
  private readonly seen: Counts = { passed: 0, failed: 0, skipped: 0 };

  constructor(private readonly job: string, private readonly files: ReadonlySet<string>) {}

  line(line: string): void {
    if (this.files.has(line)) {
      this.file = line;
      this.suite = null;
      this.failing = false;
      return;
    }
    const total = /^ {2}(Total|Passed|Skipped):\s+(\d+)\s*$/.exec(line);
    if (total) {
      this.summary[total[1] as 'Total'] = Number(total[2]);
      this.failing = false;
      return;
    }
    if (/^ {2}Duration:/.test(line)) return;
    if (this.file === null) {
      // Printed while the files load, before any test runs.
      if (line.trim()) print(`  ${this.job} ${line}`);
      return;
    }
    if (line.startsWith(skipMarker)) {
      this.suite ??= { name: '', output: [], skipped: 0 };
      this.suite.skipped++;
      this.suite.output.push(line);
      this.markers++;
      return;
    }
    // A suite's end, or the start of the next one, ends the failures printed before it.
    const end = /^(.*?)\s*\((\d+) \/ (\d+)\)$/.exec(line);
    if (this.failing && !end && !/^ \S|^[•✘]/.test(line)) {
      print(line.trim() ? `    ${line}` : '');
      return;
    }
    this.failing = false;
    if (!this.suite) {
      if (!line.trim()) return;
      // ` name  • • `: uvu pads the suite's name with a space each side; a suite without a name starts with its dots.
      this.suite = { name: /^[•✘]/.test(line) ? '' : (line.slice(1).split('  ')[0] ?? '').trim(), output: [], skipped: 0 };
    } else if (!end && line.trim() && !/^[•✘\s]+$/.test(line)) {
      this.suite.output.push(line);
    }
    if (end) this.ended(this.suite, Number(end[2]), Number(end[3]));
  }

  private title(suite: Suite): string {
    return `${this.file ?? this.job}${suite.name ? ` › ${suite.name}` : ''}`;
  }

  private ended(suite: Suite, ran: number, all: number): void {
    const skipped = suite.skipped ? `, ${suite.skipped} skipped` : '';
    print(`${ran === all ? '✓' : '✘'} ${this.title(suite)} (${ran - suite.skipped} / ${all}${skipped})`);
    for (const out of suite.output) print(`    ${out.trim()}`);
    this.seen.passed += ran;
    this.seen.failed += all - ran;
    if (ran !== all) {
      failures.push(this.title(suite));
      this.failing = true;
    }
    this.suite = null;
  }

  /** The counts once uvu has exited with `code`; a crash counts as a failure, and names the suite it ended. */
  end(code: number | null): Counts {
    if (this.suite) {
      print(`✘ ${this.title(this.suite)}: the process ended during this suite`);
      for (const out of this.suite.output) print(`    ${out.trim()}`);
      failures.push(this.title(this.suite));
    }
    const { Total, Passed, Skipped = 0 } = this.summary;
    const counts: Counts = Total !== undefined && Passed !== undefined
      ? { passed: Passed - this.markers, failed: Total - Passed, skipped: Skipped + this.markers }
      : { passed: this.seen.passed - this.markers, failed: this.seen.failed, skipped: this.markers };
    if (code !== 0 && (Total === undefined || counts.failed === 0)) {
      counts.failed++;
      failures.push(`${this.job}: uvu stopped with exit code ${code} (its output is above)`);
      print(`✘ ${this.job}: uvu stopped with exit code ${code}${Total === undefined ? ', before it got to the end' : ''}`);
    }
    return counts;
  }
}

/** One uvu process over `files` (paths under tests/). */
function uvuJob(name: string, files: ReadonlyArray<string>, chromium: boolean): Job {
  return {
    name, chromium,
    run: async () => {
      const started = performance.now();
      print(`▶ ${name} (${files.length} test file${files.length === 1 ? '' : 's'})`);
      // Without colours: uvu's output is read here. (uvu would set FORCE_COLOR, which node then warns beats NO_COLOR.)
      const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
      delete env.FORCE_COLOR;
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'node_modules/uvu/bin.js'), '--no-color', 'tests', `^(?:${files.map(escape).join('|')})$`], {
        cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'],
      });
      const output = new UvuOutput(name, new Set(files));
      const done = Promise.all([lines(child.stdout, (line) => output.line(line)), lines(child.stderr, (line) => process.stderr.write(`  ${name} ${line}\n`))]);
      const code = await new Promise<number | null>((resolve, reject) => child.on('close', resolve).on('error', reject));
      await done;
      const counts = output.end(code);
      print(`■ ${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped, ${seconds(started)}`);
      return counts;
    },
  };
}

/** The test files under tests/ that match the command line's pattern, one job per folder. */
function testJobs(pattern: RegExp): Job[] {
  const files = fs.readdirSync(testsDir, { recursive: true }).map((f) => String(f).split(path.sep).join('/'))
    // Fixture sites hold test files of their own (a React page's test the build must skip): not ours to run.
    .filter((f) => /\.test\.tsx?$/.test(f) && !/(^|\/)(node_modules|fixtures)\//.test(f) && pattern.test(f)).sort();
  if (files.length === 0) print(`No test file under tests/ matches ${pattern}.`);
  const folders = new Map<string, string[]>();
  for (const f of files) {
    const folder = f.includes('/') ? f.slice(0, f.indexOf('/')) : '.';
    folders.set(folder, [...(folders.get(folder) ?? []), f]);
  }
  const rank = (folder: string) => (folderOrder.includes(folder) ? folderOrder.indexOf(folder) : folderOrder.length);
  return [...folders].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([folder, list]) => uvuJob(folder === '.' ? 'tests/' : `${folder}/`, list, chromiumFolders.has(folder)));
}

/** Runs the jobs `slots` at a time, in order, but never two that start Chromium. */
async function runAll(jobs: Job[], slots: number): Promise<Counts> {
  const total: Counts = { passed: 0, failed: 0, skipped: 0 };
  const waiting = [...jobs];
  let chromiumBusy = false;
  let running = 0;
  return new Promise((resolve) => {
    const next = () => {
      while (running < slots) {
        const i = waiting.findIndex((job) => !(job.chromium && chromiumBusy));
        if (i < 0) break;
        const [job] = waiting.splice(i, 1) as [Job];
        running++;
        if (job.chromium) chromiumBusy = true;
        void job.run().catch((e: unknown): Counts => {
          // The process could not start at all (no node_modules/.bin/tsc, say).
          print(`✘ ${job.name}: ${e instanceof Error ? e.message : String(e)}`);
          failures.push(job.name);
          return { passed: 0, failed: 1, skipped: 0 };
        }).then((counts) => {
          total.passed += counts.passed;
          total.failed += counts.failed;
          total.skipped += counts.skipped;
          running--;
          if (job.chromium) chromiumBusy = false;
          next();
        });
      }
      if (running === 0 && waiting.length === 0) resolve(total);
    };
    next();
  });
}

/** The browser the browser tests use, so that a failure can be tied to its version (none is pinned). */
function chromiumVersion(): string {
  const run = spawnSync(chromiumPath, ['--version'], { encoding: 'utf8', timeout: 20_000 });
  const version = run.stdout?.trim();
  return run.status === 0 && version ? `${version} (${chromiumPath})` : `not found at ${chromiumPath}`;
}

const started = performance.now();
print(`Chromium: ${chromiumVersion()}`);
const pattern = new RegExp(process.argv[2] ?? '', 'i');
const slots = Math.max(1, Number(process.env.TEST_JOBS) || Math.min(2, os.availableParallelism()));
const { passed, failed, skipped } = await runAll([typeCheck(), ...testJobs(pattern)], slots);
if (failures.length) {
  print('\nFailed:');
  for (const f of failures) print(`  ✘ ${f}`);
}
print(`\n(${seconds(started)})`);
// README and CI read this line: it starts with `N passed, N failed`.
console.log(`${passed} passed, ${failed} failed (${skipped} skipped)`);
process.exitCode = failed ? 1 : 0;
