/**
 * The /zoeken page: the query lives in the address parameter `q` (read on
 * load, written as the user types), results grouped per page with the
 * matched words marked. Query text only ever reaches the page as text.
 *
 * Until the backend has answered once (the embedded index is some 250 KB),
 * a search shows "Zoekindex laden…" in a polite live region of its own, so
 * the result count in the status line is the last thing announced.
 */
import { backendFor, readSearchConfig, type SearchBackend, type SearchHit } from './search-backend.ts';
import { markExternal } from './search-result.ts';
import { labels } from './labels.ts';

const pageSize = 10;

/** Shown, and announced politely, while a search waits for the index. */
export const searchLoading = 'Zoekindex laden…';

/** A polite live region for the loading state; empty when nothing is loading. */
export function loadingRegion(className: string): HTMLElement {
  const region = document.createElement('p');
  region.className = className;
  region.setAttribute('aria-live', 'polite');
  return region;
}

/** Shows or clears the loading state in a region made by `loadingRegion`. */
export function setLoading(region: HTMLElement, loading: boolean): void {
  region.textContent = loading ? searchLoading : '';
  region.classList.toggle('is-loading', loading);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The snippet as DOM nodes: matched words wrapped in <mark>, everything else text. */
export function markedSnippet(snippet: string, terms: ReadonlyArray<string>): Node[] {
  const words = terms.filter((t) => t.length > 1).map(escapeRegExp);
  if (words.length === 0) return [document.createTextNode(snippet)];
  const folded = snippet.normalize('NFD').replace(/\p{M}/gu, '');
  const pattern = new RegExp(`(${words.join('|')})`, 'gi');
  const nodes: Node[] = [];
  let last = 0;
  for (const match of folded.matchAll(pattern)) {
    const at = match.index ?? 0;
    // NFD folding keeps indexes only when nothing was decomposed; fall back to plain text then.
    if (folded.length !== snippet.length) return [document.createTextNode(snippet)];
    nodes.push(document.createTextNode(snippet.slice(last, at)));
    const mark = document.createElement('mark');
    mark.textContent = snippet.slice(at, at + match[0].length);
    nodes.push(mark);
    last = at + match[0].length;
  }
  nodes.push(document.createTextNode(snippet.slice(last)));
  return nodes;
}

function resultItem(hit: SearchHit): HTMLLIElement {
  const li = document.createElement('li');
  li.className = 'search-result';
  const link = document.createElement('a');
  link.href = hit.url;
  link.textContent = hit.title;
  if (hit.external) markExternal(link, link, labels.opensInNewTab);
  const heading = document.createElement('h2');
  heading.className = 'search-result-title';
  heading.append(link);
  const crumbs = document.createElement('p');
  crumbs.className = 'search-result-breadcrumbs';
  crumbs.textContent = hit.breadcrumbs.join(' › ');
  const snippet = document.createElement('p');
  snippet.className = 'search-result-snippet';
  snippet.append(...markedSnippet(hit.snippet, hit.terms));
  li.append(heading, crumbs, snippet);
  return li;
}

export function enhanceSearchPage(root: Document, backend?: SearchBackend): void {
  const container = root.querySelector<HTMLElement>('[data-search-results]');
  const input = root.querySelector<HTMLInputElement>('#search-page-input');
  const form = input?.form;
  if (!container || !input || !form) return;
  const externalHosts = (container.dataset.externalHosts ?? '').split(',').filter(Boolean);
  // The backend the configuration chose (data-search-config); an older page only names the embedded index.
  const search = backend ?? backendFor(readSearchConfig(container.dataset.searchConfig)
    ?? { backend: 'embedded', index: container.dataset.searchResults ?? '', siteOrigin: null, externalHosts });
  const loading = loadingRegion('search-loading');
  const status = root.createElement('p');
  status.className = 'search-status';
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  const list = root.createElement('ol');
  list.className = 'search-result-list';
  const sentinel = root.createElement('div');
  container.replaceChildren(loading, status, list, sentinel);
  /** The backend has answered once: later searches need no loading state. */
  let ready = false;

  let hits: ReadonlyArray<SearchHit> = [];
  let shown = 0;
  let generation = 0;
  const showMore = () => {
    const next = hits.slice(shown, shown + pageSize);
    list.append(...next.map((hit) => resultItem(hit)));
    shown += next.length;
  };
  new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting) && shown < hits.length) showMore(); }).observe(sentinel);

  const run = async (query: string) => {
    const mine = ++generation;
    const url = new URL(location.href);
    if (query) url.searchParams.set('q', query); else url.searchParams.delete('q');
    history.replaceState(history.state, '', url);
    list.replaceChildren();
    hits = [];
    shown = 0;
    status.classList.remove('search-status-failed');
    if (!query.trim()) { status.textContent = ''; setLoading(loading, false); return; }
    if (!ready) { status.textContent = ''; setLoading(loading, true); }
    const result = await search.search(query);
    if (mine !== generation) return; // a newer query has started
    setLoading(loading, false);
    if (!result.ok) {
      status.classList.add('search-status-failed');
      status.replaceChildren(Object.assign(root.createElement('strong'), { textContent: labels.searchFailed }), root.createElement('br'), root.createTextNode(labels.searchFailedHelp));
      return;
    }
    ready = true;
    hits = result.hits;
    status.textContent = hits.length ? labels.documentsFound(hits.length) : labels.noResults;
    showMore();
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void run(input.value), 200);
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    clearTimeout(timer);
    void run(input.value);
  });
  const initial = new URL(location.href).searchParams.get('q') ?? '';
  input.value = initial;
  if (initial) void run(initial);
}
