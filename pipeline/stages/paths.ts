/** URL path rules shared by the link checker, the preview server and the client router. */

/** Spec section 2: `/x.html` and `/x/index.html` mean `/x` (or `/` when empty). */
export const normalisePath = (path: string): string => {
  if (path.endsWith('/index.html')) return path.slice(0, -'/index.html'.length) || '/';
  if (path.endsWith('.html') && path !== '/404.html') return path.slice(0, -'.html'.length) || '/';
  return path;
};
