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

/** Read a stored value and accept it only when it is one of the expected values; anything else is replaced. */
export function storedChoice<T extends string>(key: string, allowed: ReadonlyArray<T>): T | null {
  const value = storage.get(key);
  if (value === null) return null;
  if ((allowed as ReadonlyArray<string>).includes(value)) return value as T;
  storage.set(key, null);
  return null;
}
