/**
 * Colour mode: light, dark or system (stored as null) under the key `theme`.
 * With "respect system preference" the toggle cycles system → light → dark →
 * system; otherwise it toggles dark ↔ light. System follows the OS live, and a
 * choice made in one tab applies in every open tab.
 */
import { storage } from './storage.ts';

export type ColorMode = 'light' | 'dark' | null;
export const colorModeKey = 'theme';

export function nextMode(current: ColorMode, respectSystem: boolean, systemDark: boolean): ColorMode {
  if (!respectSystem) return (current ?? (systemDark ? 'dark' : 'light')) === 'dark' ? 'light' : 'dark';
  return current === null ? 'light' : current === 'light' ? 'dark' : null;
}

export const readMode = (): ColorMode => {
  const stored = storage.get(colorModeKey);
  if (stored === 'light' || stored === 'dark') return stored;
  if (stored !== null) storage.set(colorModeKey, null); // foreign value: replace, never throw
  return null;
};

const label = (mode: ColorMode) =>
  `Kleurmodus: ${mode === null ? 'systeem' : mode === 'dark' ? 'donker' : 'licht'}. Wissel van kleurmodus`;

/** The reader's choice, shared by every toggle of this document (the toggle element changes per page). */
let mode: ColorMode | undefined;
const enhanced = new WeakSet<Element>();
const withGlobalListeners = new WeakSet<Document>();

function apply(root: Document): void {
  const toggle = root.querySelector<HTMLButtonElement>('[data-color-mode-toggle]');
  if (!toggle) return;
  if (mode === undefined) mode = readMode();
  const respectSystem = toggle.dataset.respectSystem === 'true';
  const fallback = root.documentElement.dataset.defaultTheme === 'dark' ? 'dark' : 'light';
  const systemDark = window.matchMedia('(prefers-color-scheme: dark)').matches;
  root.documentElement.dataset.theme = mode ?? (respectSystem ? (systemDark ? 'dark' : 'light') : fallback);
  toggle.setAttribute('aria-label', label(mode));
  toggle.dataset.mode = mode ?? 'system';
}

/**
 * Idempotent: the toggle gets its click listener once, and the OS and
 * cross-tab listeners are added once per document, however often the router
 * swaps in a new page.
 */
export function enhanceColorMode(root: Document): void {
  const toggle = root.querySelector<HTMLButtonElement>('[data-color-mode-toggle]');
  if (!toggle) return;
  if (!withGlobalListeners.has(root)) {
    withGlobalListeners.add(root);
    // System follows the OS live; a choice made in another tab applies here too.
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => apply(root));
    window.addEventListener('storage', (e) => {
      if (e.key !== colorModeKey && e.key !== null) return;
      mode = readMode();
      apply(root);
    });
  }
  if (!enhanced.has(toggle)) {
    enhanced.add(toggle);
    toggle.hidden = false;
    toggle.addEventListener('click', () => {
      mode = nextMode(mode === undefined ? readMode() : mode, toggle.dataset.respectSystem === 'true', window.matchMedia('(prefers-color-scheme: dark)').matches);
      storage.set(colorModeKey, mode);
      apply(root);
    });
  }
  apply(root);
}
