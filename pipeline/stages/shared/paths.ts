/**
 * URL path rules shared by the link checker and the preview server. The
 * client router keeps its own copy (theme/client/paths.ts), checked equal by
 * tests/renderer/shared-rules.test.ts.
 */

/** `/x.html` and `/x/index.html` mean `/x` (or `/` when empty): one page has one URL. */
export const normalisePath = (path: string): string => {
  if (path.endsWith('/index.html')) return path.slice(0, -'/index.html'.length) || '/';
  if (path.endsWith('.html') && path !== '/404.html') return path.slice(0, -'.html'.length) || '/';
  return path;
};
