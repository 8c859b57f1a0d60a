/**
 * Tabs (theme/mdx/Tabs.tsx) as the WAI-ARIA tabs pattern: the renderer writes
 * every panel under a heading with its label, so the page reads whole without
 * JavaScript; this chunk builds the tablist from those panels, shows one panel
 * at a time and hides the headings the tabs now stand for. main.ts loads it
 * only on a page with tabs.
 *
 * Keyboard as the pattern's automatic activation: Left and Right move to the
 * previous and next tab (wrapping), Home and End to the first and last, and
 * the tab that gets focus is shown; Tab leaves the tablist for the panel.
 *
 * The reader's choice, as Docusaurus keeps it: with a `groupId` under
 * `docusaurus.tab.<groupId>` in localStorage, and every set on the page with
 * that group follows (in the site's other open windows too); with
 * `queryString` in the URL's query (the group id, or the name given), which
 * wins over storage when the page opens.
 */
import { storage } from './storage.ts';

const enhanced = new WeakSet<Element>();
let made = 0;

interface TabSet {
  readonly root: HTMLElement;
  readonly tabs: HTMLButtonElement[];
  readonly panels: HTMLElement[];
}

const storageKey = (groupId: string) => `docusaurus.tab.${groupId}`;

const valueOf = (panel: HTMLElement): string => panel.dataset.tabValue ?? '';

/** Shows the panel with `value` (when the set has one) and makes its tab the one in the tab order. */
function show(set: TabSet, value: string): boolean {
  const at = set.panels.findIndex((p) => valueOf(p) === value);
  if (at < 0) return false;
  set.tabs.forEach((tab, i) => {
    const selected = i === at;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
    set.panels[i]!.hidden = !selected;
  });
  return true;
}

/** Every enhanced set of the document, to keep the sets of one group together. */
const sets = new Set<TabSet>();

/** The reader chose `value` in `set`: store it, put it in the URL, and show it in every set of the group. */
function choose(set: TabSet, value: string): void {
  const groupId = set.root.dataset.groupId;
  const key = set.root.dataset.queryString;
  show(set, value);
  if (groupId) {
    storage.set(storageKey(groupId), value);
    for (const other of sets) {
      if (other !== set && other.root.isConnected && other.root.dataset.groupId === groupId) show(other, value);
    }
  }
  if (key) {
    const url = new URL(location.href);
    url.searchParams.set(key, value);
    // Replace, as Docusaurus does: choosing a tab is no step back in the history.
    history.replaceState(history.state, '', url);
  }
}

/** The value a set opens with: the URL's, the stored one, the renderer's default; the first that names a panel. */
function initial(root: HTMLElement, panels: HTMLElement[]): string {
  const values = new Set(panels.map(valueOf));
  const key = root.dataset.queryString;
  const groupId = root.dataset.groupId;
  const candidates = [
    key ? new URL(location.href).searchParams.get(key) : null,
    groupId ? storage.get(storageKey(groupId)) : null,
    panels.find((p) => p.hasAttribute('data-tab-default'))?.dataset.tabValue,
  ];
  return candidates.find((v): v is string => typeof v === 'string' && values.has(v)) ?? valueOf(panels[0]!);
}

function enhance(root: HTMLElement): void {
  const panels = [...root.children].filter((el): el is HTMLElement => el instanceof HTMLElement && el.classList.contains('tabs-panel'));
  if (panels.length === 0) return;
  const prefix = `op-tabs-${++made}`;
  const list = document.createElement('div');
  list.className = 'tabs-list';
  list.setAttribute('role', 'tablist');
  list.setAttribute('aria-orientation', 'horizontal');
  const tabs = panels.map((panel, i) => {
    const heading = panel.querySelector<HTMLElement>(':scope > .tabs-panel-heading');
    const tab = document.createElement('button');
    tab.type = 'button';
    tab.className = panel.dataset.tabClass ? `tabs-tab ${panel.dataset.tabClass}` : 'tabs-tab';
    tab.id = `${prefix}-tab-${i}`;
    tab.setAttribute('role', 'tab');
    tab.textContent = heading?.textContent ?? valueOf(panel);
    panel.id ||= `${prefix}-panel-${i}`;
    tab.setAttribute('aria-controls', panel.id);
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', tab.id);
    // The panel is reachable with Tab even when nothing in it is (the pattern's advice).
    panel.tabIndex = 0;
    list.append(tab);
    return tab;
  });
  const set: TabSet = { root, tabs, panels };
  list.addEventListener('click', (event) => {
    const tab = (event.target as Element).closest<HTMLButtonElement>('[role="tab"]');
    const at = tab ? tabs.indexOf(tab) : -1;
    if (at >= 0) choose(set, valueOf(panels[at]!));
  });
  list.addEventListener('keydown', (event) => {
    const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const last = tabs.length - 1;
    const to = event.key === 'ArrowRight' ? (at === last ? 0 : at + 1)
      : event.key === 'ArrowLeft' ? (at === 0 ? last : at - 1)
        : event.key === 'Home' ? 0
          : event.key === 'End' ? last
            : -1;
    if (to < 0) return;
    event.preventDefault();
    tabs[to]!.focus();
    choose(set, valueOf(panels[to]!));
  });
  show(set, initial(root, panels));
  root.prepend(list);
  // From here the tabs name the panels: the CSS hides the headings of a ready set.
  root.classList.add('tabs-ready');
  sets.add(set);
}

let listening = false;

/** A choice made in another window of the site (its storage event): the sets of that group here follow. */
function followOtherWindows(event: StorageEvent): void {
  if (!event.key?.startsWith(storageKey('')) || event.newValue === null) return;
  const groupId = event.key.slice(storageKey('').length);
  for (const set of sets) if (set.root.isConnected && set.root.dataset.groupId === groupId) show(set, event.newValue);
}

/** Turns every tab set of the page that is not yet enhanced into tabs. */
export function enhanceTabs(root: Document): void {
  // Once per document, however often the router brings in a page with tabs.
  if (!listening) {
    listening = true;
    window.addEventListener('storage', followOtherWindows);
  }
  for (const set of [...sets]) if (!set.root.isConnected) sets.delete(set);
  for (const tabs of root.querySelectorAll<HTMLElement>('[data-tabs]')) {
    if (enhanced.has(tabs)) continue;
    enhanced.add(tabs);
    enhance(tabs);
  }
}
