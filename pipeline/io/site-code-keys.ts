/**
 * The keys of what site code gave the pages, for page reuse
 * (pipeline/io/page-reuse.ts). A page sees site code only through what the
 * component box made: the HTML of each use of a component (by `renderKey`:
 * component, props, children) and the HTML and facts of each React page and
 * plugin route. Those are keyed by what they are, not by the code that made
 * them: whatever the code read (its own modules, the site's packages, the
 * plugins' data and global data, `siteConfig`, translations), a page whose
 * every read gives the same result renders the same bytes. The island chunks,
 * their loader and the site's CSS reach every page through the theme, which
 * the site-wide key covers.
 *
 * A use's key starts with `[` (a JSON array), a React page's is its
 * permalink (`/team/`): they cannot be taken for one another, nor for the
 * markdown of a Markdown page, which is keyed by its permalink too but is
 * never a React page's.
 */
import { contentHash } from '../content-hash.ts';
import type { Rendered } from './component-box.ts';
import { reactPagePermalink, type RenderedReactPage } from '../stages/react-pages.ts';

const hashOf = (value: unknown): string => contentHash(JSON.stringify(value), 32);

/** Each use's key → a hash of what the box made of it; each React page's and route's permalink → a hash of the page as it rendered. */
export function siteCodeKeys(renders: ReadonlyMap<string, Rendered>, pages: ReadonlyArray<RenderedReactPage>): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, rendered] of renders) keys.set(key, hashOf(rendered));
  for (const page of pages) keys.set(page.permalink ?? reactPagePermalink(page.rel), hashOf(page));
  return keys;
}
