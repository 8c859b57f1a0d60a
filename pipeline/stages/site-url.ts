/** Addresses on the production host, from `url` in dist-config/site.yml. */
import type { Site } from './resolve.ts';

/** An absolute address: `/blog` → `https://developer.overheid.nl/blog`. */
export const absolute = (site: Site, path: string): string =>
  `${site.config.url.replace(/\/$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
