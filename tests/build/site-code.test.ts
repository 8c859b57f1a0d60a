/**
 * Content never runs; site code runs only when the configuration names it,
 * and then in its box (pipeline/io/component-box.ts): a component in the
 * portal's content folder, components that loop, throw or eat memory, the
 * box's environment, and SIGTERM during a looping component.
 */
import { namespaceLauncher } from '../../pipeline/io/sandbox.ts';
import { skip } from '../skip.ts';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runBuild } from '../../pipeline/schedule/schedule.ts';
import { boxEnv } from '../../pipeline/io/component-box.ts';
import { SiteWriter } from '../../pipeline/io/write.ts';
import type { Problem } from '../../pipeline/problem.ts';
import { minimalAuthors, minimalTags, root, writeFiles } from '../helpers.ts';

const test = suite('build: site code runs only when named, in a box');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ontwikkelaarsportaal-site-code-'));
test.after(() => fs.rmSync(work, { recursive: true, force: true }));

const base: Record<string, string> = {
  'kennisbank/index.md': '---\ntitle: Kennisbank\n---\n\nWelkom.\n',
  'communities/index.md': '---\ntitle: Communities\n---\n\nSamen.\n',
  'tags.yml': minimalTags,
  'blog/authors.yml': minimalAuthors,
};

let sites = 0;
/** A site in its own folder: the portal's configuration plus `extra` (YAML), and `files` under content/. */
function site(files: Record<string, string>, extra = ''): { dir: string; content: string; config: string } {
  const dir = path.join(work, `site-${sites++}`);
  writeFiles(path.join(dir, 'content'), { ...base, ...files });
  fs.mkdirSync(path.join(dir, 'dist-config'));
  const config = path.join(dir, 'dist-config/site.yml');
  fs.writeFileSync(config, `${fs.readFileSync(path.join(root, 'dist-config/site.yml'), 'utf8')}\n${extra}`);
  return { dir, content: path.join(dir, 'content'), config };
}

const build = (s: { dir: string; content: string; config: string }) =>
  runBuild({ content: s.content, config: s.config, mode: 'production', render: true, cacheDir: path.join(s.dir, '.cache') });

const named = (limits = 'timeLimit: 2') => `mdx:\n  components: src/components\nsiteCode:\n  ${limits}\n`;
const page = (name: string) => `---\ntitle: Pagina met ${name}\n---\n\nimport ${name} from '@site/src/components/${name}';\n\nTekst.\n\n<${name} />\n`;
const errors = (problems: ReadonlyArray<Problem>) => problems.filter((p) => p.severity === 'error');
const shown = (p: Problem) => `${p.code} ${p.file.replace(/^.*\/content\//, 'content/')}:${p.line}`;

test('a component in content/src/components on our portal never runs, and is one warning listing the files', async () => {
  const proof = path.join(work, 'ran.txt');
  const hostile = `import fs from 'node:fs';\nfs.writeFileSync(${JSON.stringify(proof)}, String(process.env.GITHUB_TOKEN));\nexport default function Geheim() { return <p>{process.env.GITHUB_TOKEN}</p>; }\n`;
  const s = site({ 'src/components/Geheim.tsx': hostile, 'src/components/hulp.js': 'export const x = 1;\n', 'kennisbank/pagina.mdx': page('Geheim') });
  const result = await build(s);
  assert.not.ok(fs.existsSync(proof), 'the component never ran');
  const ignored = result.problems.filter((p) => p.code === 'site-code-ignored');
  assert.equal(ignored.map((p) => [p.severity, shown(p)]), [['warning', 'site-code-ignored content/src/components/Geheim.tsx:1']]);
  assert.match(ignored[0]!.message, /Deze 2 bestanden .*src\/components\/Geheim\.tsx, .*src\/components\/hulp\.js/);
  // The page that uses it cannot: the component is unknown, as any other.
  assert.equal(errors(result.problems).map(shown), ['mdx-unknown-component content/kennisbank/pagina.mdx:9']);
});

test('the build\'s own output in the content root is no site code: scripts in dist/ and in the output folder are not listed', async () => {
  const s = site({ 'dist/assets/island-Teller-0123456789.js': 'export {};\n', 'uit/assets/islands-0123456789.js': 'export {};\n', 'src/losse-code.js': 'export const x = 1;\n' });
  const writer = new SiteWriter(path.join(s.content, 'uit'));
  const result = await runBuild({ content: s.content, config: s.config, mode: 'production', render: true, cacheDir: path.join(s.dir, '.cache'), writer });
  await writer.finish();
  const ignored = result.problems.filter((p) => p.code === 'site-code-ignored');
  assert.equal(ignored.map(shown), ['site-code-ignored content/src/losse-code.js:1']);
  assert.match(ignored[0]!.message, /Dit bestand is code die geen siteconfiguratie noemt/);
});

test('a component that loops while rendering is one problem naming the component and the page; the build goes on', async () => {
  const s = site({
    'src/components/Lus.tsx': 'export default function Lus() { for (;;) {} }\n',
    'src/components/Goed.tsx': 'export default function Goed() { return <p>goed</p>; }\n',
    'kennisbank/lus.mdx': page('Lus'),
    'kennisbank/lus-twee.mdx': page('Lus'),
    'kennisbank/goed.mdx': page('Goed'),
  }, named('timeLimit: 1'));
  const started = Date.now();
  const result = await build(s);
  assert.ok(Date.now() - started < 30_000, 'the second use fails at once');
  assert.equal(errors(result.problems).map(shown), ['site-component-failed content/kennisbank/lus-twee.mdx:9', 'site-component-failed content/kennisbank/lus.mdx:9']);
  assert.match(errors(result.problems)[0]!.message, /Het component <Lus> \(.*src\/components\/Lus\.tsx\) rendert niet binnen 1 s/);
  assert.ok(result.files.some((f) => f.path === 'kennisbank/goed/index.html' && String(f.data).includes('<p>goed</p>')), 'the other component still renders');
});

test('a component that loops while it loads, or throws at load or in render, is one problem each', async () => {
  const s = site({
    'src/components/Laadlus.tsx': 'for (;;) {}\nexport default function Laadlus() { return null; }\n',
    'src/components/Laadfout.tsx': 'throw new Error("kapot bij het laden");\nexport default function Laadfout() { return null; }\n',
    'src/components/Renderfout.tsx': 'export default function Renderfout() { throw new Error("kapot bij het renderen"); }\n',
    'kennisbank/renderfout.mdx': page('Renderfout'),
  }, named('timeLimit: 1'));
  const result = await build(s);
  assert.equal(errors(result.problems).map(shown), [
    'site-component-failed content/kennisbank/renderfout.mdx:9',
    'site-component-invalid content/src/components/Laadfout.tsx:1',
    'site-component-invalid content/src/components/Laadlus.tsx:1',
  ]);
  const [render, load, loop] = errors(result.problems);
  assert.match(render!.message, /<Renderfout> .* faalde bij het renderen: kapot bij het renderen/);
  assert.match(load!.message, /kan niet worden geladen: kapot bij het laden/);
  assert.match(loop!.message, /Laadlus\.tsx laadt niet binnen 1 s/);
});

test('a component that allocates 4 GB is one problem naming it and the page, not a crash of the build', async () => {
  const hog = 'export default function Vreet() { const all = []; for (let i = 0; i < 4096; i++) all.push(new Array(131072).fill(i + 0.5)); return <p>{all.length}</p>; }\n';
  const s = site({ 'src/components/Vreet.tsx': hog, 'kennisbank/vreet.mdx': page('Vreet') }, named('memoryLimit: 64\n  timeLimit: 30'));
  const result = await build(s);
  assert.equal(errors(result.problems).map(shown), ['site-component-failed content/kennisbank/vreet.mdx:9']);
  assert.match(errors(result.problems)[0]!.message, /<Vreet> .* gebruikt bij het renderen meer dan 64 MB geheugen/);
});

test('the box sees NODE_ENV, TZ, LANG and the variables the configuration names, nothing else, also not in /proc/self/environ', async () => {
  assert.equal(boxEnv(['PUBLIEK'], { GITHUB_TOKEN: 'x', PUBLIEK: 'ja', TZ: 'UTC', HOME: '/root' }), { TZ: 'UTC', PUBLIEK: 'ja', NODE_ENV: 'production' });
  const reader = `import fs from 'node:fs';\nexport default function Omgeving() {\n  const proc = fs.readFileSync('/proc/self/environ', 'utf8').split('\\0').map((v) => v.split('=')[0]).filter(Boolean).sort().join(' ');\n  return <p>{Object.keys(process.env).sort().join(' ')}|{proc}</p>;\n}\n`;
  const s = site({ 'src/components/Omgeving.tsx': reader, 'kennisbank/omgeving.mdx': page('Omgeving') }, named('env: [PUBLIEK]'));
  process.env.GEHEIM_TOKEN = 'niet-lezen';
  process.env.PUBLIEK = 'ja';
  try {
    const result = await build(s);
    assert.equal(errors(result.problems), []);
    const html = String(result.files.find((f) => f.path === 'kennisbank/omgeving/index.html')?.data);
    const [, seen] = /<p>([^<]*)<\/p>/.exec(html.slice(html.indexOf('data-component="Omgeving"'))) ?? [];
    const [env, proc] = (seen ?? '').split('|');
    // Node's IPC channel, and tsx's set-up only where the TypeScript runs (tests), not the compiled command line.
    const allowed = new Set(['NODE_ENV', 'TZ', 'LANG', 'PUBLIEK', 'NODE_CHANNEL_FD', 'NODE_CHANNEL_SERIALIZATION_MODE', 'TSX_TSCONFIG_PATH']);
    for (const names of [env, proc]) {
      assert.ok(names?.split(' ').includes('PUBLIEK'), names);
      assert.equal(names!.split(' ').filter((n) => !allowed.has(n)), [], names);
    }
  } finally {
    delete process.env.GEHEIM_TOKEN;
    delete process.env.PUBLIEK;
  }
});

/** The processes whose parent is `pid`, from /proc. */
function childrenOf(pid: number): number[] {
  return fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n)).flatMap((n) => {
    try {
      const stat = fs.readFileSync(`/proc/${n}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid ? [Number(n)] : [];
    } catch {
      return [];
    }
  });
}

/** Every process below `pid`, from /proc. */
function descendantsOf(pid: number): number[] {
  return childrenOf(pid).flatMap((child) => [child, ...descendantsOf(child)]);
}

/** The process group of `pid`. */
function groupIdOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
}

/** The members of process group `pgid`. */
function groupOf(pgid: number): number[] {
  return fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n)).flatMap((n) => {
    try {
      const stat = fs.readFileSync(`/proc/${n}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(fields[2]) === pgid && fields[0] !== 'Z' ? [Number(n)] : [];
    } catch {
      return [];
    }
  });
}

/** CPU seconds a process has used. */
function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

test('where Linux allows namespaces, the box sees no other process: no /proc/<pid>/environ holds a secret of the build', async () => {
  if (!namespaceLauncher()) return skip('this system allows no user and PID namespaces (unshare); docs/security.md says what a component can read then');
  const scanner = `import fs from 'node:fs';\nexport default function Speurder() {\n  const found = fs.readdirSync('/proc').filter((n) => /^\\d+$/.test(n)).filter((n) => { try { return fs.readFileSync('/proc/' + n + '/environ', 'utf8').includes('GEHEIM_TOKEN'); } catch { return false; } });\n  return <p>{process.pid}:{process.ppid}:{found.length}</p>;\n}\n`;
  const s = site({ 'src/components/Speurder.tsx': scanner, 'kennisbank/speurder.mdx': page('Speurder') }, named('timeLimit: 30'));
  process.env.GEHEIM_TOKEN = 'niet-lezen';
  try {
    const result = await build(s);
    assert.equal(errors(result.problems), []);
    const html = String(result.files.find((f) => f.path === 'kennisbank/speurder/index.html')?.data);
    const [, seen] = /<p>([^<]*)<\/p>/.exec(html.slice(html.indexOf('data-component="Speurder"'))) ?? [];
    // The first process of its own namespace, its parent outside it, and no environment with the secret in view.
    assert.is(seen, '1:0:0');
  } finally {
    delete process.env.GEHEIM_TOKEN;
  }
});

test('SIGTERM during a looping component ends the build, with its children, within 2 s', async () => {
  const s = site({ 'src/components/Lus.tsx': 'export default function Lus() { for (;;) {} }\n', 'kennisbank/lus.mdx': page('Lus') }, named('timeLimit: 120'));
  // Run in the site's folder (its .cache/ and dist/ there), with the project's TypeScript set-up.
  const cli = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), path.join(root, 'pipeline/cli/main.ts'), 'build', '--content', s.content, '--config', s.config],
    { cwd: s.dir, stdio: 'ignore', env: { ...process.env, TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.json') } });
  const exited = new Promise<number>((resolve) => cli.once('exit', () => resolve(Date.now())));
  // The box is the node process below the build that runs the component worker (in namespaces of its own, it
  // sits below setpriv and unshare); it loops once it has used a second of CPU in the render.
  const isBox = (pid: number) => {
    try {
      const [program = '', ...args] = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return program === process.execPath && args.some((a) => a.includes('component-box-worker'));
    } catch {
      return false;
    }
  };
  let box: number | undefined;
  for (let i = 0; i < 1200 && (box === undefined || cpuSeconds(box) < 1); i++) {
    box ??= descendantsOf(cli.pid!).find(isBox);
    await sleep(100);
  }
  assert.ok(box !== undefined && cpuSeconds(box) >= 1, 'the box is looping');
  const pgid = groupIdOf(box);
  assert.ok(groupOf(pgid).includes(box));
  const killed = Date.now();
  cli.kill('SIGTERM');
  const ended = await Promise.race([exited, sleep(5000).then(() => null)]);
  if (ended === null) cli.kill('SIGKILL');
  assert.ok(ended !== null && ended - killed < 2000, `the build ended ${ended === null ? 'not at all' : `after ${ended - killed} ms`}`);
  await sleep(300);
  // The box is a member of that group: a process killed but not yet reaped (a zombie) counts as gone.
  assert.equal(groupOf(pgid), [], 'no process of the box is left');
});

test.run();
