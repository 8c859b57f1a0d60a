/**
 * `npm run bench`: the benchmark (not a timed test). Prints a table and writes
 * bench/results.json; every figure is the median of several runs with min and max.
 *
 *   --runs N        runs per figure (default 3)
 *   --scale 1,10    content multiples for the scale part (default 1,10; 30 and 100 are slow)
 *   --corpus ours   what the scale and incremental parts build: `ours` (content/) or `docusaurus`
 *                   (tests/fixtures/docusaurus-site, migrated: MDX, components, React pages)
 *   --only a,b      parts: build, scale, incremental, weight, browser, lighthouse, serve,
 *                   and two not run by default: screenshots (PNGs of every page type at 390, 1280 and
 *                   1920 px in bench/screenshots/, for a person to look at; no figures) and docusaurus
 *                   (the Docusaurus-shaped corpus built by Docusaurus 3 and by us, turn about; installs
 *                   Docusaurus with npm into .cache/docusaurus-bench/ the first time)
 *   --docusaurus-scale 1,10  corpus multiples for the docusaurus part (default 1)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import zlib from 'node:zlib';
import { spawn, spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import puppeteer from 'puppeteer-core';
import MiniSearch from 'minisearch';
import { generateContent } from './content.ts';
import { generateDocusaurusCorpus } from './docusaurus-corpus.ts';
import { chromiumArgs, chromiumPath } from '../pipeline/chromium.ts';
import { indexOptions, searchOptions } from '../theme/shared/search-options.ts';

const root = path.resolve(import.meta.dirname, '..');
// What `npm run build` and `npm start` run: the launcher compiles pipeline/cli/main.ts once into .cache/cli/.
const cli = path.join(root, 'bin/ontwikkelaarsportaal.mjs');
/**
 * The node flags `npm run build` gives the CLI (package.json; docs/performance.md
 * says what each one does). Measured as users run it.
 */
const nodeFlags = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
  .scripts.build?.match(/--[\w-]+=\S+/g) ?? [];
const compiledCli = path.join(root, '.cache/cli');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, scale: { type: 'string', default: '1,10' }, corpus: { type: 'string', default: 'ours' }, 'docusaurus-scale': { type: 'string', default: '1' }, only: { type: 'string' } } });
const runs = Number(values.runs);
const parts = new Set((values.only ?? 'build,scale,incremental,weight,browser,lighthouse,serve').split(','));
const ticks = 100; // USER_HZ on Linux

interface Stat { median: number; min: number; max: number; runs: number[] }
const stat = (xs: number[]): Stat => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? 0, min: sorted[0] ?? 0, max: sorted[sorted.length - 1] ?? 0, runs: xs };
};
const results: Record<string, unknown> = { machine: { cpus: os.cpus().length, memory: os.totalmem(), node: process.version }, runs };
const rows: Array<[string, string, string]> = [];
const row = (name: string, s: Stat | number, unit: string, budget = '') =>
  rows.push([name, typeof s === 'number' ? `${round(s)} ${unit}` : `${round(s.median)} ${unit} (${round(s.min)}–${round(s.max)})`, budget]);
const round = (n: number) => (n >= 100 ? Math.round(n).toString() : n.toFixed(n >= 10 ? 1 : 2));
const gz = (data: Buffer | string) => zlib.gzipSync(data, { level: 9 }).length;

/** A working folder whose content and config point at `content`: the CLI runs there with its own cache. */
function workspace(content: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  fs.symlinkSync(content, path.join(dir, 'content'));
  fs.symlinkSync(path.join(root, 'dist-config'), path.join(dir, 'dist-config'));
  return dir;
}

const childCpu = () => {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[13]) + Number(fields[14])) / ticks; // cutime + cstime of reaped children
};

/** Peak RSS of a process and all its descendants, sampled every 20 ms. */
function treeRss(pid: number): number {
  let total = 0;
  const visit = (p: number) => {
    try {
      total += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0) * 1024;
      for (const task of fs.readdirSync(`/proc/${p}/task`)) {
        for (const child of fs.readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').split(' ').filter(Boolean)) visit(Number(child));
      }
    } catch { /* process ended */ }
  };
  visit(pid);
  return total;
}

/** The kernel's peak RSS of one process (VmHWM), in bytes; 0 once it has ended. */
function peakRss(pid: number): number {
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

interface TimedBuild { wall: number; cpu: number; rss: number; hwm: number; pages: number }

/** `extra`: more arguments for the build (`--content`, `--config` of a corpus outside the working folder). */
async function timedBuild(cwd: string, out: string, extra: ReadonlyArray<string> = []): Promise<TimedBuild> {
  const timed = await timedCommand([...nodeFlags, cli, 'build', '--out', out, ...extra], cwd);
  return { ...timed, pages: Number(/(\d+) pagina's gebouwd/.exec(timed.stderr)?.[1] ?? 0) };
}

/** node with `args` in `cwd`, to its end: wall, CPU of the process and its children, peak RSS of its tree and of itself. */
async function timedCommand(args: ReadonlyArray<string>, cwd: string): Promise<Omit<TimedBuild, 'pages'> & { stderr: string }> {
  const cpuBefore = childCpu();
  const started = performance.now();
  const child = spawn(process.execPath, [...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += String(d); });
  let rss = 0;
  // The node process's own peak, from the kernel (threads included; Chromium is a child, in the tree's figure).
  let hwm = 0;
  const sampler = setInterval(() => { rss = Math.max(rss, treeRss(child.pid ?? 0)); hwm = Math.max(hwm, peakRss(child.pid ?? 0)); }, 20);
  const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
  clearInterval(sampler);
  const wall = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`${args.slice(-4).join(' ')} faalde:\n${stderr}`);
  return { wall, cpu: childCpu() - cpuBefore, rss, hwm, stderr };
}

async function benchBuild(): Promise<void> {
  const cold: TimedBuild[] = [];
  const warm: typeof cold = [];
  const changed: typeof cold = [];
  const compile: number[] = [];
  for (let i = 0; i < runs; i++) {
    const ws = workspace(path.join(root, 'content'));
    // The CLI is compiled by `npm install` (the prepare script), and again after a change to its
    // sources: timed on its own, as a tool's own build is not part of building a site with it.
    fs.rmSync(compiledCli, { recursive: true, force: true });
    const started = performance.now();
    if (spawnSync(process.execPath, [cli, 'compile'], { stdio: 'ignore' }).status !== 0) throw new Error('compileren faalde');
    compile.push((performance.now() - started) / 1000);
    // Cold: a fresh cache folder (no parsed or rendered Markdown, no diagrams). The theme's client
    // bundle comes with the compiled CLI: it depends on the code only, not on the site.
    cold.push(await timedBuild(ws, path.join(ws, 'dist')));
    warm.push(await timedBuild(ws, path.join(ws, 'dist'))); // same folder: mermaid cache kept
    // The edit–build–look loop, on a copy of the content (the workspace links to the repository's own):
    // a sentence more in one article, twice, each with a build. The second is timed: the first swap
    // leaves the previous output as the writer's spare, which every later build reuses.
    fs.rmSync(path.join(ws, 'content'));
    fs.cpSync(path.join(root, 'content'), path.join(ws, 'content'), { recursive: true });
    const article = path.join(ws, 'content/kennisbank/apis/problem-details.md');
    for (const [i, sentence] of ['Een zin meer.', 'Nog een zin meer.'].entries()) {
      fs.appendFileSync(article, `\n${sentence}\n`);
      const built = await timedBuild(ws, path.join(ws, 'dist'));
      if (i === 1) changed.push(built);
    }
    fs.rmSync(ws, { recursive: true, force: true });
  }
  const summarise = (label: string, xs: typeof cold, budget: string) => {
    row(`build ${label}: wall`, stat(xs.map((x) => x.wall)), 's', budget);
    row(`build ${label}: CPU`, stat(xs.map((x) => x.cpu)), 's');
    row(`build ${label}: peak RSS (tree)`, stat(xs.map((x) => x.rss / 2 ** 20)), 'MiB', label === 'cold' ? '≤ 400 MiB' : '');
    row(`build ${label}: pages/s`, stat(xs.map((x) => x.pages / x.wall)), 'pages/s');
    results[`build_${label.replaceAll(/\W+/g, '_')}`] = { wall: stat(xs.map((x) => x.wall)), cpu: stat(xs.map((x) => x.cpu)), rssMiB: stat(xs.map((x) => x.rss / 2 ** 20)), pages: xs[0]?.pages };
  };
  summarise('cold', cold, '≤ 4 s');
  summarise('warm', warm, '≤ 0.8 s');
  summarise('warm, one changed article', changed, '≤ 0.5 s');
  row('CLI compile (npm install)', stat(compile), 's');
  results.cli_compile = stat(compile);
}

/** The budgets of the scale part, by corpus and factor (docs/performance.md). */
const scaleBudgets: Record<string, { readonly wall: string; readonly peak?: string }> = {
  'ours 10': { wall: '≤ 45 s', peak: '≤ 1 GiB' },
  'ours 30': { wall: '≤ 45 s', peak: '≤ 1 GiB' },
  'ours 100': { wall: '≤ 150 s', peak: '≤ 1.5 GiB' },
  'docusaurus 10': { wall: '≤ 12 s' },
};

/**
 * Builds N times the content, cold, once per factor at 10× and more: pages per
 * second, wall and CPU, and memory as the kernel's peak of the node process and
 * the sampled peak of its process tree, per 1,000 pages and as the growth per
 * 1,000 pages from one factor to the next.
 */
async function benchScale(): Promise<void> {
  const factors = (values.scale ?? '1,10').split(',').map(Number);
  const corpus = values.corpus === 'docusaurus' ? 'docusaurus' : 'ours';
  const scale: Record<string, unknown> = { corpus, cpus: os.cpus().length };
  let previous: { pages: number; rss: number } | null = null;
  for (const factor of factors) {
    const content = fs.mkdtempSync(path.join(os.tmpdir(), `bench-content-${corpus}-${factor}x-`));
    const files = corpus === 'docusaurus' ? generateDocusaurusCorpus(content, factor) : generateContent(path.join(root, 'content'), content, factor);
    const xs: TimedBuild[] = [];
    const warm: TimedBuild[] = [];
    for (let i = 0; i < Math.max(1, factor >= 10 ? 1 : runs); i++) {
      if (corpus === 'docusaurus') {
        // The migrated site builds in its own folder, as a team runs it; a fresh cache each run.
        fs.rmSync(path.join(content, '.cache'), { recursive: true, force: true });
        const out = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-out-'));
        const args = ['--content', content, '--config', path.join(content, 'dist-config/site.yml')];
        xs.push(await timedBuild(content, path.join(out, 'dist'), args));
        // Then warm, nothing changed: the same folder, cache and output.
        warm.push(await timedBuild(content, path.join(out, 'dist'), args));
        fs.rmSync(out, { recursive: true, force: true });
      } else {
        const ws = workspace(content);
        xs.push(await timedBuild(ws, path.join(ws, 'dist')));
        fs.rmSync(ws, { recursive: true, force: true });
      }
    }
    fs.rmSync(content, { recursive: true, force: true });
    const pages = xs[0]?.pages ?? 0;
    const wall = stat(xs.map((x) => x.wall));
    const cpu = stat(xs.map((x) => x.cpu));
    const tree = stat(xs.map((x) => x.rss / 2 ** 20));
    const hwm = stat(xs.map((x) => x.hwm / 2 ** 20));
    const label = `scale ${corpus} ${factor}×`;
    const budget = scaleBudgets[`${corpus} ${factor}`];
    row(`${label}: ${pages} pages from ${files} files, wall`, wall, 's', budget?.wall ?? '');
    row(`${label}: CPU`, cpu, 's');
    row(`${label}: pages/s (wall)`, stat(xs.map((x) => x.pages / x.wall)), 'pages/s');
    row(`${label}: peak RSS, node process (VmHWM)`, hwm, 'MiB');
    row(`${label}: peak RSS, process tree (sampled)`, tree, 'MiB', budget?.peak ?? '');
    row(`${label}: peak RSS per 1,000 pages`, tree.median / pages * 1000, 'MiB');
    row(`${label}: peak RSS of the node process (VmHWM) per 1,000 pages`, hwm.median / pages * 1000, 'MiB');
    const growth = previous && pages > previous.pages ? (tree.median - previous.rss) / (pages - previous.pages) * 1000 : null;
    if (growth !== null) row(`${label}: growth per 1,000 more pages`, growth, 'MiB');
    previous = { pages, rss: tree.median };
    const warmFigures = warm.length === 0 ? {} : { warm: { wall: stat(warm.map((x) => x.wall)), cpu: stat(warm.map((x) => x.cpu)), rssMiB: stat(warm.map((x) => x.rss / 2 ** 20)) } };
    if (warmFigures.warm) {
      row(`${label} warm, nothing changed: wall`, warmFigures.warm.wall, 's', factor === 1 ? '≤ 0.8 s' : '');
      row(`${label} warm, nothing changed: CPU`, warmFigures.warm.cpu, 's');
      row(`${label} warm, nothing changed: peak RSS, process tree (sampled)`, warmFigures.warm.rssMiB, 'MiB');
    }
    scale[`${factor}x`] = { files, pages, wall, cpu, rssMiB: tree, hwmMiB: hwm, msPerPage: wall.median * 1000 / (pages || 1), mibPer1000Pages: tree.median / (pages || 1) * 1000, growthMibPer1000Pages: growth, ...warmFigures };
  }
  results[corpus === 'docusaurus' ? 'scale_docusaurus' : 'scale'] = scale;
}

/** Where the bench installs Docusaurus with npm, once: for the comparison only, never for the tests or the build. */
const docusaurusDir = path.join(root, '.cache/docusaurus-bench');
/** Docusaurus 3 and what the fixture's docusaurus.config.js and pages need (its own two packages come with it, in its node_modules). */
const docusaurusPackages = [
  '@docusaurus/core@3', '@docusaurus/preset-classic@3', '@docusaurus/theme-mermaid@3', '@docusaurus/plugin-client-redirects@3', '@mdx-js/react@3', 'clsx@2', 'prism-react-renderer@2', 'react@18', 'react-dom@18',
  // An optional peer of theme-mermaid that its client code imports: webpack does not build without it.
  '@mermaid-js/layout-elk',
];

/** The redirects of the fixture (to these paths) that Docusaurus' redirect plugin refuses: they "do not exist". */
const docusaurusRefusesRedirects = ['/docs/koppelingen', '/community'];

/**
 * The files of the fixture Docusaurus refuses to build, and why: left out of
 * the folder both generators build (with their copies), so that both build
 * the same site. docs/performance.md lists them.
 */
const docusaurusRefuses: ReadonlyArray<{ readonly file: RegExp; readonly why: string }> = [
  // Our build reads it, with a warning (tests/docusaurus/blog-followup.test.ts).
  { file: /^blog\/2024-03-02-tabs-in-de-frontmatter(-\d+)?\.md$/, why: 'tabs in de inspringing van de front matter: js-yaml weigert ze' },
  // Our build builds the page.
  { file: /^docs\/mdx(-\d+)?\/alle-vormen\.mdx$/, why: "roept useCurrentSidebarCategory() aan in een doc die geen categorie van een zijbalk is: de SSG van Docusaurus stopt ('cant find current sidebar in context')" },
];

/** The Docusaurus CLI, installed first when it is not there. */
function installedDocusaurus(): { bin: string; version: string } {
  const core = path.join(docusaurusDir, 'node_modules/@docusaurus/core');
  if (!fs.existsSync(path.join(core, 'package.json'))) {
    fs.mkdirSync(docusaurusDir, { recursive: true });
    fs.writeFileSync(path.join(docusaurusDir, 'package.json'), '{ "name": "docusaurus-bench", "private": true }\n');
    console.log(`Docusaurus installeren in ${path.relative(root, docusaurusDir)}/ (npm, één keer)…`);
    const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...docusaurusPackages], { cwd: docusaurusDir, stdio: 'inherit' });
    if (npm.status !== 0) throw new Error('npm install van Docusaurus faalde');
  }
  const { version } = JSON.parse(fs.readFileSync(path.join(core, 'package.json'), 'utf8')) as { version: string };
  return { bin: path.join(core, 'bin/docusaurus.mjs'), version };
}

/**
 * The turn-about comparison: the Docusaurus-shaped corpus (bench/docusaurus-corpus.ts)
 * built by Docusaurus and by us in the same run, alternating: per run our
 * cold build, Docusaurus' cold build, our warm build, Docusaurus' warm build
 * (nothing changed; Docusaurus keeps its webpack cache in node_modules/.cache).
 * The corpus lies under the install folder, so that Docusaurus and webpack find
 * the packages there as a site finds its own node_modules.
 */
async function benchDocusaurus(): Promise<void> {
  const { bin, version } = installedDocusaurus();
  const factors = (values['docusaurus-scale'] ?? '1').split(',').map(Number);
  const comparison: Record<string, unknown> = { docusaurus: version, cpus: os.cpus().length };
  for (const factor of factors) {
    const site = path.join(docusaurusDir, 'sites', `${factor}x`);
    generateDocusaurusCorpus(site, factor);
    const left = fs.readdirSync(site, { recursive: true }).map(String).filter((rel) => docusaurusRefuses.some(({ file }) => file.test(rel.split(path.sep).join('/'))));
    // Docusaurus' redirect plugin refuses redirects to paths its docs plugins publish with a trailing slash or
    // as a category (`/community/`, `/docs/koppelingen/...`): left out of its configuration. Our build keeps
    // them (it reads the migrated dist-config/): two redirect pages more.
    const config = path.join(site, 'docusaurus.config.js');
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').split('\n').filter((line) => !(line.includes('from:') && docusaurusRefusesRedirects.some((target) => line.includes(`to: '${target}'`)))).join('\n'));
    for (const rel of left) {
      console.log(`Weggelaten voor beide builds, Docusaurus bouwt het niet: ${rel} (${docusaurusRefuses.find(({ file }) => file.test(rel.split(path.sep).join('/')))?.why})`);
      fs.rmSync(path.join(site, rel));
    }
    const files = fs.readdirSync(site, { recursive: true }).map(String).filter((rel) => /\.mdx?$/.test(rel) && !rel.startsWith('node_modules')).length;
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-vs-docusaurus-'));
    const ours = { cold: [] as TimedBuild[], warm: [] as TimedBuild[] };
    const theirs = { cold: [] as Array<Omit<TimedBuild, 'pages'>>, warm: [] as Array<Omit<TimedBuild, 'pages'>> };
    const oursArgs = ['--content', site, '--config', path.join(site, 'dist-config/site.yml')];
    const theirArgs = [bin, 'build', site, '--out-dir', path.join(out, 'docusaurus')];
    for (let i = 0; i < (factor >= 10 ? 1 : runs); i++) {
      for (const folder of ['.cache', '.docusaurus', 'node_modules/.cache']) fs.rmSync(path.join(site, folder), { recursive: true, force: true });
      fs.rmSync(out, { recursive: true, force: true });
      ours.cold.push(await timedBuild(site, path.join(out, 'ours'), oursArgs));
      theirs.cold.push(await timedCommand(theirArgs, site));
      ours.warm.push(await timedBuild(site, path.join(out, 'ours'), oursArgs));
      theirs.warm.push(await timedCommand(theirArgs, site));
    }
    fs.rmSync(out, { recursive: true, force: true });
    const pages = ours.cold[0]?.pages ?? 0;
    const figures: Record<string, unknown> = { files, pages, leftOut: left };
    for (const kind of ['cold', 'warm'] as const) {
      const label = `Docusaurus-corpus ${factor}× ${kind}`;
      const mine = { wall: stat(ours[kind].map((x) => x.wall)), cpu: stat(ours[kind].map((x) => x.cpu)), rssMiB: stat(ours[kind].map((x) => x.rss / 2 ** 20)) };
      const other = { wall: stat(theirs[kind].map((x) => x.wall)), cpu: stat(theirs[kind].map((x) => x.cpu)), rssMiB: stat(theirs[kind].map((x) => x.rss / 2 ** 20)) };
      row(`${label}: ours (${pages} pages), wall`, mine.wall, 's');
      row(`${label}: Docusaurus ${version}, wall`, other.wall, 's');
      row(`${label}: wall, Docusaurus / ours`, other.wall.median / mine.wall.median, '×');
      row(`${label}: ours, CPU`, mine.cpu, 's');
      row(`${label}: Docusaurus, CPU`, other.cpu, 's');
      row(`${label}: CPU, Docusaurus / ours`, other.cpu.median / mine.cpu.median, '×');
      row(`${label}: ours, peak RSS (tree)`, mine.rssMiB, 'MiB');
      row(`${label}: Docusaurus, peak RSS (tree)`, other.rssMiB, 'MiB');
      figures[kind] = { ours: mine, docusaurus: other, wallRatio: other.wall.median / mine.wall.median, cpuRatio: other.cpu.median / mine.cpu.median };
    }
    comparison[`${factor}x`] = figures;
  }
  results.docusaurus = comparison;
}

async function benchIncremental(): Promise<void> {
  const docusaurus = values.corpus === 'docusaurus';
  const content = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-incr-'));
  // The migrated Docusaurus corpus builds in its own folder, as a team runs it; ours from a workspace beside dist-config/.
  if (docusaurus) generateDocusaurusCorpus(content, 1);
  else generateContent(path.join(root, 'content'), content, 1);
  const ws = docusaurus ? content : workspace(content);
  const port = 3900 + Math.floor(Math.random() * 90);
  const args = docusaurus ? ['--content', content, '--config', path.join(content, 'dist-config/site.yml')] : [];
  const dev = spawn(process.execPath, [...nodeFlags, cli, 'dev', '--port', String(port), ...args], { cwd: ws, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve) => dev.stdout.on('data', (d) => { if (String(d).includes('Ontwikkelserver draait')) resolve(); }));
  // A doc in an area with the site's remark plugin, whose sidebar a sidebarItemsGenerator makes.
  const [rel, pagePath] = docusaurus ? ['docs/aan-de-slag/installeren.md', '/docs/aan-de-slag/installeren/'] : ['kennisbank/apis/problem-details.md', '/kennisbank/apis/problem-details/'];
  const file = path.join(content, rel);
  const original = fs.readFileSync(file, 'utf8');
  const edits: Record<string, (t: string) => string> = {
    body: (t) => `${t}\nEen extra zin voor de benchmark.\n`,
    title: (t) => t.replace(/^title: (.*)$/m, 'title: $1 (bijgewerkt)'),
    tag: (t) => t.replace(/^tags: \[/m, 'tags: [testen, '),
  };
  const incremental: Record<string, Stat> = {};
  for (const [name, edit] of Object.entries(edits)) {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const reloaded = new Promise<number>((resolve) => {
        http.get(`http://127.0.0.1:${port}/__dev/events`, (res) => {
          res.on('data', (d) => { if (String(d).includes('reload')) { resolve(performance.now()); res.destroy(); } });
        });
      });
      await new Promise((r) => setTimeout(r, 300));
      const started = performance.now();
      fs.writeFileSync(file, edit(original));
      await reloaded;
      // Until the browser would have the new page: the dev server renders it on this request.
      const body = await (await fetch(`http://127.0.0.1:${port}${pagePath}`)).text();
      times.push(performance.now() - started);
      if (name === 'body' && !body.includes('Een extra zin voor de benchmark.')) throw new Error('De dev-server gaf de oude pagina.');
      fs.writeFileSync(file, original);
      await new Promise((r) => setTimeout(r, 1500)); // let the restoring rebuild finish
    }
    incremental[name] = stat(times);
    row(`incremental${docusaurus ? ' docusaurus' : ''} (${name} edit → page served)`, incremental[name], 'ms', '≤ 80 ms');
  }
  results[docusaurus ? 'incremental_docusaurus' : 'incremental'] = incremental;
  dev.kill('SIGTERM');
  if (!docusaurus) fs.rmSync(ws, { recursive: true, force: true });
  fs.rmSync(content, { recursive: true, force: true });
}

/** A blog post of November 2025 in the built site: the benchmark's sample post. */
function blogPostPath(dist: string): string {
  const post = fs.readdirSync(path.join(dist, 'blog/2025/11'), { recursive: true }).map(String).find((f) => f.endsWith('index.html'));
  return `/blog/2025/11/${path.dirname(post ?? '')}`;
}

const pageTypes: Record<string, string> = {
  home: '/', 'kennisbank article': '/kennisbank/apis/problem-details', 'category index': '/kennisbank/apis/',
  'blog post': '', 'blog list': '/blog', 'tag page': '/blog/tags/api', search: '/zoeken',
};

/**
 * The JavaScript a page loads before the reader does anything: its scripts, the chunks of its
 * islands (they load when visible or idle) and every chunk those import, each once.
 */
function firstLoadJs(dist: string, html: string): Buffer[] {
  const seen = new Set<string>();
  const files: Buffer[] = [];
  const visit = (url: string): void => {
    if (seen.has(url)) return;
    seen.add(url);
    const data = fs.readFileSync(path.join(dist, url));
    files.push(data);
    for (const m of data.toString().matchAll(/(?:from|import)\s*"(\.\/[\w.-]+\.js)"/g)) visit(path.posix.join(path.posix.dirname(url), m[1] ?? ''));
  };
  for (const m of html.matchAll(/<script[^>]+src="(\/[^"]+)"/g)) visit(m[1] ?? '');
  for (const m of html.matchAll(/data-island="(\/[^"]+)"/g)) visit(m[1] ?? '');
  return files;
}

/** A page with one island: the Docusaurus fixture's counter page (docs/eilanden/een-teller.mdx), migrated and built; and a static React page with islands of its own. */
async function benchIslandWeight(weight: Record<string, unknown>): Promise<void> {
  const { builtSite } = await import('../tests/docusaurus/site.ts');
  const site = await builtSite();
  if (site.exitCode !== 0) throw new Error(`De Docusaurus-fixture bouwt niet:\n${site.log}`);
  const js = firstLoadJs(site.out, site.html('/docs/eilanden/een-teller'));
  const w = { js: js.reduce((n, b) => n + b.length, 0), jsGz: js.reduce((n, b) => n + gz(b), 0), files: js.length };
  weight['page with one island'] = w;
  rows.push(['weight page with one island: first-load JS (gzip)', `${(w.jsGz / 1024).toFixed(1)} KB in ${w.files} files`, '≤ 45 KB']);
  // A React page that only draws, with two interactive components it imports (src/pages/hulpmiddelen.tsx): their chunks, none of the page's own.
  const react = firstLoadJs(site.out, site.html('/hulpmiddelen'));
  const r = { js: react.reduce((n, b) => n + b.length, 0), jsGz: react.reduce((n, b) => n + gz(b), 0), files: react.length };
  weight['static React page with two islands'] = r;
  rows.push(['weight static React page with two islands: first-load JS (gzip)', `${(r.jsGz / 1024).toFixed(1)} KB in ${r.files} files`, '≤ 45 KB']);
}

async function benchWeight(dist: string): Promise<void> {
  const read = (url: string) => fs.readFileSync(path.join(dist, url.endsWith('.html') ? url : url.endsWith('/') ? `${url}index.html` : `${url}/index.html`));
  pageTypes['blog post'] = blogPostPath(dist);
  const weight: Record<string, unknown> = {};
  for (const [type, url] of Object.entries(pageTypes)) {
    const html = read(url === '/' ? '/index.html' : url);
    const text = html.toString();
    const css = [...text.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => fs.readFileSync(path.join(dist, m[1] ?? '')));
    const js = [...text.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1] ?? '').filter((src) => src.startsWith('/')).map((src) => fs.readFileSync(path.join(dist, src)));
    const images = new Set([...text.matchAll(/<img[^>]+src="(\/[^"]+)"/g)].map((m) => m[1]));
    const w = {
      html: html.length, htmlGz: gz(html), css: css.reduce((n, b) => n + b.length, 0), cssGz: css.reduce((n, b) => n + gz(b), 0),
      js: js.reduce((n, b) => n + b.length, 0), jsGz: js.reduce((n, b) => n + gz(b), 0), requests: 1 + css.length + js.length + images.size,
    };
    weight[type] = w;
    rows.push([`weight ${type}: HTML / CSS / first-load JS (gzip)`, `${(w.htmlGz / 1024).toFixed(1)} / ${(w.cssGz / 1024).toFixed(1)} / ${(w.jsGz / 1024).toFixed(1)} KB, ${w.requests} requests`, type === 'kennisbank article' ? 'HTML ≤ 12 KB, CSS ≤ 20 KB, JS ≤ 30 KB' : '']);
  }
  await benchIslandWeight(weight);
  const data = fs.readFileSync(path.join(dist, 'search-index.json'));
  weight.searchIndex = { raw: data.length, gz: gz(data) };
  rows.push(['search index (raw / gzip)', `${(data.length / 1024).toFixed(0)} / ${(gz(data) / 1024).toFixed(0)} KB`, '≤ 300 KB gzip']);
  results.weight = weight;
  // Query latency in Node with the same library and options as the browser.
  const mini = MiniSearch.loadJSON(data.toString(), indexOptions);
  const queries = ['api', 'problem details', 'publiccode', 'toegankelijkheid', 'oauth pkce', 'haven kubernetes', 'linked data turtle', 'nis2', 'webhooks', 'semver', 'digid', 'open source licentie'];
  const latencies: number[] = [];
  for (let i = 0; i < 20; i++) for (const q of queries) { const t = performance.now(); mini.search(q, searchOptions); latencies.push(performance.now() - t); }
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.floor(latencies.length * q)] ?? 0;
  results.searchQueryMs = { p50: p(0.5), p95: p(0.95) };
  rows.push(['search query latency p50 / p95', `${p(0.5).toFixed(2)} / ${p(0.95).toFixed(2)} ms`, '']);
}

async function serve(dist: string): Promise<{ origin: string; close: () => void }> {
  const child = spawn(process.execPath, [cli, 'serve', '--out', dist, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve) => child.stdout.on('data', (d) => { const m = /(http:\/\/[^\s]+)/.exec(String(d)); if (m?.[1]) resolve(m[1]); }));
  return { origin: url.replace('localhost', '127.0.0.1'), close: () => child.kill('SIGTERM') };
}

async function benchBrowser(dist: string): Promise<void> {
  const server = await serve(dist);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-'));
  const browser = await puppeteer.launch({ executablePath: chromiumPath, headless: true, userDataDir: profile, args: chromiumArgs });
  const fcp: number[] = [];
  const shell: number[] = [];
  const nav: number[] = [];
  const firstResult: number[] = [];
  for (let i = 0; i < runs; i++) {
    const page = await browser.newPage();
    await page.setCacheEnabled(false);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    // Mobile throttling: 4× slower CPU, "Fast 4G"-like network.
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1.6 * 1024 * 1024 / 8 * 4, uploadThroughput: 750 * 1024 / 8 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.setViewport({ width: 412, height: 823, isMobile: true });
    await page.goto(`${server.origin}/kennisbank/apis/problem-details`, { waitUntil: 'load' });
    await page.waitForFunction(() => performance.getEntriesByName('ontwikkelaarsportaal:shell').length > 0, { timeout: 10_000 }).catch(() => {});
    fcp.push(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0));
    shell.push(await page.evaluate(() => performance.getEntriesByName('ontwikkelaarsportaal:shell')[0]?.startTime ?? 0));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.setCacheEnabled(true);
    const t = performance.now();
    await page.click('.paginator-next');
    await page.waitForFunction((before) => location.pathname !== before, {}, '/kennisbank/apis/problem-details');
    await page.waitForFunction(() => document.querySelector('h1') !== null);
    nav.push(performance.now() - t);
    const t2 = performance.now();
    await page.goto(`${server.origin}/zoeken?q=api`, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => /gevonden/.test(document.querySelector('.search-status')?.textContent ?? ''), { timeout: 15_000 });
    firstResult.push(performance.now() - t2);
    await page.close();
  }
  await browser.close();
  fs.rmSync(profile, { recursive: true, force: true });
  server.close();
  results.browser = { fcp: stat(fcp), shell: stat(shell), clientNavigation: stat(nav), searchFirstResult: stat(firstResult) };
  row('article FCP (mobile throttled)', stat(fcp), 'ms');
  row('article interactive shell (mobile throttled)', stat(shell), 'ms');
  row('client-side navigation between articles', stat(nav), 'ms');
  row('search: load /zoeken?q=api to first result', stat(firstResult), 'ms');
}

/** One Lighthouse run (mobile, its default throttling) through its CLI with Debian's Chromium. */
function lighthouseRun(url: string): Promise<{ performance: number; accessibility: number }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  return new Promise<{ performance: number; accessibility: number }>((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules/.bin/lighthouse'), [
      url, '--only-categories=performance,accessibility', '--output=json', '--quiet',
      `--chrome-flags=${[...chromiumArgs, `--user-data-dir=${profile}`].join(' ')}`,
    ], { env: { ...process.env, CHROME_PATH: chromiumPath }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => { out += String(d); });
    child.stderr.on('data', (d) => { err += String(d); });
    child.on('exit', (code) => {
      fs.rmSync(profile, { recursive: true, force: true });
      if (code !== 0) return reject(new Error(`lighthouse ${url}: exit ${code}\n${err.slice(-500)}`));
      const report = JSON.parse(out) as { categories: Record<string, { score: number }> };
      resolve({ performance: Math.round((report.categories.performance?.score ?? 0) * 100), accessibility: Math.round((report.categories.accessibility?.score ?? 0) * 100) });
    });
  });
}

/** Lighthouse scores 0–100 per page; a run that fails (Chromium now and then does) is tried once more. */
async function benchLighthouse(dist: string): Promise<void> {
  const server = await serve(dist);
  try {
    const pages: Record<string, string> = { home: '/', article: '/kennisbank/apis/problem-details', 'blog post': blogPostPath(dist) };
    const lighthouse: Record<string, unknown> = {};
    for (const [name, url] of Object.entries(pages)) {
      const scores: Array<{ performance: number; accessibility: number }> = [];
      for (let i = 0; i < runs; i++) {
        try {
          scores.push(await lighthouseRun(`${server.origin}${url}`));
        } catch (first) {
          console.error(String(first));
          scores.push(await lighthouseRun(`${server.origin}${url}`));
        }
      }
      const performanceScores = scores.map((s) => s.performance);
      const accessibilityScores = scores.map((s) => s.accessibility);
      lighthouse[name] = { performance: stat(performanceScores), accessibility: stat(accessibilityScores) };
      row(`lighthouse mobile ${name}: performance`, stat(performanceScores), '', '≥ 98');
      row(`lighthouse mobile ${name}: accessibility`, stat(accessibilityScores), '', '100');
    }
    results.lighthouse = lighthouse;
  } finally {
    server.close();
  }
}

async function benchServe(dist: string): Promise<void> {
  const { default: autocannon } = await import('autocannon');
  const server = await serve(dist);
  const paths = ['/', '/kennisbank/apis/problem-details', '/blog', '/kennisbank/apis/', '/favicon.svg', ...fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.css') || f.endsWith('.js')).map((f) => `/assets/${f}`)];
  const result = await autocannon({ url: server.origin, connections: 20, duration: 10, requests: paths.map((p) => ({ method: 'GET', path: p })) });
  server.close();
  results.serve = { requestsPerSecond: result.requests.average, p99ms: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
  rows.push(['preview server throughput / p99 / errors', `${Math.round(result.requests.average)} req/s / ${result.latency.p99} ms / ${result.errors + result.non2xx}`, '≥ 2000 req/s, p99 < 50 ms, 0 errors']);
}

/** The pages `screenshots` shows: one of each page type (those the site has), and a diagram in dark mode. */
function screenshotPages(dist: string): Array<{ name: string; url: string; dark: boolean }> {
  const first = (dir: string) => fs.existsSync(path.join(dist, dir)) ? fs.readdirSync(path.join(dist, dir), { withFileTypes: true }).find((d) => d.isDirectory() && d.name !== 'page')?.name : undefined;
  const author = first('blog/authors');
  const diagram = fs.readdirSync(path.join(dist, 'kennisbank'), { recursive: true }).map(String)
    .find((f) => f.endsWith('index.html') && fs.readFileSync(path.join(dist, 'kennisbank', f), 'utf8').includes('class="diagram"'));
  const pages: Array<[string, string | undefined]> = [
    ['home', '/'], ['kennisbank', '/kennisbank'], ['doc', '/kennisbank/apis/problem-details'], ['category-index', '/kennisbank/apis/'],
    ['doc-with-diagram', diagram ? `/kennisbank/${path.dirname(diagram)}` : undefined], ['docs-tags', '/kennisbank/tags'],
    ['communities', '/communities/'], ['blog-list', '/blog'], ['blog-post', blogPostPath(dist)], ['blog-tags', '/blog/tags'],
    ['blog-tag', '/blog/tags/api'], ['blog-author', author ? `/blog/authors/${author}` : undefined], ['blog-archive', '/blog/archive'],
    ['search', '/zoeken?q=api'], ['not-found', '/deze-pagina-bestaat-niet'],
  ];
  const found = pages.filter((p): p is [string, string] => p[1] !== undefined).map(([name, url]) => ({ name, url, dark: false }));
  return [...found, ...found.filter((p) => p.name === 'home' || p.name === 'doc-with-diagram').map((p) => ({ ...p, dark: true }))];
}

/** Full-page screenshots in bench/screenshots/<page>-<width>[-dark].png, written afresh each run. */
async function benchScreenshots(dist: string): Promise<void> {
  const out = path.join(root, 'bench/screenshots');
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  const server = await serve(dist);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-'));
  // The analytics hosts fail at once instead of waiting on DNS.
  const offline = '--host-resolver-rules=MAP teller.developer.overheid.nl ~NOTFOUND, MAP statistiek.developer.overheid.nl ~NOTFOUND';
  const browser = await puppeteer.launch({ executablePath: chromiumPath, headless: true, userDataDir: profile, args: [...chromiumArgs, offline] });
  let count = 0;
  try {
    for (const { name, url, dark } of screenshotPages(dist)) {
      for (const width of [390, 1280, 1920]) {
        const page = await browser.newPage();
        await page.setViewport({ width, height: width < 997 ? 844 : 1000 });
        await page.goto(`${server.origin}${url}`, { waitUntil: 'networkidle0' });
        if (dark) await page.evaluate(() => { document.documentElement.dataset.theme = 'dark'; });
        if (url.startsWith('/zoeken')) await page.waitForFunction(() => document.querySelector('.search-result, .search-status:not(:empty)'), { timeout: 15_000 }).catch(() => {});
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: path.join(out, `${name}-${width}${dark ? '-dark' : ''}.png`), fullPage: true });
        await page.close();
        count++;
      }
    }
  } finally {
    await browser.close();
    fs.rmSync(profile, { recursive: true, force: true });
    server.close();
  }
  console.log(`${count} screenshots in ${path.relative(root, out)}/`);
}

async function main(): Promise<void> {
  if (parts.has('build')) await benchBuild();
  if (parts.has('scale')) await benchScale();
  if (parts.has('incremental')) await benchIncremental();
  if (parts.has('docusaurus')) await benchDocusaurus();
  if (parts.has('weight') || parts.has('browser') || parts.has('lighthouse') || parts.has('serve') || parts.has('screenshots')) {
    const ws = workspace(path.join(root, 'content'));
    const dist = path.join(ws, 'dist');
    await timedBuild(ws, dist);
    if (parts.has('weight')) await benchWeight(dist);
    if (parts.has('browser')) await benchBrowser(dist);
    if (parts.has('lighthouse')) await benchLighthouse(dist);
    if (parts.has('serve')) await benchServe(dist);
    if (parts.has('screenshots')) await benchScreenshots(dist);
    fs.rmSync(ws, { recursive: true, force: true });
  }
  // Screenshots alone measure nothing: keep the last figures in bench/results.json.
  if (rows.length === 0) return;
  const width = Math.max(...rows.map((r) => r[0].length));
  const valueWidth = Math.max(...rows.map((r) => r[1].length));
  console.log(`${'figure'.padEnd(width)}  ${'median (min–max)'.padEnd(valueWidth)}  budget`);
  for (const [name, value, budget] of rows) console.log(`${name.padEnd(width)}  ${value.padEnd(valueWidth)}  ${budget}`);
  fs.writeFileSync(path.join(root, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nResultaten in bench/results.json (${runs} runs per figuur).`);
}

await main();
