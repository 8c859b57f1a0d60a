/**
 * The search modal, loaded on first use by search-shortcut.ts.
 *
 * A dialog (role=dialog, aria-modal) over an inert page: a combobox input that owns a listbox of
 * results (aria-activedescendant: focus stays in the input, arrow keys move the active result,
 * Enter opens it), one result per page with its breadcrumb and the matched words marked. Tab
 * cycles inside the dialog; Escape, the close button, a click beside it or the shortcut again
 * close it and focus returns to where it was. The query only ever reaches the page as text.
 * Until a backend has answered once (the embedded index loads on the first search), the body
 * shows "Zoekindex laden…", announced by a polite live region of its own.
 */
import { backendFor, readSearchConfig, type SearchBackend, type SearchHit, type SearchResult } from './search-backend.ts';
import { loadingRegion, markedSnippet, setLoading } from './search-page.ts';
import { markExternal } from './search-result.ts';
import { storage } from './storage.ts';
import { labels } from './labels.ts';

/** Results shown in the modal; the footer links to the search page for all of them. */
const shown = 10;
const debounce = 120;
const recentKey = 'search-recent';
const recentMax = 5;
const id = (name: string) => `search-modal-${name}`;

export interface OpenOptions {
  /** The navbar's search link or button: carries the configuration (theme/shell/search-modal-data.ts). */
  readonly trigger: HTMLElement;
  /** Where focus goes back to on close. */
  readonly opener: HTMLElement | null;
  /** Text to start with (a letter typed on the search button). */
  readonly query: string;
}

interface Settings {
  /** Null when the page's search configuration is missing or broken: every search then fails. */
  readonly backend: SearchBackend | null;
  readonly searchPage: string;
  readonly ideaUrl: string;
  readonly suggestions: ReadonlyArray<string>;
}

/** One backend per configuration, so the index loads once however often the modal opens. */
const backends = new Map<string, SearchBackend | null>();
/** Backends that have answered a search: their index is there, no loading state any more. */
const answered = new WeakSet<SearchBackend>();

function settingsOf(trigger: HTMLElement): Settings {
  const data = trigger.dataset;
  const json = data.searchConfig ?? '';
  let backend = backends.get(json);
  if (backend === undefined) {
    const config = readSearchConfig(json);
    backend = config ? backendFor(config) : null;
    backends.set(json, backend);
  }
  let suggestions: unknown = [];
  try { suggestions = JSON.parse(data.suggestions ?? '[]'); } catch { /* no suggestions then */ }
  return {
    backend,
    searchPage: data.searchPage ?? '',
    ideaUrl: data.ideaUrl ?? '',
    suggestions: Array.isArray(suggestions) ? suggestions.filter((s): s is string => typeof s === 'string') : [],
  };
}

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, ...children: Array<Node | string>): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
};

const button = (className: string, text: string, onClick: () => void) => {
  const b = el('button', className, text);
  b.type = 'button';
  b.addEventListener('click', onClick);
  return b;
};

function recentSearches(): string[] {
  try {
    const value: unknown = JSON.parse(storage.get(recentKey) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, recentMax) : [];
  } catch {
    storage.set(recentKey, null);
    return [];
  }
}

const remember = (query: string) => {
  const q = query.trim();
  if (q) storage.set(recentKey, JSON.stringify([q, ...recentSearches().filter((r) => r !== q)].slice(0, recentMax)));
};

/** One result: a link with role=option, named by its content (label in name, WCAG 2.5.3). */
function resultOption(hit: SearchHit, i: number): HTMLAnchorElement {
  const option = el('a', 'search-modal-hit');
  option.id = id(`option-${i}`);
  option.href = hit.url;
  option.tabIndex = -1;
  option.setAttribute('role', 'option');
  option.setAttribute('aria-selected', 'false');
  const title = el('span', 'search-modal-hit-title', ...markedSnippet(hit.title, hit.terms));
  if (hit.external) markExternal(option, title, labels.opensInNewTab);
  option.append(title);
  if (hit.breadcrumbs.length > 0) option.append(el('span', 'search-modal-hit-crumbs', hit.breadcrumbs.join(' › ')));
  if (hit.snippet) option.append(el('span', 'search-modal-hit-snippet', ...markedSnippet(hit.snippet, hit.terms)));
  return option;
}

interface Ui {
  readonly root: HTMLElement;
  readonly dialog: HTMLElement;
  readonly input: HTMLInputElement;
  readonly list: HTMLElement;
  readonly message: HTMLElement;
  readonly status: HTMLElement;
  readonly loading: HTMLElement;
  readonly footer: HTMLElement;
}

let ui: Ui | null = null;
let settings: Settings | null = null;
let opener: HTMLElement | null = null;
let madeInert: HTMLElement[] = [];
let options: HTMLAnchorElement[] = [];
let active = -1;
let generation = 0;
let inFlight: AbortController | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let open = false;

export const isOpen = (): boolean => open && ui?.root.isConnected === true;

function build(): Ui {
  const input = el('input', 'search-modal-input');
  input.id = id('input');
  input.type = 'search';
  input.autocomplete = 'off';
  input.spellcheck = false;
  input.enterKeyHint = 'search';
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', id('results'));
  const label = el('label', 'visually-hidden', labels.searchLabel);
  label.htmlFor = input.id;
  const form = el('form', 'search-modal-form', label, input, button('search-modal-close', labels.searchModalClose, () => closeSearchModal()));
  form.setAttribute('role', 'search');
  form.addEventListener('submit', (e) => e.preventDefault());

  const list = el('div', 'search-modal-results');
  list.id = id('results');
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', labels.searchResults);
  list.hidden = true;
  const status = el('p', 'visually-hidden');
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  const loading = loadingRegion('search-loading search-modal-loading');
  const message = el('div', 'search-modal-message');
  const footer = el('p', 'search-modal-footer');
  footer.hidden = true;
  const keys = el('p', 'search-modal-keys', labels.searchKeys);
  keys.setAttribute('aria-hidden', 'true');

  const dialog = el('div', 'search-modal', form, el('div', 'search-modal-body', status, loading, list, message), footer, keys);
  dialog.id = id('dialog');
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-label', labels.searchTitle);
  const root = el('div', 'search-modal-root', dialog);
  root.hidden = true;

  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void run(input.value), debounce);
  });
  input.addEventListener('keydown', onInputKey);
  dialog.addEventListener('keydown', onDialogKey);
  // A click beside the dialog closes it; a click on a result or the footer link leaves it.
  root.addEventListener('mousedown', (e) => {
    if (e.target !== root) return;
    e.preventDefault(); // else the click moves focus to the page after it went back to the opener
    closeSearchModal();
  });
  list.addEventListener('mousemove', (e) => {
    const hit = (e.target as Element).closest('[role="option"]');
    const i = options.indexOf(hit as HTMLAnchorElement);
    if (i >= 0 && i !== active) setActive(i, false);
  });
  dialog.addEventListener('click', (e) => {
    const link = (e.target as Element).closest<HTMLAnchorElement>('a[href]');
    if (!link || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    if (link.classList.contains('search-modal-hit') || link.closest('.search-modal-footer')) remember(input.value);
    closeSearchModal(false);
  });
  return { root, dialog, input, list, message, status, loading, footer };
}

function setActive(i: number, scroll = true): void {
  if (!ui) return;
  options[active]?.setAttribute('aria-selected', 'false');
  active = i;
  const option = options[i];
  if (option) {
    option.setAttribute('aria-selected', 'true');
    ui.input.setAttribute('aria-activedescendant', option.id);
    if (scroll) option.scrollIntoView({ block: 'nearest' });
  } else {
    ui.input.removeAttribute('aria-activedescendant');
  }
}

function onInputKey(e: KeyboardEvent): void {
  if (e.isComposing) return;
  const n = options.length;
  if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    e.preventDefault();
    if (n) setActive(e.key === 'ArrowDown' ? (active + 1) % n : (active - 1 + n) % n);
  } else if (e.key === 'Enter') {
    e.preventDefault();
    // The active result, else (results still coming) the search page for this query.
    const target = options[active] ?? ui?.footer.querySelector('a');
    target?.click();
  }
}

const focusables = (dialog: HTMLElement) =>
  [...dialog.querySelectorAll<HTMLElement>('input, button:not([disabled]), a[href]:not([tabindex="-1"])')].filter((x) => x.getClientRects().length > 0);

function onDialogKey(e: KeyboardEvent): void {
  if (e.isComposing) return;
  if (e.key === 'Escape') {
    e.preventDefault();
    closeSearchModal();
    return;
  }
  if (e.key !== 'Tab' || !ui) return;
  // The focus trap: Tab and Shift+Tab go round inside the dialog.
  const items = focusables(ui.dialog);
  const first = items[0];
  const last = items[items.length - 1];
  const at = items.indexOf(document.activeElement as HTMLElement);
  if (e.shiftKey && at <= 0) { e.preventDefault(); last?.focus(); }
  else if (!e.shiftKey && (at === -1 || at === items.length - 1)) { e.preventDefault(); first?.focus(); }
}

/** A row of buttons that search for a term (suggestions, recent searches). */
function termList(title: string, terms: ReadonlyArray<string>): HTMLElement[] {
  if (terms.length === 0) return [];
  const heading = el('p', 'search-modal-heading', title);
  const list = el('ul', 'search-modal-terms', ...terms.map((term) => el('li', '', button('search-modal-term', term, () => {
    if (!ui) return;
    ui.input.value = term;
    ui.input.focus();
    void run(term);
  }))));
  return [heading, list];
}

function showResults(query: string, hits: ReadonlyArray<SearchHit>, total: number): void {
  if (!ui || !settings) return;
  const { searchPage } = settings;
  options = hits.slice(0, shown).map((hit, i) => resultOption(hit, i));
  active = -1;
  setLoading(ui.loading, false);
  ui.list.replaceChildren(...options);
  ui.list.hidden = false;
  ui.input.setAttribute('aria-expanded', 'true');
  ui.message.replaceChildren();
  ui.status.textContent = labels.searchFound(total);
  if (searchPage) {
    const all = el('a', 'search-modal-all', labels.searchSeeAll(total));
    all.href = `${searchPage}?q=${encodeURIComponent(query)}`;
    ui.footer.replaceChildren(all);
    ui.footer.hidden = false;
  }
  setActive(0);
}

function showMessage(status: string, ...content: Node[]): void {
  if (!ui) return;
  setLoading(ui.loading, false);
  options = [];
  setActive(-1);
  ui.list.replaceChildren();
  ui.list.hidden = true;
  ui.input.setAttribute('aria-expanded', 'false');
  ui.footer.replaceChildren();
  ui.footer.hidden = true;
  ui.status.textContent = status;
  ui.message.replaceChildren(...content);
}

function showNothingFound(query: string): void {
  if (!settings) return;
  const none = el('p', 'search-modal-title', `${labels.noResultsFor} "`, el('strong', '', query), '"');
  const help: Node[] = [];
  if (settings.ideaUrl) {
    const link = el('a', '', labels.searchLetUsKnow);
    link.href = settings.ideaUrl;
    help.push(el('p', 'search-modal-help', `${labels.searchShouldFind} `, link));
  }
  showMessage(`${labels.noResultsFor} "${query}"`, none, ...termList(labels.searchTryTerms, settings.suggestions), ...help);
}

function showFailure(): void {
  showMessage(labels.searchFailed, el('p', 'search-modal-title', labels.searchFailed), el('p', 'search-modal-help', labels.searchFailedHelp));
}

/** The index is still loading: the loading line instead of results or a message (the status line stays quiet). */
function showLoading(): void {
  if (!ui) return;
  showMessage('');
  setLoading(ui.loading, true);
}

/** With an empty query: the recent searches, if any. */
const showStart = () => showMessage('', ...termList(labels.searchRecent, recentSearches()));

async function run(query: string): Promise<void> {
  clearTimeout(timer);
  inFlight?.abort();
  inFlight = null;
  const mine = ++generation;
  const q = query.trim();
  if (!q || !settings) { showStart(); return; }
  const controller = new AbortController();
  inFlight = controller;
  const { backend } = settings;
  if (backend && !answered.has(backend)) showLoading();
  const result: SearchResult = backend
    ? await backend.search(q, { limit: shown, signal: controller.signal })
    : { ok: false, failure: 'not-found' };
  if (mine !== generation || !open) return; // a newer query, or closed meanwhile
  if (inFlight === controller) inFlight = null;
  if (backend && result.ok) answered.add(backend);
  if (!result.ok) { if (result.failure !== 'aborted') showFailure(); }
  else if (result.hits.length === 0) showNothingFound(q);
  else showResults(q, result.hits, result.total);
}

export function openSearchModal({ trigger, opener: from, query }: OpenOptions): void {
  settings = settingsOf(trigger);
  if (!ui || !ui.root.isConnected) {
    ui = build();
    document.body.append(ui.root);
    open = false;
  }
  const { root, input } = ui;
  if (!open) {
    open = true;
    opener = from;
    // The page behind is inert (only what this modal made inert is given back on close).
    madeInert = [...document.body.children].filter((c): c is HTMLElement => c instanceof HTMLElement && c !== root && !c.inert);
    for (const other of madeInert) other.inert = true;
    root.inert = false;
    document.documentElement.classList.add('search-modal-open');
    root.hidden = false;
    input.value = '';
  }
  if (query) input.value += query;
  input.focus();
  input.setSelectionRange(input.value.length, input.value.length);
  void run(input.value);
}

/** Closes the modal; focus returns to where it was, unless a link is being followed. */
export function closeSearchModal(restoreFocus = true): void {
  if (!open) return;
  open = false;
  generation++;
  clearTimeout(timer);
  inFlight?.abort();
  inFlight = null;
  if (ui) ui.root.hidden = true;
  for (const other of madeInert) other.inert = false;
  madeInert = [];
  document.documentElement.classList.remove('search-modal-open');
  if (restoreFocus && opener?.isConnected) opener.focus();
  opener = null;
}

// Client-side navigation replaces the page (and this modal with it): start closed next time.
document.addEventListener('ontwikkelaarsportaal:navigated', () => closeSearchModal(false));
