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
import { externalUrl, resolveContentPath, splitHash, unsafeUrl } from './urls.ts';
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
  readonly assets: Assets;
}

export interface LinkTargets {
  readonly link: Handler<Link>;
  /** `[naam]: javascript:…` would reach every `[tekst][naam]` that uses it: definitions get the same rules. */
  readonly definition: Handler<Definition>;
  /** The internal links of the page, in document order, as the walk finds them. */
  readonly links: ReadonlyArray<LinkRef>;
}

const scriptLink = (file: string, place: Place, scheme: string): Problem =>
  error('unsafe-html', file, place, `Een link naar een ${scheme}:-adres is niet toegestaan: zulke links voeren code uit in de browser van de lezer. Gebruik een gewone https-link.`);

/** Where an internal link goes: the URL the page shows, the link to check, or why it cannot go anywhere. */
interface Resolved {
  readonly url: string;
  readonly link?: LinkRef;
  readonly problem?: Problem;
}

/** An internal link's site URL (a `.md` file's permalink, an asset's URL, a route relative to the page). */
export function internalLink(url: string, place: Place, page: LinkPage, site: LinkSite): Resolved {
  const file = page.display;
  const [target, hash] = splitHash(url);
  if (target === '') return { url, link: { url: `${page.permalink}${hash}`, file, place } };
  if (target.startsWith('/')) return { url, link: { url, file, place } };
  const contentPath = resolveContentPath(page.path, target);
  if (contentPath === null) {
    return { url, problem: error('link-outside-content', file, place, `De link "${url}" wijst naar een bestand buiten de contentmap. Verwijs naar een pagina binnen content/ of gebruik een volledige URL.`) };
  }
  if (/\.mdx?$/i.test(target)) {
    const permalink = site.permalinks.get(contentPath);
    if (permalink) return { url: `${permalink}${hash}`, link: { url: `${permalink}${hash}`, file, place } };
    return {
      url,
      problem: site.drafts.has(contentPath)
        ? error('link-to-draft', file, place, `De link "${url}" wijst naar een conceptpagina (draft: true), die niet in de productiebuild komt. Haal de link weg of publiceer de pagina.`)
        : error('broken-markdown-link', file, place, `De link "${url}" wijst naar content/${contentPath}, maar dat bestand bestaat niet. Controleer het pad (relatief aan dit bestand).`),
    };
  }
  const asset = site.assets.get(contentPath);
  if (asset) return { url: asset.url };
  // A relative route such as `../tags`: resolve against this page's URL.
  const base = page.permalink.endsWith('/') ? page.permalink : posix.dirname(page.permalink) + '/';
  const resolved = `${posix.normalize(posix.join(base, target))}${hash}`;
  return { url: resolved, link: { url: resolved, file, place } };
}

/** The link job of one page. */
export function linkTargets(page: LinkPage, site: LinkSite): LinkTargets {
  const links: LinkRef[] = [];

  /** Rewrites an internal URL in place; the problem, if any, goes back to the walk. */
  const resolve = (node: Link | Definition) => {
    const resolved = internalLink(node.url, placeOf(node), page, site);
    node.url = resolved.url;
    if (resolved.link) links.push(resolved.link);
    return resolved.problem ? { problems: [resolved.problem] } : undefined;
  };

  const link: Handler<Link> = (node) => {
    const scheme = unsafeUrl(node.url);
    if (scheme) {
      node.url = '#';
      return { problems: [scriptLink(page.display, placeOf(node), scheme)] };
    }
    if (externalUrl.test(node.url) || node.url.startsWith('//')) return undefined;
    return resolve(node);
  };

  const definition: Handler<Definition> = (node) => {
    const scheme = unsafeUrl(node.url);
    if (scheme) {
      node.url = '#';
      return { problems: [scriptLink(page.display, placeOf(node), scheme)] };
    }
    return externalUrl.test(node.url) ? undefined : resolve(node);
  };

  return { link, definition, links };
}
