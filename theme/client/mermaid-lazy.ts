/**
 * Diagrams the build could not draw (no Chromium there): this chunk loads
 * mermaid from the site itself (`/assets/mermaid-<version>/`, copied by
 * pipeline/io/theme.ts, so `script-src 'self'` allows it) and draws each
 * diagram marked `data-mermaid-lazy` in place of its source. main.ts imports
 * this chunk only on a page that has such a diagram: no other page ever
 * downloads mermaid.
 */
import { mermaidConfig } from '../shared/mermaid-config.ts';

/** Replaced at bundle time with the public URL of mermaid's ES module (pipeline/io/theme.ts). */
declare const __MERMAID_MODULE__: string;

interface Mermaid {
  initialize(config: object): void;
  render(id: string, text: string): Promise<{ svg: string }>;
}

let loaded: Promise<Mermaid> | null = null;
let count = 0;

function loadMermaid(): Promise<Mermaid> {
  // Computed at run time, never a literal: rollup leaves this import to the browser.
  const url = new URL(__MERMAID_MODULE__, document.baseURI).href;
  return (loaded ??= import(url).then((m: { default: Mermaid }) => {
    m.default.initialize(mermaidConfig);
    return m.default;
  }).catch((e: unknown) => {
    loaded = null;
    throw e;
  }));
}

/** Draws every not yet drawn diagram on the page. Rejects only when mermaid itself cannot be loaded. */
export async function renderLazyDiagrams(root: Document): Promise<void> {
  const figures = [...root.querySelectorAll<HTMLElement>('figure[data-mermaid-lazy]')];
  if (figures.length === 0) return;
  const mermaid = await loadMermaid();
  for (const figure of figures) {
    const source = figure.querySelector('pre')?.textContent ?? '';
    try {
      const { svg } = await mermaid.render(`mermaid-lazy-${++count}`, source);
      const template = document.createElement('template');
      template.innerHTML = svg;
      figure.replaceChildren(template.content);
      // The figure's aria-label (written at build time) is the diagram's text alternative.
      figure.setAttribute('role', 'img');
      figure.classList.remove('mermaid-lazy');
      figure.removeAttribute('data-mermaid-lazy');
    } catch (e) {
      // The source stays readable; the build with Chromium reports syntax errors with file and line.
      console.warn('Diagram kon niet worden getekend', e);
      figure.removeAttribute('data-mermaid-lazy');
    }
  }
}
