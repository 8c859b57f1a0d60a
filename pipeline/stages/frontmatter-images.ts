/**
 * The `image` front matter of every page must name a file the site has, as
 * Docusaurus requires: a path relative to the page's file (an asset beside
 * the content) or a site path (a file of a static folder). An https address
 * is not checked. The theme makes it the page's social card.
 */
import { posix } from 'node:path';
import { error, type Problem } from '../problem.ts';
import { urlKind } from '../safety/urls.ts';
import type { Assets } from './assets.ts';
import type { Site } from '../types.ts';

/** Problems of every page whose `image` names no file: one at the field. */
export function frontmatterImageProblems(site: Site, assets: Assets, staticPaths: ReadonlySet<string>): Problem[] {
  return [...site.docs, ...site.posts, ...site.pages].flatMap(({ entry }) => {
    const image = entry.frontmatter.image?.trim();
    if (!image || urlKind(image).kind !== 'site') return [];
    const found = image.startsWith('/')
      ? staticPaths.has(image.slice(1).split(/[?#]/)[0] ?? '')
      : assets.has(posix.normalize(posix.join(posix.dirname(entry.file.path), image.split(/[?#]/)[0] ?? '')));
    return found ? [] : [error('broken-image', entry.file.display, entry.locate(['image']), image.startsWith('/')
      ? `De afbeelding \`image: ${image}\` staat niet in een statische map (gezocht: ${image.slice(1)} in ${site.config.layout.static.join(', ') || 'geen statische map'}). Controleer het pad, of zet het bestand daar.`
      : `De afbeelding \`image: ${image}\` bestaat niet naast deze pagina. Controleer het pad (relatief aan dit bestand).`)];
  });
}
