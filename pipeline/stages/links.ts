/**
 * Stage 7, links: every internal link an author wrote, checked against the
 * route table (landmarks) and the anchors on the target page. Problems point
 * at the link in the source file, never at the rendered page.
 */
import { normalisePath } from './shared/paths.ts';
import type { Content, Route } from '../types.ts';
import { error, warning, type Problem } from '../problem.ts';
import { found, type Result } from '../result.ts';
import { closest } from './shared/text.ts';
import { safeDecode } from './markdown.ts';

export interface LinkCheckInput {
  readonly routes: ReadonlyArray<Route>;
  /** Rendered content by route path, for links and anchors. */
  readonly contents: ReadonlyMap<string, Content>;
  /** Public URLs of assets and other files the build writes. */
  readonly files: ReadonlySet<string>;
  readonly draftPermalinks: ReadonlySet<string>;
  /** Old paths that redirect (pipeline/stages/publish/redirects.ts): a link to one works, with a warning naming the new path. */
  readonly redirects?: ReadonlyArray<{ readonly from: string; readonly to: string }>;
}

export { normalisePath };

/** Stage entry: the problems of every link, in page and link order. */
export function checkLinks(input: LinkCheckInput): Result<void> {
  const paths = new Set(input.routes.map((r) => r.path));
  const moved = new Map((input.redirects ?? []).map((r) => [r.from, r.to] as const));
  return found([...input.contents.values()].flatMap((content) => content.links.flatMap((link) => linkProblems(link, paths, input, moved))));
}

/** What is wrong with one link: nothing, or one problem. */
function linkProblems(link: Content['links'][number], paths: ReadonlySet<string>, input: LinkCheckInput, moved: ReadonlyMap<string, string>): Problem[] {
  const hashAt = link.url.indexOf('#');
  const rawPath = (hashAt === -1 ? link.url : link.url.slice(0, hashAt)).split('?')[0] ?? '';
  const anchor = hashAt === -1 ? '' : safeDecode(link.url.slice(hashAt + 1));
  const written = normalisePath(rawPath);
  if (input.files.has(written) || input.files.has(safeDecode(written))) return [];
  // With or without its trailing slash, a path reaches the same page (as in Docusaurus, and as the server maps it).
  const other = written.endsWith('/') ? written.slice(0, -1) : `${written}/`;
  const path = !paths.has(written) && paths.has(other) ? other : written;
  if (!paths.has(path)) {
    // The old path still works (the redirect page and the server rule), but costs the reader a detour.
    const to = moved.get(written.length > 1 ? written.replace(/\/+$/, '') : written);
    if (to !== undefined) {
      return [warning('link-redirected', link.file, link.place, `De link naar ${written} gaat via een doorverwijzing naar ${to}. Link direct naar ${to}${anchor ? `#${anchor}` : ''}.`)];
    }
    if (input.draftPermalinks.has(path)) {
      return [error('link-to-draft', link.file, link.place, `De link naar ${path} wijst naar een conceptpagina (draft: true), die niet in de productiebuild komt. Haal de link weg of publiceer de pagina.`)];
    }
    const suggestion = closest(path, paths);
    return [error('broken-link', link.file, link.place, `De link naar ${path} gaat nergens heen: die route bestaat niet.${suggestion ? ` Bedoel je ${suggestion}?` : ''} Pas de link aan of maak de pagina.`)];
  }
  const target = anchor ? input.contents.get(path) : undefined;
  if (target && !target.anchors.includes(anchor)) {
    return [warning('broken-anchor', link.file, link.place, `Het anker #${anchor} bestaat niet op ${path}.${target.anchors.length ? ` Bestaande ankers zijn bijvoorbeeld: ${target.anchors.slice(0, 5).map((a) => `#${a}`).join(', ')}.` : ''} Pas de link aan.`)];
  }
  return [];
}
