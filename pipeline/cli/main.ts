/**
 * The command line: the one place that runs effects. It reads the sources,
 * runs the pure stages, prints the problems and writes dist/ only when the
 * build has no errors.
 *
 *   build   production build into dist/ (drafts left out)
 *   check   validate everything, write nothing
 *   dev     development build, served with live reload on http://localhost:3000
 *   serve   serve an existing dist/ on 127.0.0.1, with the production security headers
 *   server-config  rewrite the security headers in dist-config/nginx.conf and Caddyfile
 *
 * It is also the only clock: today's date goes into the build as a value (for
 * the security.txt expiry check only; it never changes the output).
 */
import '../io/production-react.ts';
import path from 'node:path';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { readSources } from '../io/read.ts';
import { createHighlighter } from '../io/highlighter.ts';
import { DiagramDrawer } from '../io/mermaid.ts';
import { parseAhead, whileWaiting } from '../run/parse-ahead.ts';
import { mermaidSources } from '../stages/markdown.ts';
import type { Highlighter } from '../stages/highlight.ts';
import { HighlightWorkers } from '../io/highlight.ts';
import { loadTheme } from '../io/theme.ts';
import { cleanUpOnExit, SiteWriter } from '../io/write.ts';
import { startServer, type MemorySite } from '../io/server.ts';
import { createMemo, type BuildCache, type BuildMemo } from '../memo.ts';
import { generatorKey, readBuildCache, writeBuildCache } from '../io/build-cache.ts';
import { analyse, byPath, generating, highlightAhead, markdownAhead, markdownAsReady, markdownPending, markdownStage, searchIndexPath, searchIndexRecords, type Generated } from '../build.ts';
import { buildSearchIndexApart } from '../io/search-index.ts';
import { buildSearchIndex } from '../stages/search-index.ts';
import type { SearchRecord } from '../stages/search-records.ts';
import { parseDataFile } from '../stages/parse.ts';
import { validateConfig } from '../stages/validate.ts';
import { securityHeaders } from '../stages/csp.ts';
import { serverConfigFiles, withHeaderBlock } from '../stages/server-config.ts';
import { hasErrors, sortProblems, type Problem } from '../problem.ts';
import { formatProblems, formatProblemsJson } from './report.ts';
import type { Mode } from '../stages/resolve.ts';

export interface BuildOptions {
  readonly content: string;
  readonly config: string;
  readonly mode: Mode;
  /** `'on-request'`: pages are rendered when the dev server is asked for them. */
  readonly render: boolean | 'on-request';
  readonly cacheDir: string;
  /** Parse and markdown results kept between the dev server's rebuilds. */
  readonly memo?: BuildMemo;
  /** Today's date (`2026-11-22`) for the security.txt expiry check; left out: no check. */
  readonly today?: string;
  /** Keep parse and markdown results in `cacheDir` for the next build (`npm run build`, `check`). */
  readonly persist?: boolean;
  /** Gets each output file as soon as it is made (`build`); the caller finishes or abandons it. */
  readonly writer?: SiteWriter;
}

/**
 * Runs the whole pipeline with its effects, except writing: the output files
 * go to `options.writer` when there is one. Never throws for bad content.
 */
export async function runBuild(options: BuildOptions): Promise<Generated> {
  const lap = stopwatch();
  const [sources, cache] = await Promise.all([readSources(options.content, options.config), options.persist ? readBuildCache(options.cacheDir) : undefined]);
  lap('lezen');
  const drawer = new DiagramDrawer(path.join(options.cacheDir, 'mermaid'));
  if (cache) drawer.expect(sources.files.map((file) => file.text));
  // Builds with a cache highlight code in worker threads (the dev server keeps one highlighter in
  // process, for all its rebuilds).
  const threads: { workers: HighlightWorkers | null; stopping?: Promise<void> } = { workers: null };
  try {
    // Chromium draws the diagrams on the other core while the main thread parses.
    if (cache) {
      await parseAhead(sources.files, cache.trees, (tree) => { for (const [hash, source] of mermaidSources([tree])) drawer.draw(hash, source); }, () => drawer.allSent());
    }
    const stages = { ...(options.memo ? { memo: options.memo } : {}), ...(cache ? { cache } : {}) };
    const analysis = analyse(sources, options.mode, { ...(options.today ? { today: options.today } : {}), ...stages });
    lap('parsen en valideren');
    if (!analysis.site) {
      await drawer.finish(new Map());
      return { routes: [], contents: new Map(), files: [], problems: sortProblems(analysis.problems) };
    }
    const drawing = drawer.finish(analysis.diagrams);
    const early = options.render ? handled(loadTheme({ mermaidInBrowser: false, cacheDir: options.cacheDir })) : null;
    // The highlight threads start once Chromium is done (their memory and its never add up) and
    // highlight what the cache lacks, on both cores, while the main thread mostly waits for them.
    const highlighting = !cache ? handled(createHighlighter(analysis.languages))
      : handled(drawing.then((drawn) => (markdownPending(analysis, drawn, cache) ? (threads.workers = new HighlightWorkers()).start(analysis.languages, highlightAhead(analysis, drawn, cache)) : null)));
    const themeNow = early && await early;
    lap('thema');
    // Should Chromium still be drawing, the main thread renders the pages that need neither it nor shiki.
    if (cache) await whileWaiting(drawing, markdownAhead(analysis, cache));
    const diagrams = await drawing;
    const highlighter: Highlighter | null = await highlighting;
    lap('diagrammen');
    const mermaidInBrowser = diagrams === null && analysis.diagrams.size > 0;
    const { theme, files } = !themeNow ? { theme: { css: '', js: null, files: new Map() }, files: [] }
      // Without Chromium the pages draw their diagrams themselves: the theme then carries mermaid.
      : mermaidInBrowser ? await loadTheme({ mermaidInBrowser, cacheDir: options.cacheDir })
        : themeNow;
    // Pages as their code comes back from the highlight threads; the stage then finds them in the cache.
    const workers = threads.workers;
    if (cache && workers) {
      for (const progressed of markdownAsReady(analysis, { highlighter, diagrams }, cache, (request) => workers.ready(request))) {
        if (!progressed && !workers.nextAnswer()) break;
      }
    }
    const markdown = markdownStage(analysis, { highlighter, diagrams }, stages);
    lap('markdown');
    // Done with shiki: its threads stop while the first pages render. Waiting for them left the
    // other core idle for 60–70 ms; the build's memory peak is long past (Chromium's).
    threads.stopping = threads.workers?.close();
    threads.workers = null;
    // The search index comes from the cache, or a worker builds it while the pages render.
    const index = options.render === true ? searchIndexFor(searchIndexRecords(analysis, markdown), cache) : null;
    const pages = generating(analysis, { highlighter, diagrams, theme, themeFiles: files }, {
      render: options.render, ...stages, ...(index ? { searchIndex: { path: index.path, index: 'known' in index ? index.known : null } } : {}),
    }, markdown);
    // Each file goes to the writer as soon as it is made: the disk works while the next pages render.
    let step = pages.next();
    for (; !step.done; step = pages.next()) options.writer?.add(step.value);
    let generated = step.value;
    if (index && 'building' in index && generated.files.length > 0) {
      const file = { path: index.path, data: await index.building };
      options.writer?.add(file);
      generated = { ...generated, files: [...generated.files, file].sort(byPath) };
    }
    lap('pagina\'s');
    if (cache) await writeBuildCache(options.cacheDir, cache);
    lap('cache bewaren');
    return generated;
  } finally {
    await threads.workers?.close();
    await threads.stopping;
  }
}

/**
 * The search index of `records` and its path: from the cache, or being built
 * by a worker thread while the main thread goes on (the pages know its path
 * beforehand: `searchIndexPath`).
 */
function searchIndexFor(records: ReadonlyArray<SearchRecord>, cache: BuildCache | undefined): { path: string } & ({ known: string } | { building: Promise<string> }) {
  const path = searchIndexPath(JSON.stringify(records), generatorKey());
  // The path names the records and the generator: as the key it spares the cache hashing the
  // records' 1 MB of JSON twice more (50 to 70 ms of a warm build).
  const key = [path];
  if (cache?.searchIndex.has(key)) return { path, known: cache.searchIndex.get(key, () => buildSearchIndex(records)) };
  return { path, building: handled(buildSearchIndexApart(records).then((index) => (cache ? cache.searchIndex.get(key, () => index) : index))) };
}

/**
 * A promise started now and awaited later: should it fail while the build
 * awaits something else, that is not an unhandled rejection (which would end
 * the process with a stack trace); the failure comes out where it is awaited.
 */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

/**
 * With ONTWIKKELAARSPORTAAL_TIMINGS=1 each call prints the wall time since the
 * previous one to stderr (for docs/performance.md); otherwise it does nothing.
 */
export function stopwatch(): (label: string) => void {
  if (!process.env.ONTWIKKELAARSPORTAAL_TIMINGS) return () => {};
  let last = performance.now();
  return (label) => {
    const now = performance.now();
    process.stderr.write(`  ${label}: ${Math.round(now - last)} ms, ${Math.round(process.memoryUsage().rss / 2 ** 20)} MiB RSS, ${Math.round(process.memoryUsage().heapUsed / 2 ** 20)} MiB heap\n`);
    last = now;
  };
}

/** The validated site configuration, or null when it cannot be read or is invalid. */
function readConfig(file: string) {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const parsed = parseDataFile({ path: path.basename(file), display: file, text });
  const { config, problems } = validateConfig(parsed.parsed);
  return parsed.problems.length || hasErrors(problems) ? null : config;
}

function report(problems: ReadonlyArray<Problem>, format: string): void {
  if (format === 'json') process.stdout.write(`${formatProblemsJson(problems)}\n`);
  else process.stderr.write(`${formatProblems(problems, { colour: process.stderr.isTTY === true && !process.env.NO_COLOR })}\n`);
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      content: { type: 'string', default: 'content' },
      config: { type: 'string', default: 'dist-config/site.yml' },
      out: { type: 'string' },
      port: { type: 'string' },
      format: { type: 'string', default: 'text' },
    },
  });
  const command = positionals[0] ?? 'build';
  const port = Number(values.port ?? process.env.PORT ?? 3000);
  const cacheDir = path.resolve('.cache');
  const today = new Date().toISOString().slice(0, 10);
  const base = { content: values.content ?? 'content', config: values.config ?? 'dist-config/site.yml', cacheDir, today };
  cleanUpOnExit();

  if (command === 'serve') {
    const root = values.out ?? 'dist';
    if (!fs.existsSync(path.join(root, '404.html'))) {
      process.stderr.write(`Er staat geen gebouwde site in ${root}/. Draai eerst npm run build.\n`);
      return 1;
    }
    const config = readConfig(base.config);
    if (!config) {
      process.stderr.write(`De siteconfiguratie ${base.config} is ongeldig; draai npm run check voor de meldingen.\n`);
      return 1;
    }
    const { url } = await startServer({ root, port, dev: false, headers: securityHeaders(config, { https: false }) });
    process.stdout.write(`De site in ${root}/ staat klaar op ${url.replace('localhost', '127.0.0.1')}\n`);
    return new Promise(() => {});
  }

  if (command === 'build' || command === 'check') {
    const started = performance.now();
    const out = values.out ?? 'dist';
    // Writes dist/ while the pages render, and swaps it in only when the build has no errors.
    const writer = command === 'build' ? new SiteWriter(out) : undefined;
    const result = await runBuild({ ...base, mode: 'production', render: command === 'build', persist: true, ...(writer ? { writer } : {}) });
    report(result.problems, values.format ?? 'text');
    if (hasErrors(result.problems)) {
      writer?.abandon();
      return 1;
    }
    if (writer) {
      const lap = stopwatch();
      try {
        await writer.finish();
        lap('schrijven');
      } catch (e) {
        process.stderr.write(`De site kon niet worden geschreven (${e instanceof Error ? e.message : String(e)}). De vorige ${out}/ is ongewijzigd.\n`);
        return 1;
      }
      process.stderr.write(`${result.routes.length} pagina's gebouwd in ${out}/ (${Math.round(performance.now() - started)} ms)\n`);
    } else {
      process.stderr.write(`Content gecontroleerd: ${result.routes.length} pagina's (${Math.round(performance.now() - started)} ms)\n`);
    }
    return 0;
  }

  if (command === 'dev') {
    // Served from memory: a save re-parses and re-renders only what changed, and
    // pages are rendered when the browser asks for them (docs/performance.md).
    const memo = createMemo();
    let site: MemorySite = { files: new Map(), onRequest: new Map() };
    const rebuild = async (): Promise<boolean> => {
      const started = performance.now();
      const result = await runBuild({ ...base, mode: 'development', render: 'on-request', memo });
      if (result.problems.length) report(result.problems, 'text');
      // In development a content error must not take the preview away: show what can be built.
      if (result.files.length === 0) return false;
      site = { files: new Map(result.files.map((f) => [f.path, f.data] as const)), onRequest: result.onRequest ?? new Map() };
      process.stderr.write(`Opnieuw gebouwd: ${result.routes.length} pagina's (${Math.round(performance.now() - started)} ms)\n`);
      return true;
    };
    await rebuild();
    const server = await startServer({ root: cacheDir, port, dev: true, memory: () => site });
    process.stdout.write(`Ontwikkelserver draait op ${server.url} (stoppen met Ctrl+C)\n`);
    const { watch } = await import('chokidar');
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<unknown> = Promise.resolve();
    watch(['content', 'theme', 'dist-config', values.content ?? 'content'], { ignoreInitial: true }).on('all', () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        running = running.then(async () => { if (await rebuild()) server.reload(); }).catch((e) => process.stderr.write(`${String(e)}\n`));
      }, 50);
    });
    return new Promise(() => {});
  }

  if (command === 'server-config') {
    const config = readConfig(base.config);
    if (!config) {
      process.stderr.write(`De siteconfiguratie ${base.config} is ongeldig; draai npm run check voor de meldingen.\n`);
      return 1;
    }
    for (const { file, kind } of serverConfigFiles) {
      const text = fs.readFileSync(file, 'utf8');
      const updated = withHeaderBlock(text, kind, securityHeaders(config, { https: true }));
      if (updated === null) {
        process.stderr.write(`${file} heeft geen blok "# BEGIN security headers" … "# END security headers".\n`);
        return 1;
      }
      if (updated !== text) fs.writeFileSync(file, updated);
      process.stderr.write(`${file}: ${updated === text ? 'al actueel' : 'bijgewerkt'}\n`);
    }
    return 0;
  }

  process.stderr.write(`Onbekend commando "${command}". Gebruik build, check, dev, serve of server-config.\n`);
  return 2;
}

/** For `compile` (bin/ontwikkelaarsportaal.mjs): the client bundle is made with the CLI. */
export { compileClient } from '../io/theme.ts';

/** Runs the command in `process.argv` and sets the exit code (bin/ontwikkelaarsportaal.mjs calls this). */
export function runCli(): void {
  main().then(
    (code) => { process.exitCode = code; },
    (e: unknown) => {
      process.stderr.write(`De build is onverwacht gestopt: ${e instanceof Error ? e.message : String(e)}\nDit is een fout in de generator, niet in de content; meld het met deze melding.\n`);
      process.exitCode = 70;
    },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) runCli();
