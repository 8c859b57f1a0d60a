/**
 * The hydration bundle's entry. Pages work without JavaScript; these islands
 * enhance them. After a client-side navigation they run again on the new page.
 */
import { enhanceCodeBlocks } from './code-copy.ts';
import { enhanceAnnouncement } from './announcement.ts';
import { enhanceDropdowns, hideOnScroll } from './navbar.ts';
import { enhanceMobileMenu } from './mobile-menu.ts';
import { enhanceSidebarCategories } from './sidebar.ts';
import { enhanceColorMode } from './color-mode.ts';
import { enhanceVideoEmbeds } from './video.ts';
import { island, lazy } from './islands.ts';
import { prefetchVisible, startRouter } from './router.ts';
import { storage } from './storage.ts';
import { installSearchShortcut } from './search-shortcut.ts';

const html = document.documentElement;
html.classList.add('js');

let cleanups: Array<() => void> = [];

function page(): void {
  for (const cleanup of cleanups) cleanup();
  cleanups = [];
  // The not-found page is one file served for every unknown path: mark it with the path asked for.
  if (html.dataset.page === '/404.html') html.dataset.page = location.pathname;
  island('navigatiebalk verbergen', () => { cleanups.push(hideOnScroll(document)); });
  island('aankondiging', () => enhanceAnnouncement(document));
  island('navigatiebalk', () => enhanceDropdowns(document));
  island('zijbalk', () => enhanceSidebarCategories(document));
  island('mobiel menu', () => { cleanups.push(enhanceMobileMenu(document)); });
  island('kleurmodus', () => enhanceColorMode(document));
  island('code', () => enhanceCodeBlocks(document));
  island('video', () => enhanceVideoEmbeds(document));
  island('skiplink', () => skipLinkOnHome(document));
  island('docsversie', () => rememberDocsVersion(document));
  const results = document.querySelector('[data-search-results]');
  if (results) lazy('zoeken', results, () => import('./search-page.ts'), (m) => m.enhanceSearchPage(document));
  // Tabs: the tablist, in a chunk only a page with tabs loads.
  const tabs = document.querySelector('[data-tabs]');
  if (tabs) lazy('tabbladen', tabs, () => import('./tabs.ts'), (m) => m.enhanceTabs(document));
  // Diagrams: the full-screen button, in a chunk only a page with a diagram loads.
  const frame = document.querySelector('.diagram');
  const enhanceDiagrams = () => { if (frame) lazy('diagram vergroten', frame, () => import('./diagram.ts'), (m) => m.enhanceDiagrams(document)); };
  enhanceDiagrams();
  // Diagrams the build could not draw (no Chromium): only such a page loads mermaid.
  const diagram = document.querySelector('figure[data-mermaid-lazy]');
  if (diagram) lazy('diagrammen', diagram, () => import('./mermaid-lazy.ts').then((m) => m.renderLazyDiagrams(document)), enhanceDiagrams);
  prefetchVisible(document);
}

/** On the home page the skip link moves focus to the search field. */
function skipLinkOnHome(root: Document): void {
  const input = root.querySelector<HTMLInputElement>('[data-search-input="home"]');
  const skip = root.querySelector<HTMLAnchorElement>('.skip-link');
  if (!input || !skip) return;
  skip.addEventListener('click', (e) => { e.preventDefault(); input.focus(); });
}

/** Remember the docs version per docs plugin (one version today: current). */
function rememberDocsVersion(root: Document): void {
  const docs = root.querySelector<HTMLElement>('[data-docs-plugin]');
  if (docs?.dataset.docsPlugin) storage.set(`docs-preferred-version-${docs.dataset.docsPlugin}`, docs.dataset.docsVersion ?? 'current');
}

page();
startRouter(document, { onPage: page });
// The search modal's shortcuts and button; the modal itself loads on first use.
island('zoekvenster', () => installSearchShortcut(document));
performance.mark('ontwikkelaarsportaal:shell');
