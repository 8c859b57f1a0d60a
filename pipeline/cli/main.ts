/**
 * The command line: it runs the build through the schedule
 * (pipeline/schedule/schedule.ts), prints the problems and writes dist/ only when
 * the build has no errors.
 *
 *   build   production build into dist/ (drafts left out)
 *   check   validate everything, write nothing
 *   dev     development build, served with live reload on http://localhost:3000, with the security headers
 *   serve   serve an existing dist/ on 127.0.0.1, with the production security headers
 *   server-config  rewrite the security headers and redirects in dist-config/nginx.conf and Caddyfile
 *
 * It is also the only clock: today's date goes into the build as a value (for
 * the security.txt expiry check only; it never changes the output).
 */
import '../io/production-react.ts';
import path from 'node:path';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { cleanUpOnExit, SiteWriter, spareFolder } from '../io/write.ts';
import { printCounts } from '../io/stopwatch.ts';
import { startServer, type MemorySite } from '../io/server.ts';
import { createMemo } from '../memo.ts';
import { runBuild, stopwatch } from '../schedule/schedule.ts';
import { watchedPaths } from '../io/read.ts';
import { parseData } from '../stages/parse.ts';
import { validateConfig } from '../stages/validate.ts';
import { problemsOf, valueOf } from '../result.ts';
import { securityHeaders } from '../stages/server-config/csp.ts';
import { serverConfigFiles, withHeaderBlock } from '../stages/server-config/server-config.ts';
import { withRedirectBlock } from '../stages/server-config/redirect-rules.ts';
import { hasErrors, type Problem } from '../problem.ts';
import { formatProblems, formatProblemsJson } from './report.ts';
import { internalErrorMessage } from '../internal-error.ts';
import { killDescendants } from '../io/descendants.ts';

/** The validated site configuration, or null when it cannot be read or is invalid. */
function readConfig(file: string) {
  const text = configText(file);
  return text === null ? null : configOf(text, file);
}

function configText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function configOf(text: string, file: string) {
  const parsed = parseData({ path: path.basename(file), display: file, text });
  const config = validateConfig(valueOf(parsed));
  return problemsOf(parsed).length || hasErrors(problemsOf(config)) ? null : valueOf(config);
}

function report(problems: ReadonlyArray<Problem>, format: string): void {
  if (format === 'json') process.stdout.write(`${formatProblemsJson(problems)}\n`);
  else process.stderr.write(`${formatProblems(problems, { colour: process.stderr.isTTY === true && !process.env.NO_COLOR })}\n`);
}

/** The command line's arguments. */
const args = () => parseArgs({
  allowPositionals: true,
  options: {
    content: { type: 'string', default: 'content' },
    config: { type: 'string', default: 'dist-config/site.yml' },
    out: { type: 'string' },
    port: { type: 'string' },
    format: { type: 'string', default: 'text' },
    // An internal error prints its stack.
    debug: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

/** What `--help` prints, and what follows a mistake in the arguments. */
export const usage = `Gebruik: ontwikkelaarsportaal [commando] [opties]

Commando's:
  build            bouwt de site voor productie in dist/ (standaard)
  check            controleert alle content en configuratie, schrijft niets
  dev              ontwikkelserver die bij elke wijziging opnieuw bouwt
  serve            serveert een gebouwde dist/ met de headers van productie
  server-config    werkt de headers en redirects in dist-config/nginx.conf en dist-config/Caddyfile bij

Opties:
  --content MAP    de map met content (standaard content)
  --config BESTAND de siteconfiguratie (standaard dist-config/site.yml)
  --out MAP        de uitvoermap van build en serve (standaard dist)
  --port N         de poort van dev en serve (standaard 3000, of PORT)
  --format FORMAAT de meldingen als text (standaard) of json
  --debug          toont de stacktrace bij een fout in de generator
  -h, --help       toont deze hulp
`;

/** The arguments, or what is wrong with them in Dutch (node's own message is English and names no command). */
function readArgs(): ReturnType<typeof args> | { wrong: string } {
  try {
    return args();
  } catch (e) {
    const code = (e as { code?: string }).code;
    const option = /'([^']+)'/.exec(e instanceof Error ? e.message : '')?.[1] ?? '';
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return { wrong: `Onbekende optie "${option}".` };
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return { wrong: `De optie "${option.split(' ')[0]}" mist een waarde, of krijgt er een die ze niet neemt.` };
    return { wrong: `De argumenten zijn niet te lezen (${e instanceof Error ? e.message : String(e)}).` };
  }
}

/** How long the dev server waits after a file event for more events of the same save; all of it is wait before the rebuild. */
const saveDebounce = 10;

async function main(): Promise<number> {
  const read = readArgs();
  if ('wrong' in read) {
    process.stderr.write(`${read.wrong}\n\n${usage}`);
    return 2;
  }
  const { values, positionals } = read;
  if (values.help) {
    process.stdout.write(usage);
    return 0;
  }
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
    const writer = command === 'build' ? new SiteWriter(out, undefined, spareFolder(cacheDir, out)) : undefined;
    const result = await runBuild({ ...base, mode: 'production', render: command === 'build', persist: true, ...(writer ? { writer } : {}) });
    report(result.problems, values.format ?? 'text');
    if (hasErrors(result.problems)) {
      writer?.abandon();
      return 1;
    }
    if (writer) {
      const lap = stopwatch();
      try {
        const written = await writer.finish();
        lap('schrijven');
        const { stats } = result;
        // Each count the build made; one it left out (no reuse, no cache, no site code) is not printed.
        const counts: ReadonlyArray<readonly [string, number | undefined]> = [
          ['pagina\'s gerenderd', stats.pagesRendered], ['pagina\'s hergebruikt', stats.pagesReused], ['pagina\'s teruggelezen', stats.pagesReadBack],
          ['feeds gemaakt', stats.feedsRendered], ['bodies geschreven', stats.bodiesWritten], ['codeblokken gekleurd', stats.blocksHighlighted],
          ['zoeksecties getokeniseerd', stats.sectionsIndexed], ['pagina\'s in zoeksecties verdeeld', stats.pagesSectioned], ['bomen uit de cache gelezen', stats.treesRead], ['componentenbox gestart', stats.siteCodeRan],
          ['markdown door de hulpthread', stats.markdownHelped],
          ['bestanden', written.files], ['gelinkt', written.linked], ['bytes geschreven', written.bytesWritten], ['uitvoer vervangen', written.kept ? 0 : 1],
        ];
        printCounts(Object.fromEntries(counts.filter((count): count is readonly [string, number] => count[1] !== undefined)));
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
    // The production security headers, so that what breaks under them breaks here first. Live reload
    // needs nothing more: its script and event stream are same-origin. Until the configuration is
    // valid, the policy without third-party origins.
    // Made again only when the configuration's text changed: parsing and checking it is YAML work that every rebuild repeated.
    let policyText: string | null | undefined;
    let headers: ReturnType<typeof securityHeaders> = [];
    const policyOf = () => {
      const text = configText(base.config);
      if (text === policyText) return headers;
      policyText = text;
      return securityHeaders((text === null ? null : configOf(text, base.config)) ?? { search: { backend: 'embedded' } }, { https: false });
    };
    headers = policyOf();
    const rebuild = async (): Promise<boolean> => {
      const started = performance.now();
      headers = policyOf();
      const result = await runBuild({ ...base, mode: 'development', render: 'on-request', memo });
      if (result.problems.length) report(result.problems, 'text');
      // In development a content error must not take the preview away: show what can be built.
      if (result.files.length === 0) return false;
      site = { files: new Map(result.files.map((f) => [f.path, f.data] as const)), onRequest: result.onRequest ?? new Map() };
      process.stderr.write(`Opnieuw gebouwd: ${result.routes.length} pagina's (${Math.round(performance.now() - started)} ms)\n`);
      return true;
    };
    await rebuild();
    const server = await startServer({ root: cacheDir, port, dev: true, headers: () => headers, memory: () => site });
    process.stdout.write(`Ontwikkelserver draait op ${server.url} (stoppen met Ctrl+C)\n`);
    const { watch } = await import('chokidar');
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<unknown> = Promise.resolve();
    const contentDir = `${path.resolve(base.content)}${path.sep}`;
    watch(['theme', ...await watchedPaths(base.content, base.config)], { ignoreInitial: true }).on('all', (_event, changed) => {
      // The theme is loaded again after a change outside the content (the theme's own files).
      if (!path.resolve(changed).startsWith(contentDir)) memo.theme.loaded = null;
      if (timer) clearTimeout(timer);
      // One rebuild for the events of one save (an editor may truncate, write and rename within a few ms).
      timer = setTimeout(() => {
        running = running.then(async () => { if (await rebuild()) server.reload(); }).catch((e) => process.stderr.write(`${String(e)}\n`));
      }, saveDebounce);
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
      const redirected = withRedirectBlock(updated, kind, config);
      if (redirected === null) {
        process.stderr.write(`${file} heeft geen blok "# BEGIN redirects" … "# END redirects".\n`);
        return 1;
      }
      if (redirected !== text) fs.writeFileSync(file, redirected);
      process.stderr.write(`${file}: ${redirected === text ? 'al actueel' : 'bijgewerkt'}\n`);
    }
    return 0;
  }

  process.stderr.write(`Onbekend commando "${command}".\n\n${usage}`);
  return 2;
}

/** For `compile` (bin/ontwikkelaarsportaal.mjs): the client bundle and the build cache's generator key are made with the CLI. */
export { compileClient } from '../io/theme.ts';
export { generatorKey, generatorKeyFile } from '../io/build-cache.ts';

/** EX_SOFTWARE (sysexits.h): the run ended on a mistake in the generator. */
export const internalErrorExit = 70;

/**
 * Ends the run on an internal error, whatever still runs: the message (with
 * the stack under `--debug`), every child process stopped (esbuild's service,
 * Chromium), and the process gone at once with its worker threads. Waiting
 * for them to finish could take forever: a CI job would hang until its own
 * time limit.
 */
function endOnInternalError(e: unknown): never {
  let debug = false;
  try {
    debug = args().values.debug === true;
  } catch {
    // Arguments that cannot be read: no stack.
  }
  process.stderr.write(internalErrorMessage(e, debug));
  killDescendants();
  process.exit(internalErrorExit);
}

/** Runs the command in `process.argv` and sets the exit code (bin/ontwikkelaarsportaal.mjs calls this). */
export function runCli(): void {
  let command: string | undefined;
  try {
    command = args().positionals[0] ?? 'build';
  } catch {
    // `main` says what is wrong with the arguments.
  }
  // The preview server keeps its own last resort per request (pipeline/io/last-resort.ts).
  if (command === 'build' || command === 'check') {
    process.on('uncaughtException', endOnInternalError);
    process.on('unhandledRejection', endOnInternalError);
  }
  main().then((code) => { process.exitCode = code; }, endOnInternalError);
}

if (import.meta.url === `file://${process.argv[1]}`) runCli();
