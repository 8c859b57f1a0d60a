/**
 * The URL path rule for the client router: `/x.html` and `/x/index.html` mean
 * `/x`, so one page has one URL. The build has the same rule
 * (pipeline/stages/shared/paths.ts: the link checker and the preview
 * server); the bundle imports nothing outside theme/client, so it keeps its
 * own, and tests/renderer/shared-rules.test.ts keeps the two the same.
 */

/** `/x.html` and `/x/index.html` mean `/x` (or `/` when empty). */
export const normalisePath = (path: string): string => {
  if (path.endsWith('/index.html')) return path.slice(0, -'/index.html'.length) || '/';
  if (path.endsWith('.html') && path !== '/404.html') return path.slice(0, -'.html'.length) || '/';
  return path;
};
