/**
 * `npm run migrate -- PATH`: a Docusaurus site's configuration as ours.
 *
 * Runs docusaurus.config.{js,ts,mjs} and the sidebars files once, in a child
 * process (migrate/evaluate-config.ts), maps the result
 * (migrate/site-config.ts) and writes PATH/dist-config/site.yml and one
 * PATH/dist-config/sidebars-<plugin>.yml per hand-written sidebars file. The
 * content stays where it is: the configuration points at the Docusaurus
 * folders. What could not be mapped is printed, one line each, followed by the
 * commands that build and preview the site. This is the only command that
 * runs a site's configuration code; the build reads the data it wrote.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Document, stringify } from 'yaml';
import { defaultTimeoutMs, evaluateSiteCode } from './migrate/evaluate-config.ts';
import { isVariableName } from '../io/sandbox.ts';
import { clientRedirectsOptions, docsPluginsOf, isPluginId, migrateSiteConfig } from './migrate/site-config.ts';

/** Folders that are no part of the site's sources: dependencies, build output, caches. */
const skipped = new Set(['node_modules', 'build', '.docusaurus', '.git', '.cache', 'dist', 'dist-config']);

/** Every file of the site folder, relative, with `/`, outside the skipped folders. */
function siteFiles(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!skipped.has(entry.name)) out.push(...siteFiles(dir, rel));
    } else if (entry.isFile()) {
      out.push(rel);
    }
  }
  return out;
}

/** The site configuration as YAML, with a header and the comments the mapping asked for. */
export function siteYaml(site: Record<string, unknown>, comments: Readonly<Record<string, string>>, source: string): string {
  const doc = new Document(site);
  doc.commentBefore = [
    ` Gemaakt door npm run migrate uit ${source}; de content blijft in de mappen van de Docusaurus-site.`,
    ' Controleer de waarden en pas ze hier aan: migrate opnieuw draaien overschrijft dit bestand.',
    ' Uitleg: docs/migrating.md in de generator.',
  ].join('\n');
  for (const [key, comment] of Object.entries(comments)) {
    const pair = (doc.contents as { items: Array<{ key: { value: unknown; commentBefore?: string } }> }).items.find((p) => p.key.value === key);
    if (pair) pair.key.commentBefore = comment;
  }
  return doc.toString({ lineWidth: 0 });
}

const createdComment = [
  ' De regels uit createRedirects (client-redirects) zijn één keer berekend, door migrate, over de pagina\'s',
  ' die de site toen had. Nieuwe of verplaatste pagina\'s krijgen ze niet vanzelf: draai migrate opnieuw.',
].join('\n');

/**
 * client-redirects' `createRedirects` is code that needs the site's routes: the content is analysed
 * with the site.yml just written (as the build would), and the configuration runs once more, in the same
 * box, to call it over those routes. Old paths that are pages themselves are left out, as Docusaurus
 * does. The rules, or what went wrong.
 */
async function createdRedirects(config: Record<string, unknown>, siteDir: string, siteYml: string, args: { env: string[]; timeoutMs: number }, out: (line: string) => void): Promise<Array<{ from: string | string[]; to: string }> | string> {
  const wanted = clientRedirectsOptions(config).some((o) => typeof o.createRedirects === 'object' && o.createRedirects !== null && '$code' in o.createRedirects);
  if (!wanted) return [];
  out('createRedirects uitvoeren over de pagina\'s van de site (in een apart proces)…');
  const [{ readSources }, { analyse }, { buildRoutes }, { valueOf }] = await Promise.all([
    import('../io/read.ts'), import('../build.ts'), import('../stages/routes.ts'), import('../result.ts'),
  ]);
  const analysis = analyse(await readSources(siteDir, siteYml), 'production');
  const routes = analysis.site ? (valueOf(buildRoutes(analysis.site)) ?? []).map((r) => r.path) : [];
  if (routes.length === 0) return 'createRedirects kon niet worden uitgevoerd: de site heeft nog geen pagina\'s die de build kan lezen. Draai npm run check met de nieuwe site.yml, herstel wat het meldt en draai migrate opnieuw.';
  const evaluated = await evaluateSiteCode(siteDir, { env: args.env, timeoutMs: args.timeoutMs, routes });
  if (!evaluated.ok) return evaluated.message;
  const pages = new Set(routes);
  return (evaluated.created ?? []).flatMap(({ from, to }) => {
    const old = [...new Set(from)].filter((f) => !pages.has(f) && f !== to);
    return old.length === 0 ? [] : [{ from: old.length === 1 ? old[0]! : old, to }];
  });
}

/** How a path is best shown in a command the user copies: as given when relative, else absolute. */
const shown = (p: string) => (p.includes(' ') ? JSON.stringify(p) : p);

const usage = 'Gebruik: npm run migrate -- PAD-NAAR-DOCUSAURUS-SITE [--env NAAM]… [--timeout SECONDEN]';

/** The command line: the site folder, the variables the configuration may read, its time limit; or what is wrong with it. */
export function migrateArguments(argv: ReadonlyArray<string>): { site: string; env: string[]; timeoutMs: number } | { problem: string } {
  const env: string[] = [];
  let site: string | undefined;
  let timeoutMs = defaultTimeoutMs;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flag === '--env' || flag === '--timeout') {
      const value = inline ?? argv[++i];
      if (value === undefined) return { problem: `${flag} mist een waarde. ${usage}` };
      if (flag === '--env') {
        const names = value.split(',').filter(Boolean);
        const wrong = names.find((n) => !isVariableName(n));
        if (wrong !== undefined || names.length === 0) return { problem: `--env ${value}: geef de naam van een omgevingsvariabele (letters, cijfers en _), zoals --env URL.` };
        env.push(...names);
      } else {
        const seconds = Number(value);
        if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) return { problem: `--timeout ${value}: geef een aantal seconden tussen 1 en 3600.` };
        timeoutMs = Math.round(seconds * 1000);
      }
    } else if (arg.startsWith('-')) {
      return { problem: `Onbekende optie ${arg}. ${usage}` };
    } else if (site === undefined) {
      site = arg;
    } else {
      return { problem: `Geef één map op, niet ook ${arg}. ${usage}` };
    }
  }
  return site === undefined ? { problem: usage } : { site, env, timeoutMs };
}

/** `name` in `folder` as an absolute path, or null when it would land anywhere else (a `/` or `..` in it). */
export function pathInside(folder: string, name: string): string | null {
  const abs = path.resolve(folder, name);
  return path.dirname(abs) === path.resolve(folder) && path.basename(abs) === name ? abs : null;
}

export async function migrate(argv: ReadonlyArray<string>, out: (line: string) => void = (l) => process.stdout.write(`${l}\n`), err: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): Promise<number> {
  const args = migrateArguments(argv);
  if ('problem' in args) {
    err(args.problem);
    return 2;
  }
  const given = args.site;
  const siteDir = path.resolve(given);
  if (!fs.existsSync(siteDir) || !fs.statSync(siteDir).isDirectory()) {
    err(`De map ${given} bestaat niet. Geef de map van de Docusaurus-site op (de map met docusaurus.config.js).`);
    return 2;
  }
  out(`Configuratie van ${given} uitvoeren (in een apart proces)…`);
  const evaluated = await evaluateSiteCode(siteDir, { env: args.env, timeoutMs: args.timeoutMs });
  if (!evaluated.ok) {
    err(evaluated.message);
    return 1;
  }
  // A docs plugin's id names its sidebars file; Docusaurus itself takes only letters, digits, _ and -.
  const badIds = docsPluginsOf(evaluated.config).map((p) => p.id).filter((id) => !isPluginId(id));
  if (badIds.length) {
    err(`De docs-plugin-id ${badIds.map((id) => JSON.stringify(id.length > 60 ? `${id.slice(0, 60)}…` : id)).join(', ')} is geen gewone naam. Een id bestaat uit letters, cijfers, _ en - (zoals Docusaurus eist), want migrate maakt er de bestandsnaam dist-config/sidebars-<id>.yml van. Geef de plugin een andere id en draai migrate opnieuw.`);
    return 1;
  }
  const files = siteFiles(siteDir);
  const sidebars = new Map(Object.entries(evaluated.sidebars).map(([id, s]) => [id, s.value] as const));
  const migrated = migrateSiteConfig(evaluated.config, sidebars, files, siteDir);

  const configDir = path.join(siteDir, 'dist-config');
  fs.mkdirSync(configDir, { recursive: true });
  const written: string[] = [];
  const write = (name: string, text: string) => {
    // Every file goes into dist-config/ itself, whatever its name was made from.
    const target = pathInside(configDir, name);
    if (!target) throw new Error(`migrate zou buiten ${path.join(given, 'dist-config')} schrijven (${JSON.stringify(name)})`);
    fs.writeFileSync(target, text);
    written.push(path.join(given, 'dist-config', name));
  };
  write('site.yml', siteYaml(migrated.site, migrated.comments, evaluated.configFile));
  const created = await createdRedirects(evaluated.config, siteDir, path.join(configDir, 'site.yml'), args, out);
  if (typeof created === 'string') {
    err(created);
    return 1;
  }
  if (created.length) {
    // The rules createRedirects gave join the list, written once more with them.
    const redirects = (migrated.site.redirects ?? {}) as { rules?: unknown[] };
    migrated.site.redirects = { ...redirects, rules: [...(redirects.rules ?? []), ...created] };
    const comments = { ...migrated.comments, redirects: createdComment };
    written.pop();
    write('site.yml', siteYaml(migrated.site, comments, evaluated.configFile));
  }
  for (const sidebar of migrated.sidebars) {
    const from = evaluated.sidebars[sidebar.pluginId]?.file ?? 'sidebars.js';
    write(sidebar.file, `# De zijbalken uit ${from}, als data (npm run migrate). De build leest dit bestand, niet ${from}.\n${stringify(sidebar.data, { lineWidth: 0 })}`);
  }

  out(`Geschreven: ${written.join(', ')}`);
  if (migrated.notes.length) {
    out('');
    out(`Niet overgenomen (${migrated.notes.length}):`);
    for (const note of migrated.notes) out(`- ${note}`);
  } else {
    out('Alles uit de configuratie is overgenomen.');
  }
  const flags = `--content ${shown(given)} --config ${shown(path.join(given, 'dist-config', 'site.yml'))}`;
  out('');
  out('Bouwen (de site komt in dist/):');
  out(`  npm run build -- ${flags}`);
  out('Bekijken tijdens het schrijven (http://localhost:3000):');
  out(`  npm start -- ${flags}`);
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Output piped into `head` may be closed early: the files are written by then, so that is no failure.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => { if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0); else throw e; });
  migrate(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (e: unknown) => {
    process.stderr.write(`migrate is onverwacht gestopt: ${e instanceof Error ? e.message : String(e)}\nDit is een fout in de generator; meld het met deze melding.\n`);
    process.exitCode = 70;
  });
}
