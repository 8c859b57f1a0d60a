/**
 * The Docusaurus fixtures, migrated and built as a team would: the fixture is
 * copied to a temporary folder, `migrate` writes its dist-config/ there, and
 * the command line builds it into dist/. Each fixture is built once per test
 * process (the build takes seconds); every test reads the same result.
 *
 * Problems come from `--format json`; their `file` is relative to the copy
 * (`docs/intro.md`, `dist-config/site.yml`), because the build runs there.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Problem } from '../../pipeline/problem.ts';
import { temporaryFolder } from '../helpers.ts';

export { temporaryFolder };

const root = path.resolve(import.meta.dirname, '../..');
export const siteFixture = path.join(root, 'tests/fixtures/docusaurus-site');
export const mistakesFixture = path.join(root, 'tests/fixtures/docusaurus-mistakes');
const migrateScript = path.join(root, 'pipeline/cli/migrate.ts');

export interface CommandResult {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface BuiltSite {
  /** The copy of the fixture the site was migrated and built from. */
  readonly dir: string;
  /** The built site's folder. */
  readonly out: string;
  /** What `migrate` printed, and its exit code. */
  readonly migrate: CommandResult;
  /** The build's exit code: 0 without errors. */
  readonly exitCode: number;
  /** The build's problems, as `--format json` gives them. */
  readonly problems: ReadonlyArray<Problem>;
  /** The build's progress and timing lines (stderr). */
  readonly log: string;
  /** Every file in the built site, relative to it, with `/`. */
  readonly files: ReadonlyArray<string>;
  /** The HTML of a page by its route (`/docs/intro`, `/blog/`) or file (`404.html`); throws when there is none. */
  html(route: string): string;
}

/** Runs a command to its end, never throwing on a non-zero exit. */
export function runCommand(command: string, args: ReadonlyArray<string>, cwd: string): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(command, [...args], { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ exitCode: code, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

/** `npm run migrate -- dir`, without npm's own lines around it. */
export const migrate = (dir: string): Promise<CommandResult> =>
  runCommand(process.execPath, ['--import', 'tsx', migrateScript, dir], root);

/** The file of a route in a built site: `/docs/intro` → `docs/intro/index.html`. */
function fileOf(route: string): string {
  const clean = route.replace(/^\/+/, '').replace(/[?#].*$/, '');
  if (/\.[a-z0-9]+$/i.test(clean)) return clean;
  return clean === '' ? 'index.html' : `${clean.replace(/\/+$/, '')}/index.html`;
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true }).map(String)
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .map((f) => f.split(path.sep).join('/')).sort();
}

function parseProblems(stdout: string): Problem[] {
  const start = stdout.indexOf('{');
  if (start < 0) return [];
  try {
    return (JSON.parse(stdout.slice(start)) as { problems: Problem[] }).problems;
  } catch {
    return [];
  }
}

/** Copies `fixture`, migrates the copy and builds it. */
async function migrateAndBuild(fixture: string): Promise<BuiltSite> {
  const tmp = temporaryFolder(`op-${path.basename(fixture)}-`);
  const dir = path.join(tmp, 'site');
  fs.cpSync(fixture, dir, { recursive: true });
  const migrated = await migrate(dir);
  const out = path.join(tmp, 'dist');
  // The build runs in the copy: problems name files relative to it, and its cache stays there.
  const build = await runCommand(process.execPath, [
    path.join(root, 'bin/ontwikkelaarsportaal.mjs'), 'build',
    '--content', dir, '--config', path.join(dir, 'dist-config/site.yml'), '--out', out, '--format', 'json',
  ], dir);
  const files = listFiles(out);
  return {
    dir, out, migrate: migrated, exitCode: build.exitCode, problems: parseProblems(build.stdout), log: build.stderr, files,
    html(route: string): string {
      const file = path.join(out, fileOf(route));
      if (!fs.existsSync(file)) {
        throw new Error(`${route}: ${fileOf(route)} is not in the built site (build exit ${build.exitCode}; ${files.length} files). Build log:\n${build.stderr}`);
      }
      return fs.readFileSync(file, 'utf8');
    },
  };
}

const once = new Map<string, Promise<BuiltSite>>();
const cached = (fixture: string): Promise<BuiltSite> => {
  let built = once.get(fixture);
  if (!built) once.set(fixture, built = migrateAndBuild(fixture));
  return built;
};

/** tests/fixtures/docusaurus-site, migrated and built (once per process). */
export const builtSite = (): Promise<BuiltSite> => cached(siteFixture);

/** tests/fixtures/docusaurus-mistakes, migrated and built (once per process). */
export const builtMistakes = (): Promise<BuiltSite> => cached(mistakesFixture);
