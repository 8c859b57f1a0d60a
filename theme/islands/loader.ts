/**
 * The island loader: on every page of a site with interactive components,
 * beside the shell's bundle. Each island is an element with `data-island`
 * (its chunk's URL) and `data-island-props` (its props as JSON: data, never
 * run). An island's chunk loads when the island comes into view or when the
 * browser is idle, whichever is first. After a client navigation (the
 * shell's router says `ontwikkelaarsportaal:navigated`) the islands of the
 * old page unmount and those of the new page load.
 *
 * Its imports go through `__importChunk` (pipeline/io/chunk-retry.ts, put in
 * front of this file by the bundler): a chunk that failed to load is asked
 * for again under another URL when the reader presses "Opnieuw proberen".
 */
declare const __importChunk: (specifier: string, base: string) => Promise<{ default: (container: Element, props: Record<string, unknown>) => () => void }>;

const mounted = new Map<Element, () => void>();
const waiting = new Map<Element, () => void>();

/** Runs `run` once: when `el` is in view or the browser is idle; returns a cancel function. */
function whenVisibleOrIdle(el: Element, run: () => void): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    cancel();
    run();
  };
  const observer = 'IntersectionObserver' in window ? new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) once(); }) : null;
  observer?.observe(el);
  const idle = 'requestIdleCallback' in window ? requestIdleCallback(once, { timeout: 2000 }) : setTimeout(once, 200);
  const cancel = () => {
    observer?.disconnect();
    if ('cancelIdleCallback' in window) cancelIdleCallback(idle as number);
    else clearTimeout(idle as ReturnType<typeof setTimeout>);
  };
  return () => { done = true; cancel(); };
}

function failed(el: Element, name: string, error: unknown): void {
  console.error(`Laden van eiland "${name}" mislukt`, error);
  const box = document.createElement('div');
  box.className = 'lazy-error';
  box.setAttribute('role', 'alert');
  const text = document.createElement('p');
  text.textContent = 'Dit onderdeel kon niet worden geladen.';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button';
  button.textContent = 'Opnieuw proberen';
  button.addEventListener('click', () => { box.remove(); void start(el); });
  box.append(text, button);
  el.before(box);
}

async function start(el: Element): Promise<void> {
  const url = el.getAttribute('data-island') ?? '';
  const name = el.getAttribute('data-component') ?? url;
  let props: Record<string, unknown> = {};
  try {
    props = JSON.parse(el.getAttribute('data-island-props') ?? '{}') as Record<string, unknown>;
  } catch (error) {
    console.error(`Eiland "${name}": de props zijn geen JSON`, error);
    return;
  }
  try {
    const module = await __importChunk(url, location.href);
    // The reader may have navigated on while the chunk loaded.
    if (!el.isConnected || mounted.has(el)) return;
    mounted.set(el, module.default(el, props));
    // For styles and tests: this island has its script.
    el.setAttribute('data-island-ready', '');
  } catch (error) {
    failed(el, name, error);
  }
}

/** The old page's islands unmount (their effects clean up); the new page's wait for view or idle. */
function page(): void {
  for (const [el, unmount] of [...mounted]) {
    if (el.isConnected) continue;
    mounted.delete(el);
    unmount();
  }
  for (const [el, cancel] of [...waiting]) {
    if (el.isConnected) continue;
    waiting.delete(el);
    cancel();
  }
  for (const el of document.querySelectorAll('[data-island]')) {
    if (mounted.has(el) || waiting.has(el)) continue;
    waiting.set(el, whenVisibleOrIdle(el, () => { waiting.delete(el); void start(el); }));
  }
}

page();
document.addEventListener('ontwikkelaarsportaal:navigated', page);
