const enhanced = new WeakSet<HTMLButtonElement>();

/** Collapsible docs sidebar categories: the caret buttons the server renders hidden. Idempotent per caret. */
export function enhanceSidebarCategories(root: ParentNode): void {
  for (const caret of root.querySelectorAll<HTMLButtonElement>('[data-menu-toggle]')) {
    if (enhanced.has(caret)) continue;
    enhanced.add(caret);
    caret.hidden = false;
    const list = (caret.ownerDocument ?? document).getElementById(caret.getAttribute('aria-controls') ?? '')
      ?? root.querySelector<HTMLElement>(`#${CSS.escape(caret.getAttribute('aria-controls') ?? '')}`);
    const label = caret.getAttribute('aria-label')?.split(': ').slice(1).join(': ') ?? '';
    caret.addEventListener('click', () => {
      const open = caret.getAttribute('aria-expanded') !== 'true';
      caret.setAttribute('aria-expanded', String(open));
      caret.setAttribute('aria-label', `${open ? 'Dropdown inklappen' : 'Dropdown uitvouwen'}: ${label}`);
      if (list) list.hidden = !open;
    });
  }
}
