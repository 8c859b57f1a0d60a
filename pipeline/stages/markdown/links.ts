/**
 * Links and link definitions: refuses script addresses, rewrites relative
 * `.md` links and asset links to their site URLs, and records every internal
 * link with its place for the link checker (pipeline/stages/links.ts).
 */
import { posix } from 'node:path';
import type { Definition, Link } from 'mdast';
import type { Assets } from '../assets.ts';
import { error, placeOf, type Place, type Problem } from '../../problem.ts';
import type { LinkRef } from '../../types.ts';
import { disguisedMessage, externalUrl, urlKind } from '../../safety/urls.ts';
import { resolveContentPath, safeDecode, splitHash } from './urls.ts';
import type { Handler } from './walk.ts';

/** The page the links are written in. */
export interface LinkPage {
  /** Content path, for resolving relative links. */
  readonly path: string;
  /** Path as shown in messages. */
  readonly display: string;
  readonly permalink: string;
}

/** What links resolve against: the same for every page of a build. */
export interface LinkSite {
  /** Content path → permalink. */
  readonly permalinks: ReadonlyMap<string, string>;
  /** Content paths of drafts left out of this build. */
  readonly drafts: ReadonlySet<string>;
  /** Content paths of Markdown files that exist but could not be built (their own problems say why). Left out: none. */
  readonly unbuilt?: ReadonlySet<string>;
  /** Every permalink, made once per build; left out, made from `permalinks` per page. */
  readonly routes?: ReadonlySet<string>;
  readonly assets: Assets;
}

export interface LinkTargets {
  readonly link: Handler<Link>;
  /** `[naam]: javascript:…` would reach every `[tekst][naam]` that uses it: definitions get the same rules. */
  readonly definition: Handler<Definition>;
  /** Records a site path the page uses besides its links (an image in a static folder), for the link checker. */
  readonly record: (url: string, place: Place) => void;
  /**
   * An address written where no Markdown link is (raw HTML `<a href>`, a
   * DocCard's item): held to the same rule as a link, and recorded for the
   * link checker when it is a page of the site. It is not rewritten: the
   * problems say what is wrong with it.
   */
  readonly href: (url: string, place: Place) => Problem[];
  /** The internal links of the page, in document order, as the walk finds them. */
  readonly links: ReadonlyArray<LinkRef>;
}

const scriptLink = (file: string, place: Place, scheme: string): Problem =>
  error('unsafe-html', file, place, `Een link naar een ${scheme}:-adres is niet toegestaan: zulke links voeren code uit in de browser van de lezer. Gebruik een gewone https-link.`);

/**
 * The problem of an address the site never links to, by the one URL rule
 * (script, or another host disguised as a path); null when it may be a link.
 */
export function refusedLink(url: string, file: string, place: Place): Problem | null {
  const kind = urlKind(url);
  return kind.kind === 'script' ? scriptLink(file, place, kind.scheme)
    : kind.kind === 'disguised' ? error('disguised-url', file, place, disguisedMessage(url))
      : null;
}

/** Where an internal link goes: the URL the page shows, the link to check, or why it cannot go anywhere. */
interface Resolved {
  readonly url: string;
  readonly link?: LinkRef;
  readonly problem?: Problem;
}

/** The URL before its `?`, and the `?` part (empty when there is none). */
const splitQuery = (url: string): [string, string] => {
  const i = url.indexOf('?');
  return i === -1 ? [url, ''] : [url.slice(0, i), url.slice(i)];
};

/** A target that names a file (`.md`, an image, a download), as opposed to a route (`../tags`, `./cloud/`). */
const namesFile = (target: string): boolean => /\.[a-z0-9]{1,5}$/i.test(target) && !/\.html?$/i.test(target);

/**
 * The permalink a route-like URL means: the one written, or the same with or
 * without its trailing slash when only that one is a page (`./cloud` and
 * `./cloud/` both reach a folder's index page, as in Docusaurus).
 */
function canonicalRoute(path: string, permalinks: ReadonlySet<string>): string {
  if (permalinks.has(path) || path === '/') return path;
  const other = path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
  return permalinks.has(other) ? other : path;
}

/** An internal link's site URL (a `.md` file's permalink, an asset's URL, a route relative to the page). */
export function internalLink(url: string, place: Place, page: LinkPage, site: LinkSite, routes: ReadonlySet<string> = new Set(site.permalinks.values())): Resolved {
  const file = page.display;
  const [beforeHash, hash] = splitHash(url);
  const [target, query] = splitQuery(beforeHash);
  // Only a query and/or a hash (`#kop`, `?tab=x#kop`): the same page.
  if (target === '') return { url, link: { url: `${page.permalink}${hash}`, file, place } };
  const markdown = /\.mdx?$/i.test(target);
  if (target.startsWith('/') && !markdown) {
    const path = canonicalRoute(target, routes);
    return { url: `${path}${query}${hash}`, link: { url: `${path}${hash}`, file, place } };
  }
  // An absolute `.md` path is a file, as Docusaurus reads it: in the page's own content folder, else from the content root.
  const contentPath = target.startsWith('/') ? absoluteMarkdown(page.path, target, site.permalinks) : resolveContentPath(page.path, target);
  if (markdown) {
    if (contentPath === null) return { url, problem: outside(url, file, place) };
    const permalink = site.permalinks.get(contentPath);
    if (permalink) return { url: `${permalink}${query}${hash}`, link: { url: `${permalink}${hash}`, file, place } };
    return {
      url,
      problem: site.drafts.has(contentPath)
        ? error('link-to-draft', file, place, `De link "${url}" wijst naar een conceptpagina (draft: true), die niet in de productiebuild komt. Haal de link weg of publiceer de pagina.`)
        : site.unbuilt?.has(contentPath)
          ? error('broken-markdown-link', file, place, `De link "${url}" wijst naar ${contentPath}, maar die pagina kon niet worden gebouwd: dat bestand heeft zelf fouten (zie de meldingen bij dat bestand). Herstel die fouten; dan werkt deze link ook.`)
          : error('broken-markdown-link', file, place, `De link "${url}" wijst naar content/${contentPath}, maar dat bestand bestaat niet. Controleer het pad (relatief aan dit bestand).`),
    };
  }
  const asset = contentPath === null ? undefined : site.assets.get(contentPath);
  if (asset) return { url: asset.url };
  // A file beside the content that is not there and that no URL could mean instead.
  if (contentPath === null && namesFile(target)) return { url, problem: outside(url, file, place) };
  // A relative route such as `../tags` or `../../communities/foo/`: a URL relative to this page's URL, as a browser resolves it.
  // One that climbs above the site root is not on the site, also when it does so only with its escapes decoded
  // (`%2F` as a slash, as a file path is read).
  const resolved = relativeUrl(page.permalink, target);
  if (resolved === null || relativeUrl(page.permalink, safeDecode(target)) === null) return { url, problem: outside(url, file, place) };
  const path = canonicalRoute(resolved, routes);
  return { url: `${path}${query}${hash}`, link: { url: `${path}${hash}`, file, place } };
}

/** The content path an absolute `.md` link names: under the page's top folder when a page is there, else under the content root. */
function absoluteMarkdown(from: string, target: string, permalinks: ReadonlyMap<string, string>): string | null {
  const top = from.includes('/') ? from.slice(0, from.indexOf('/')) : '';
  const inRoot = resolveContentPath('', `.${target}`);
  const inArea = top ? resolveContentPath(`${top}/index.md`, `.${target}`) : null;
  return inArea !== null && permalinks.has(inArea) ? inArea : inRoot;
}

/**
 * 1 for a single-dot path segment, 2 for a double-dot one, else 0, as the
 * URL standard reads them: `%2e` counts as a dot, in any case (`%2e%2e`,
 * `.%2E`), so a browser climbs on `%2e%2e` as on `..`.
 */
const dotSegment = (segment: string): 0 | 1 | 2 => {
  const dots = segment.toLowerCase().replaceAll('%2e', '.');
  return dots === '.' ? 1 : dots === '..' ? 2 : 0;
};

/**
 * `target` resolved against the URL of the page at `permalink`, as a browser
 * does; null when it climbs above the site root (a browser would stop at the
 * root, so the author meant something that is not on the site).
 */
function relativeUrl(permalink: string, target: string): string | null {
  const base = permalink.endsWith('/') ? permalink : `${posix.dirname(permalink)}/`;
  const parts = base.split('/').filter(Boolean);
  for (const segment of target.split('/').slice(0, -1)) {
    if (dotSegment(segment) === 2) {
      if (parts.length === 0) return null;
      parts.pop();
    } else if (dotSegment(segment) === 0 && segment !== '') parts.push(segment);
  }
  const last = target.split('/').pop() ?? '';
  if (dotSegment(last) === 2) {
    if (parts.length === 0) return null;
    parts.pop();
    return `/${parts.join('/')}${parts.length ? '/' : ''}`;
  }
  const tail = dotSegment(last) === 1 || last === '' ? '' : last;
  const folder = `/${parts.join('/')}${parts.length ? '/' : ''}`;
  return `${folder}${tail}`;
}

const outside = (url: string, file: string, place: Place): Problem =>
  error('link-outside-content', file, place, `De link "${url}" wijst naar een bestand buiten de contentmap. Verwijs naar een pagina binnen content/ of gebruik een volledige URL.`);

/** The link job of one page. */
export function linkTargets(page: LinkPage, site: LinkSite): LinkTargets {
  const links: LinkRef[] = [];
  const routes = site.routes ?? new Set(site.permalinks.values());

  /** Rewrites an internal URL in place; the problem, if any, goes back to the walk. */
  const resolve = (node: Link | Definition) => {
    const resolved = internalLink(node.url, placeOf(node), page, site, routes);
    node.url = resolved.url;
    if (resolved.link) links.push(resolved.link);
    return resolved.problem ? { problems: [resolved.problem] } : undefined;
  };

  const link: Handler<Link> = (node) => {
    // Docusaurus' escape for a site path it should leave alone (a file in a static folder): the path as written, still checked.
    const plain = /^pathname:\/\/(\/[^/].*|\/)$/i.exec(node.url)?.[1];
    const refused = refusedLink(plain ?? node.url, page.display, placeOf(node));
    if (refused) {
      node.url = '#';
      return { problems: [refused] };
    }
    if (plain) {
      node.url = plain;
      const [path, hash] = splitHash(plain);
      links.push({ url: `${path.split('?')[0] ?? path}${hash}`, file: page.display, place: placeOf(node) });
      return undefined;
    }
    if (externalUrl(node.url)) return undefined;
    return resolve(node);
  };

  const definition: Handler<Definition> = (node) => {
    const refused = refusedLink(node.url, page.display, placeOf(node));
    if (refused) {
      node.url = '#';
      return { problems: [refused] };
    }
    return externalUrl(node.url) ? undefined : resolve(node);
  };

  const record = (url: string, place: Place) => {
    links.push({ url, file: page.display, place });
  };

  const href = (url: string, place: Place): Problem[] => {
    const refused = refusedLink(url, page.display, place);
    if (refused) return [refused];
    if (externalUrl(url)) return [];
    const resolved = internalLink(url, place, page, site, routes);
    if (resolved.link) links.push(resolved.link);
    return resolved.problem ? [resolved.problem] : [];
  };

  return { link, definition, record, href, links };
}
