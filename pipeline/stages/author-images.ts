/**
 * An author's picture in authors.yml that is a site path (`/img/jan.png`)
 * must be a file of a static folder, as a page's `image` must. A path beside
 * authors.yml (`./img/jan.png`) the theme publishes when it exists, and an
 * address (`https:`) is not checked. The problem points at the picture's line
 * in authors.yml; a picture written in a post is the post's own.
 */
import { error, type Problem } from '../problem.ts';
import { urlKind } from '../safety/urls.ts';
import type { Site } from '../types.ts';

/** Problems of every author whose picture names no file: one at the field. */
export function authorImageProblems(site: Site, staticPaths: ReadonlySet<string>): Problem[] {
  const { layout } = site.config;
  return site.authors.flatMap((author) => {
    const image = author.imageUrl?.trim();
    if (!image || !author.imageAt || urlKind(image).kind !== 'site') return [];
    const path = image.split(/[?#]/)[0] ?? '';
    if (!path.startsWith('/') || staticPaths.has(path.slice(1))) return [];
    return [error('broken-image', author.imageAt.file, author.imageAt.place,
      `De foto van ${author.name} (${image}) staat niet in een statische map (gezocht: ${path.slice(1)} in ${layout.static.join(', ') || 'geen statische map'}). Controleer het pad, of zet het bestand daar.`)];
  });
}
