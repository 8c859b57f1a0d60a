/**
 * The hydration bundle's entry: small progressive enhancements on top of
 * pages that already work without JavaScript. Each island is one function
 * of the document; none of them is needed to read a page.
 */
import { enhanceCodeBlocks } from './code-copy.ts';
import { enhanceShell } from './shell.ts';

document.documentElement.classList.add('js');
// The not-found page is one file served for every unknown path: mark it with the path asked for.
if (document.documentElement.dataset.page === '/404.html') document.documentElement.dataset.page = location.pathname;
enhanceShell(document);
enhanceCodeBlocks(document);

// The search UI and its index load only on the page that needs them.
if (document.querySelector('[data-search-results]')) {
  void import('./search-page.ts').then((m) => m.enhanceSearchPage(document));
}
