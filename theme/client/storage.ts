/**
 * Browser storage that never throws: when storage is disabled, throws or is
 * full, the site warns once in the console and keeps working without it.
 */
let warned = false;

function warnOnce(error: unknown): void {
  if (warned) return;
  warned = true;
  console.warn('Browseropslag is niet beschikbaar; de site werkt verder zonder voorkeuren te onthouden.', error);
}

export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch (e) {
      warnOnce(e);
      return null;
    }
  },
  set(key: string, value: string | null): void {
    try {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
    } catch (e) {
      warnOnce(e);
    }
  },
};
