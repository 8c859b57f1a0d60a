/**
 * Publishing stage: files that let browsers discover the site. Site and theme
 * file names in, `/opensearch.xml` (the search page as a browser search
 * engine) and `/manifest.webmanifest` (name, colours and icons) out.
 */
import type { Site } from '../../types.ts';
import type { OutputFile } from '../../types.ts';
import { absolute, discoveryPaths, iconFiles, themeColour } from '../../published.ts';

export { iconFiles } from '../../published.ts';

/** Short name for OpenSearch (at most 16 characters) and the manifest. */
export const shortName = (site: Site): string => (site.config.shortName ?? site.config.siteName).slice(0, 16);

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function openSearchXml(site: Site): string {
  const searchPage = site.config.search.page ?? '/zoeken';
  const tagline = site.config.tagline.replace('{product}', site.config.product);
  return `<?xml version="1.0" encoding="UTF-8"?>
<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/" xmlns:moz="http://www.mozilla.org/2006/browser/search/">
  <ShortName>${xmlEscape(shortName(site))}</ShortName>
  <LongName>${xmlEscape(site.config.siteName)}</LongName>
  <Description>${xmlEscape(`Zoek in de kennisbank, de blog en de communities van het ${tagline}.`)}</Description>
  <InputEncoding>UTF-8</InputEncoding>
  <Language>${xmlEscape(site.config.locale.lang)}</Language>
  <Image height="16" width="16" type="image/x-icon">${xmlEscape(absolute(site, '/favicon.ico'))}</Image>
  <Url type="text/html" method="get" template="${xmlEscape(absolute(site, searchPage))}?q={searchTerms}"/>
  <Url type="application/opensearchdescription+xml" rel="self" template="${xmlEscape(absolute(site, discoveryPaths.opensearch))}"/>
  <moz:SearchForm>${xmlEscape(absolute(site, searchPage))}</moz:SearchForm>
</OpenSearchDescription>
`;
}

export function manifest(site: Site, files: ReadonlyMap<string, string>): string {
  const url = (name: string) => files.get(name) ?? `/${name}`;
  const { config } = site;
  return `${JSON.stringify({
    name: config.siteName,
    short_name: shortName(site),
    description: config.tagline.replace('{product}', config.product),
    lang: config.locale.lang,
    dir: config.locale.direction,
    start_url: '/',
    scope: '/',
    display: 'minimal-ui',
    background_color: '#ffffff',
    theme_color: themeColour,
    icons: [
      { src: url(iconFiles.svg), sizes: 'any', type: 'image/svg+xml' },
      { src: url(iconFiles.png192), sizes: '192x192', type: 'image/png' },
      { src: url(iconFiles.png512), sizes: '512x512', type: 'image/png' },
      { src: url(iconFiles.maskable512), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  }, null, 2)}\n`;
}

export function buildDiscovery(site: Site, files: ReadonlyMap<string, string>): OutputFile[] {
  return [
    { path: discoveryPaths.opensearch.slice(1), data: openSearchXml(site) },
    { path: discoveryPaths.manifest.slice(1), data: manifest(site, files) },
  ];
}
