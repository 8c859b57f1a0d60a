/**
 * Diagrams: each drawn diagram gets a button that shows it full screen, in
 * a modal <dialog> (Escape or "Sluiten" closes it, and focus goes back to the
 * button). The figure itself moves into the dialog and back, so the SVG's ids
 * stay unique in the page. main.ts loads this chunk only on a page with a
 * diagram, and again after the browser drew one (mermaid-lazy.ts).
 *
 * The frame around each figure comes from the renderer (renderer/body/components.ts):
 * a labelled region that scrolls sideways when the diagram is wider than the
 * column, with the diagram's natural size in `--diagram-width` and
 * `--diagram-ratio` (theme/styles/diagrams.css).
 */

const expandIcon = '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>';
const closeIcon = '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';

const enhanced = new WeakSet<Element>();

/** A button with an icon (markup of this module only, never page text) and a visible label. */
function iconButton(className: string, icon: string, text: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = className;
  button.innerHTML = icon;
  const label = document.createElement('span');
  label.textContent = text;
  button.append(label);
  return button;
}

/** Adds the full-screen button to every drawn diagram that has none yet. */
export function enhanceDiagrams(root: Document): void {
  for (const frame of root.querySelectorAll<HTMLElement>('.diagram')) {
    if (enhanced.has(frame)) continue;
    const figure = frame.querySelector<HTMLElement>('figure.mermaid-diagram');
    const svg = figure?.querySelector<SVGSVGElement>(':scope > svg');
    // Not drawn (yet): the source stays as the renderer wrote it.
    if (!figure || !svg) continue;
    enhanced.add(frame);
    // Drawn in the browser: the size the renderer could not know, and the region joins the tab order.
    const box = svg.viewBox.baseVal;
    if (!frame.style.getPropertyValue('--diagram-width') && box && box.width > 0 && box.height > 0) {
      frame.style.setProperty('--diagram-width', `${box.width}px`);
      frame.style.setProperty('--diagram-ratio', (box.width / box.height).toFixed(4));
    }
    frame.querySelector('.diagram-viewport')?.setAttribute('tabindex', '0');
    const open = iconButton('diagram-expand', expandIcon, 'Diagram vergroten');
    open.setAttribute('aria-haspopup', 'dialog');
    open.addEventListener('click', () => showFullScreen(frame, figure, open));
    const toolbar = document.createElement('div');
    toolbar.className = 'diagram-toolbar';
    toolbar.append(open);
    frame.append(toolbar);
  }
}

function showFullScreen(frame: HTMLElement, figure: HTMLElement, opener: HTMLButtonElement): void {
  const label = figure.getAttribute('aria-label') ?? 'Diagram';
  const dialog = document.createElement('dialog');
  dialog.className = 'diagram-dialog';
  dialog.setAttribute('aria-label', label);
  // The natural size, for the dialog's own sizing rules.
  for (const name of ['--diagram-width', '--diagram-ratio']) {
    const value = frame.style.getPropertyValue(name);
    if (value) dialog.style.setProperty(name, value);
  }
  const title = document.createElement('p');
  title.className = 'diagram-dialog-title';
  title.textContent = label;
  const close = iconButton('diagram-dialog-close', closeIcon, 'Sluiten');
  close.addEventListener('click', () => dialog.close());
  const bar = document.createElement('div');
  bar.className = 'diagram-dialog-bar';
  bar.append(title, close);
  const viewport = document.createElement('div');
  viewport.className = 'diagram-dialog-viewport';
  viewport.setAttribute('role', 'region');
  viewport.setAttribute('tabindex', '0');
  viewport.setAttribute('aria-label', label);
  const placeholder = document.createComment('diagram');
  figure.replaceWith(placeholder);
  viewport.append(figure);
  dialog.append(bar, viewport);
  // Escape closes a modal dialog by itself (a `cancel`, then this `close`).
  dialog.addEventListener('close', () => {
    placeholder.replaceWith(figure);
    dialog.remove();
    opener.focus();
  }, { once: true });
  document.body.append(dialog);
  dialog.showModal();
  close.focus();
}
