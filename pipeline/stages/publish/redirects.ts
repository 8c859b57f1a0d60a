/**
 * Redirects: old URLs that move to new ones (`redirects` in site.yml, as
 * Docusaurus' client-redirects plugin has them). Pure: the configuration and
 * the paths that exist come in; the redirects, each old path once and
 * straight to its final page, and the problems go out. The build writes a
 * small page at every old path (`redirectPage`); the servers get a 301 rule
 * for each (pipeline/stages/server-config/redirect-rules.ts, `npm run server-config`).
 */
import type { Config, FieldPath } from '../../types.ts';
import { error, startOfFile, type Place, type Problem } from '../../problem.ts';
import { withProblems, type Result } from '../../result.ts';
import { normalisePath } from '../shared/paths.ts';

export interface Redirect {
  /** The old path, as normalisePath gives it (`/oud`). */
  readonly from: string;
  /** The page it moves to (`/nieuw`). */
  readonly to: string;
}

/**
 * A path a redirect may hold: `/` and plain segments of letters, digits and
 * `. _ ~ -`. Both paths end up in the nginx and Caddy configurations; with no
 * quote, space, brace, `$`, `?`, `%` or backslash in them, none can change a rule.
 */
export const isRedirectPath = (p: string): boolean =>
  /^\/(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*(?:\/[A-Za-z0-9._~-]+)*\/?)?$/.test(p) && !/(^|\/)\.{1,2}(\/|$)/.test(p);

/** An extension as `fromExtensions` and `toExtensions` take it: letters and digits, with or without its dot. */
export const extensionOf = (e: string): string | null => (/^\.?[A-Za-z0-9]+$/.test(e) ? e.replace(/^\./, '') : null);

/** A path without its trailing slash (`/` stays): `/oud/` and `/oud` are one old path. */
export const barePath = (p: string): string => normalisePath(p.length > 1 ? p.replace(/\/+$/, '') : p);

export interface RedirectInput {
  readonly config: Pick<Config, 'redirects'>;
  readonly configFile: string;
  readonly configPlace?: (path: FieldPath) => Place;
  /** Every page's path (routes). */
  readonly pages: ReadonlyArray<string>;
  /** Other files the build writes (assets, static files), by public path: a redirect may go there too. */
  readonly files: ReadonlySet<string>;
}

/** Stage entry: the site's redirects, sorted by old path, with what is wrong with the configured ones. */
export function redirectsOf(input: RedirectInput): Result<ReadonlyArray<Redirect>> {
  const { config, configFile } = input;
  const place = (path: FieldPath) => input.configPlace?.(path) ?? startOfFile;
  const pages = new Set(input.pages.map(barePath));
  const exists = (p: string) => pages.has(p) || input.files.has(p);
  const problems: Problem[] = [];
  const rules = config.redirects?.rules ?? [];

  // The configured rules, each old path once.
  const target = new Map<string, { to: string; at: FieldPath }>();
  rules.forEach((rule, i) => {
    const to = barePath(rule.to);
    if (!isRedirectPath(rule.to)) {
      problems.push(error('redirect-path-invalid', configFile, place(['redirects', 'rules', i, 'to']), invalidPath(rule.to)));
      return;
    }
    const froms = typeof rule.from === 'string' ? [rule.from] : rule.from;
    froms.forEach((raw, j) => {
      const at: FieldPath = typeof rule.from === 'string' ? ['redirects', 'rules', i, 'from'] : ['redirects', 'rules', i, 'from', j];
      if (!isRedirectPath(raw)) return void problems.push(error('redirect-path-invalid', configFile, place(at), invalidPath(raw)));
      const from = barePath(raw);
      if (from === to) return void problems.push(error('redirect-loop', configFile, place(at), `De doorverwijzing van ${from} wijst naar zichzelf. Haal hem weg.`));
      if (pages.has(from)) return void problems.push(error('redirect-from-page', configFile, place(at), `${from} is een pagina van de site en kan daarom niet doorverwijzen naar ${to}: de pagina zou onbereikbaar worden. Haal de doorverwijzing weg, of verplaats of verwijder de pagina.`));
      const earlier = target.get(from);
      if (earlier && earlier.to !== to) return void problems.push(error('redirect-duplicate', configFile, place(at), `${from} verwijst al door naar ${earlier.to}; een tweede doorverwijzing naar ${to} kan niet. Houd er één.`));
      if (!earlier) target.set(from, { to, at });
    });
  });

  // Chains (a → b → c) go straight to their end; a chain that comes back is a loop.
  const final = new Map<string, string>();
  for (const [from, { to, at }] of target) {
    const seen = [from];
    let end = to;
    while (target.has(end) && !seen.includes(end)) {
      seen.push(end);
      end = target.get(end)!.to;
    }
    if (seen.includes(end)) {
      problems.push(error('redirect-loop', configFile, place(at), `De doorverwijzingen vormen een kring: ${[...seen, end].join(' → ')}. Laat ${from} naar een bestaande pagina wijzen.`));
    } else if (!exists(end)) {
      problems.push(error('redirect-target-missing', configFile, place(at), `De doorverwijzing van ${from} wijst naar ${end}, maar die pagina bestaat niet. Pas het doel aan of maak de pagina.`));
    } else {
      final.set(from, end);
    }
  }

  // Extensions over every page, as Docusaurus makes them: never over a page or a configured old path.
  const extensions = (key: 'fromExtensions' | 'toExtensions') => (config.redirects?.[key] ?? []).flatMap((e, i) => {
    const ext = extensionOf(e);
    if (ext === null) problems.push(error('redirect-path-invalid', configFile, place(['redirects', key, i]), `${JSON.stringify(e)} is geen extensie: geef letters en cijfers, zoals php of htm.`));
    return ext === null ? [] : [ext];
  });
  const free = (from: string) => !pages.has(from) && !target.has(from) && !final.has(from);
  for (const ext of extensions('fromExtensions')) {
    for (const page of pages) {
      const from = `${page}.${ext}`;
      // .html is already one URL with its page (normalisePath, and the servers' rules).
      if (page !== '/' && barePath(from) !== page && free(from)) final.set(from, page);
    }
  }
  for (const ext of extensions('toExtensions')) {
    for (const page of pages) {
      const from = page.endsWith(`.${ext}`) ? page.slice(0, -ext.length - 1) : null;
      if (from && from !== '' && free(from)) final.set(from, page);
    }
  }
  const redirects = [...final].map(([from, to]) => ({ from, to })).sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  return withProblems(redirects, problems);
}

const invalidPath = (p: string): string =>
  `${JSON.stringify(p)} kan geen doorverwijzing zijn: een pad begint met / en bevat alleen letters, cijfers, /, ., _, ~ en - (geen spaties, ? of #). Pas het pad aan.`;

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The page at an old path, for servers without the redirect rules (and for the
 * preview server): it moves on at once with a meta refresh (which the
 * Content-Security-Policy does not govern, and which needs no script), names the
 * new page as canonical, keeps itself out of search engines, and shows the link
 * for whoever's browser does not move on.
 */
export function redirectPage(redirect: Redirect, siteUrl: string): string {
  const to = escapeHtml(redirect.to);
  const absolute = escapeHtml(`${siteUrl.replace(/\/+$/, '')}${redirect.to}`);
  return [
    '<!doctype html>',
    '<html lang="nl">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Deze pagina is verhuisd</title>',
    '<meta name="robots" content="noindex">',
    `<meta http-equiv="refresh" content="0; url=${to}">`,
    `<link rel="canonical" href="${absolute}">`,
    '</head>',
    '<body>',
    '<main>',
    '<h1>Deze pagina is verhuisd</h1>',
    `<p>Deze pagina is verhuisd naar <a href="${to}">${absolute}</a>.</p>`,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
