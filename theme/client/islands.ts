/**
 * Runs each island and contains its failure: an error shows the crash panel
 * ("Deze pagina is gecrasht." / "Probeer opnieuw") instead of breaking the
 * rest of the page; a lazy chunk that fails to load offers "Opnieuw proberen".
 */
const isDev = () => document.querySelector('script[src="/__dev/reload.js"]') !== null;

function retryButton(label: string, onClick: () => void): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button';
  button.textContent = label;
  button.addEventListener('click', onClick);
  return button;
}

function crashPanel(error: unknown, retry: () => void): HTMLElement {
  const panel = document.createElement('div');
  panel.className = 'crash-panel';
  panel.setAttribute('role', 'alert');
  const title = document.createElement('p');
  title.className = 'crash-title';
  title.textContent = 'Deze pagina is gecrasht.';
  panel.append(title);
  if (isDev()) {
    // Error message and its causes, only in development.
    const details = document.createElement('pre');
    const lines: string[] = [];
    for (let e: unknown = error; e; e = e instanceof Error ? e.cause : undefined) lines.push(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
    details.textContent = lines.join('\nOorzaak: ');
    panel.append(details);
  }
  panel.append(retryButton('Probeer opnieuw', () => { panel.remove(); retry(); }));
  return panel;
}

export function island(name: string, init: () => void): void {
  try {
    init();
  } catch (error) {
    console.error(`Onderdeel "${name}" faalde`, error);
    const main = document.querySelector('main');
    main?.prepend(crashPanel(error, () => island(name, init)));
  }
}

/** A lazily loaded chunk; on failure an error text with a retry button takes its place. */
export function lazy<T>(name: string, where: Element, load: () => Promise<T>, use: (module: T) => void): void {
  load().then(use, (error: unknown) => {
    console.error(`Laden van "${name}" mislukt`, error);
    const box = document.createElement('div');
    box.className = 'lazy-error';
    box.setAttribute('role', 'alert');
    const text = document.createElement('p');
    text.textContent = 'Dit onderdeel kon niet worden geladen.';
    box.append(text, retryButton('Opnieuw proberen', () => { box.remove(); lazy(name, where, load, use); }));
    where.prepend(box);
  });
}
