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

export function enhanceColorMode(root: Document): void {
  const toggle = root.querySelector<HTMLButtonElement>('[data-color-mode-toggle]');
  if (!toggle) return;
  const respectSystem = toggle.dataset.respectSystem === 'true';
  const fallback = (root.documentElement.dataset.defaultTheme === 'dark' ? 'dark' : 'light') as 'light' | 'dark';
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  let mode = readMode();
  const apply = () => {
    const effective = mode ?? (respectSystem ? (media.matches ? 'dark' : 'light') : fallback);
    root.documentElement.dataset.theme = effective;
    toggle.setAttribute('aria-label', label(mode));
    toggle.dataset.mode = mode ?? 'system';
  };
  toggle.hidden = false;
  toggle.addEventListener('click', () => {
    mode = nextMode(mode, respectSystem, media.matches);
    storage.set(colorModeKey, mode);
    apply();
  });
  media.addEventListener('change', apply);
  window.addEventListener('storage', (e) => {
    if (e.key !== colorModeKey) return;
    mode = readMode();
    apply();
  });
  apply();
}
