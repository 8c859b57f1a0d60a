/**
 * What the browser needs to know about search, from the site configuration:
 * written into the page as `data-search-config` (JSON) and read back by
 * theme/client/search-backend.ts. Only public values: the Typesense
 * search-only key is meant to ship; the admin key is never in the
 * configuration (docs/search.md), and this module reads no environment.
 */
import type { Site } from '../../pipeline/types.ts';
import { searchCollection } from '../../pipeline/published.ts';
import type { ClientSearchConfig } from '../client/search-backend.ts';

/**
 * The `docusaurus_tag` values of this site's records for contextual search:
 * pages, blog posts and each docs plugin's version, as Docusaurus' contextual search names them.
 */
export const contextualTags = (site: Pick<Site, 'versions'>): string[] =>
  ['default', 'blog-posts', ...site.versions.map((v) => `docs-${v.plugin}-${v.name}`)];

export function clientSearchConfig(site: Site, indexUrl: string | null): ClientSearchConfig {
  const { search, url, locale } = site.config;
  const externalHosts = search.externalHosts ?? [];
  const siteOrigin = new URL(url).origin;
  if (search.backend === 'typesense' && search.typesense) {
    const ts = search.typesense;
    return {
      backend: 'typesense',
      typesense: {
        host: ts.host, port: ts.port, protocol: ts.protocol.replace(/:$/, ''), searchOnlyKey: ts.searchOnlyKey,
        collection: searchCollection(site.config), language: locale.lang,
        tags: search.contextualSearch ? contextualTags(site) : null,
        siteOrigin, externalHosts,
      },
    };
  }
  return { backend: 'embedded', index: indexUrl ?? '', siteOrigin, externalHosts };
}
