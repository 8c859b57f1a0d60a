/**
 * `npm run search:index`: pushes the site's search records to Typesense.
 *
 *   TYPESENSE_ADMIN_KEY=… npm run search:index [-- --content content --config dist-config/site.yml]
 *
 * It runs the same pure pipeline as `npm run check` (no rendering) and takes
 * the records from `searchRecords`, the function the build's embedded index
 * uses: so it always indexes the content as it is now, never a stale dist/,
 * and dist/ gets no extra file. First it reads the alias once, so a wrong
 * host or key fails before the build instead of after it. Then: a new collection
 * `developer_{product}_{timestamp}`, the records imported in JSONL batches,
 * the alias `developer_{product}` swapped to it, the old collection deleted.
 *
 * The admin key comes only from the environment. It is never printed: every
 * line this command writes goes through `redact`. Exit code 0 when the alias
 * points at the new collection and the old one is gone, 1 otherwise.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runBuild } from '../schedule/schedule.ts';
import { parseData } from '../stages/parse.ts';
import { validateConfig } from '../stages/validate.ts';
import { problemsOf, valueOf } from '../result.ts';
import { hasErrors } from '../problem.ts';
import { formatProblems } from './report.ts';
import { searchRecords } from '../stages/search-records.ts';
import type { Config } from '../types.ts';
import {
  aliasName, jsonlBatches, readCollectionSettings, redact, typesenseDocument, versionedName, type ImportFailure,
} from '../stages/server-config/typesense-schema.ts';
import { publishCollection, typesenseAdmin, type AdminError, type PublishResult, type TypesenseAdmin, type TypesenseConnection } from '../io/typesense.ts';

export interface IndexerOptions {
  readonly content: string;
  readonly config: string;
  readonly schema: string;
  readonly cacheDir: string;
  /** The environment: TYPESENSE_ADMIN_KEY, and optionally TYPESENSE_HOST, TYPESENSE_PORT, TYPESENSE_PROTOCOL. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The clock, for the collection name. */
  readonly now: Date;
  /** Where the operator's lines go (stderr in the CLI). */
  readonly write: (line: string) => void;
  readonly batchSize?: number;
  readonly timeouts?: { readonly request: number; readonly import: number };
  readonly retries?: number;
  /** Replaces the HTTP client (tests); the default is the official Typesense client. */
  readonly admin?: (connection: TypesenseConnection) => TypesenseAdmin;
}

type Where = { readonly host: string; readonly port: number; readonly protocol: string };

/** Host, port and protocol: the environment first, then site.yml's search.typesense. */
export function typesenseLocation(config: Config, env: IndexerOptions['env']): { ok: true; value: Where } | { ok: false; message: string } {
  const configured = config.search.typesense;
  const host = env.TYPESENSE_HOST || configured?.host;
  if (!host) return { ok: false, message: 'Geen Typesense-host: zet TYPESENSE_HOST, of search.typesense.host in de siteconfiguratie.' };
  const portText = env.TYPESENSE_PORT || String(configured?.port ?? 443);
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535) return { ok: false, message: `TYPESENSE_PORT moet een poortnummer zijn (1 tot 65535), maar is "${portText}".` };
  const protocol = (env.TYPESENSE_PROTOCOL || configured?.protocol || 'https').replace(/:$/, '');
  if (protocol !== 'http' && protocol !== 'https') return { ok: false, message: `TYPESENSE_PROTOCOL moet http of https zijn, maar is "${protocol}".` };
  return { ok: true, value: { host, port, protocol } };
}

function readConfig(file: string): { config: Config | null; report: string } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return { config: null, report: `De siteconfiguratie ${file} is niet te lezen.` };
  }
  const parsed = parseData({ path: path.basename(file), display: file, text });
  const validated = validateConfig(valueOf(parsed));
  const config = valueOf(validated);
  const all = [...problemsOf(parsed), ...problemsOf(validated)];
  return hasErrors(all) || !config ? { config: null, report: formatProblems(all, { colour: false }) } : { config, report: '' };
}

const reasons: Record<AdminError['kind'], (origin: string, status: number | null) => string> = {
  unauthorized: (origin, status) => `Typesense op ${origin} weigert de beheersleutel (HTTP ${status ?? 401}). Controleer TYPESENSE_ADMIN_KEY: dat moet een sleutel met schrijfrechten op collecties en aliassen zijn, niet de zoeksleutel uit de siteconfiguratie.`,
  'not-found': (origin) => `Typesense op ${origin} kent dit adres niet (HTTP 404). Klopt de host, en draait daar Typesense?`,
  exists: () => 'Die collectie bestaat al (HTTP 409). De naam bevat het tijdstip tot op de seconde: draai het commando over een paar seconden opnieuw.',
  rejected: (_, status) => `Typesense weigerde het verzoek (HTTP ${status ?? 400}). Controleer dist-config/typesense-schema.yml.`,
  server: (origin, status) => `Typesense op ${origin} gaf een serverfout (HTTP ${status ?? 500}). Probeer het later opnieuw.`,
  network: (origin) => `Typesense op ${origin} is niet bereikbaar. Controleer TYPESENSE_HOST, TYPESENSE_PORT en TYPESENSE_PROTOCOL, en of de server draait.`,
  timeout: (origin) => `Typesense op ${origin} antwoordde niet op tijd.`,
};

const explain = (error: AdminError, origin: string): string[] =>
  [reasons[error.kind](origin, error.status), ...(error.detail ? [`  Melding: ${error.detail}`] : [])];

const listFailures = (failures: ReadonlyArray<ImportFailure>, shown = 5): string[] => [
  ...failures.slice(0, shown).map((f) => `  document ${f.position}${f.objectID ? ` (${f.objectID})` : ''}: ${f.error}`),
  ...(failures.length > shown ? [`  … en nog ${failures.length - shown}`] : []),
];

/** The operator's summary of a run, in Dutch. */
export function describeResult(result: PublishResult, names: { alias: string; collection: string; origin: string; total: number }): string[] {
  const { alias, collection, origin, total } = names;
  if (result.ok) {
    const lines = [`Klaar: ${result.imported} documenten staan in ${collection}; de alias ${alias} wijst er nu naar${result.previous ? ` (was ${result.previous})` : ''}.`];
    if (result.cleanupError && result.previous) {
      lines.push(`De zoekfunctie gebruikt de nieuwe index, maar de oude collectie ${result.previous} kon niet worden verwijderd. Verwijder haar met de hand (DELETE /collections/${result.previous}).`, ...explain(result.cleanupError, origin));
    }
    return lines;
  }
  const what: Record<typeof result.step, string> = {
    create: `De nieuwe collectie ${collection} kon niet worden aangemaakt.`,
    import: `Het importeren in ${collection} is mislukt.`,
    'alias-read': `De alias ${alias} kon niet worden gelezen.`,
    'alias-swap': `De alias ${alias} kon niet worden omgezet naar ${collection}.`,
  };
  const lines = [what[result.step]];
  if (result.error) lines.push(...explain(result.error, origin));
  if (result.failures.length) lines.push(`Typesense weigerde ${result.failures.length} van de ${total} documenten:`, ...listFailures(result.failures));
  if (result.step === 'create') lines.push('Er is niets veranderd: de zoekfunctie gebruikt de vorige index.');
  else if (result.removedNew) lines.push(`De nieuwe collectie is weer verwijderd. De alias ${alias} is niet veranderd: de zoekfunctie gebruikt de vorige index.`);
  else lines.push(`De alias ${alias} is niet veranderd, maar de onvolledige collectie ${collection} kon niet worden verwijderd. Verwijder haar met de hand (DELETE /collections/${collection}).`);
  return lines;
}

/** The whole command; returns the exit code. Never throws for a Typesense or content problem. */
export async function runIndexer(options: IndexerOptions): Promise<0 | 1> {
  const adminKey = options.env.TYPESENSE_ADMIN_KEY ?? '';
  const say = (line: string) => options.write(redact(line, [adminKey]));
  if (!adminKey) {
    say('TYPESENSE_ADMIN_KEY ontbreekt. Zet de beheersleutel van Typesense in de omgeving (nooit in een bestand in de repository) en draai het commando opnieuw.');
    return 1;
  }

  const { config, report } = readConfig(options.config);
  if (!config) {
    say(report);
    say('De siteconfiguratie heeft fouten; er is niets naar Typesense gestuurd.');
    return 1;
  }
  if (config.search.typesense?.searchOnlyKey === adminKey) {
    say(`De beheersleutel staat als searchOnlyKey in ${options.config}: zo komt hij op elke pagina van de site. Maak in Typesense een zoeksleutel met alleen documents:search en zet die in de siteconfiguratie; vervang daarna de beheersleutel.`);
    return 1;
  }
  const where = typesenseLocation(config, options.env);
  if (!where.ok) {
    say(where.message);
    return 1;
  }
  const origin = `${where.value.protocol}://${where.value.host}:${where.value.port}`;

  let schemaText: string;
  try {
    schemaText = fs.readFileSync(options.schema, 'utf8');
  } catch {
    say(`Het Typesense-schema ${options.schema} is niet te lezen.`);
    return 1;
  }
  const { settings, problems: schemaProblems } = readCollectionSettings(schemaText, options.schema);
  if (!settings) {
    say(formatProblems(schemaProblems, { colour: false }));
    say('Het Typesense-schema heeft fouten; er is niets naar Typesense gestuurd.');
    return 1;
  }

  const alias = aliasName(config.product);
  const admin = (options.admin ?? typesenseAdmin)({
    ...where.value, apiKey: adminKey,
    timeoutSeconds: options.timeouts?.request ?? 10, importTimeoutSeconds: options.timeouts?.import ?? 120,
    retries: options.retries ?? 2,
  });
  // Check host and key before the build: a typo should not cost a whole build to find out.
  const reachable = await admin.aliasTarget(alias);
  if (!reachable.ok) {
    for (const line of explain(reachable.error, origin)) say(line);
    say('Er is niets veranderd: de zoekfunctie gebruikt de vorige index.');
    return 1;
  }

  const build = await runBuild({ content: options.content, config: options.config, mode: 'production', render: false, cacheDir: options.cacheDir });
  if (hasErrors(build.problems)) {
    say(formatProblems(build.problems.filter((p) => p.severity === 'error'), { colour: false }));
    say('De content heeft fouten (zie npm run check); er is niets naar Typesense gestuurd.');
    return 1;
  }
  const records = searchRecords(build.routes, build.contents, config.locale.lang, config.layout);
  if (records.length === 0) {
    say('De site heeft geen zoekrecords. Een lege index zou de zoekfunctie leegmaken, dus de alias blijft ongewijzigd.');
    return 1;
  }

  const collection = versionedName(alias, options.now);
  const docs = records.map((r) => typesenseDocument(r, config.url));
  const size = options.batchSize ?? 100;
  const batches = jsonlBatches(docs, size).map((jsonl, i) => ({ jsonl, count: Math.min(size, docs.length - i * size) }));
  say(`${docs.length} zoekrecords uit ${build.routes.length} pagina's naar Typesense op ${origin}, in ${batches.length} ${batches.length === 1 ? 'batch' : 'batches'}.`);
  const result = await publishCollection(admin, { alias, collection, schema: { name: collection, ...settings }, batches }, (p) => {
    if (p.step === 'created') say(`Collectie ${p.collection} aangemaakt.`);
    else if (p.step === 'batch') say(`Batch ${p.index} van ${p.of} geïmporteerd (${p.imported} documenten).`);
    else if (p.step === 'swapped') say(`Alias ${p.alias} wijst nu naar ${p.collection}.`);
    else say(`Oude collectie ${p.collection} verwijderd.`);
  });
  for (const line of describeResult(result, { alias, collection, origin, total: docs.length })) say(line);
  return result.ok && !result.cleanupError ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      content: { type: 'string', default: 'content' },
      config: { type: 'string', default: 'dist-config/site.yml' },
      schema: { type: 'string', default: 'dist-config/typesense-schema.yml' },
    },
  });
  const adminKey = process.env.TYPESENSE_ADMIN_KEY;
  const write = (line: string) => { process.stderr.write(`${redact(line, [adminKey])}\n`); };
  runIndexer({
    content: values.content ?? 'content', config: values.config ?? 'dist-config/site.yml', schema: values.schema ?? 'dist-config/typesense-schema.yml',
    cacheDir: path.resolve('.cache'), env: process.env, now: new Date(), write,
  }).then(
    (code) => code,
    (e: unknown) => {
      write(`Het indexeren is onverwacht gestopt: ${e instanceof Error ? e.message : String(e)}\nDit is een fout in de indexer; meld het met deze melding.`);
      return 1;
    },
  ).then((code) => {
    // An import that timed out may still hold a socket open: end the process once the output is out.
    process.stderr.write('', () => process.exit(code));
  });
}
