/** Navbar: hides on scrolling down, returns on scrolling up; desktop dropdowns by hover, focus, Enter and Escape. */

export function hideOnScroll(root: Document): () => void {
  const navbar = root.querySelector<HTMLElement>('[data-navbar]');
  if (!navbar) return () => {};
  let last = window.scrollY;
  const onScroll = () => {
    const y = window.scrollY;
    const height = navbar.offsetHeight;
    // Never hide near the top, and never while something in the navbar has focus.
    const hide = y > last && y > height && !navbar.contains(root.activeElement);
    navbar.classList.toggle('navbar-hidden', hide);
    last = y;
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => window.removeEventListener('scroll', onScroll);
}

/** Show the navbar again, e.g. after navigating to a hash whose target does not exist. */
export const showNavbar = (root: Document) => root.querySelector('[data-navbar]')?.classList.remove('navbar-hidden');

export function enhanceDropdowns(root: ParentNode, doc: Document = document): void {
  for (const dropdown of root.querySelectorAll<HTMLElement>('[data-dropdown]')) {
    const button = dropdown.querySelector<HTMLButtonElement>('button');
    if (!button) continue;
    const set = (open: boolean) => {
      dropdown.classList.toggle('open', open);
      button.setAttribute('aria-expanded', String(open));
    };
    button.addEventListener('click', () => set(button.getAttribute('aria-expanded') !== 'true'));
    dropdown.addEventListener('mouseenter', () => set(true));
    dropdown.addEventListener('mouseleave', () => set(false));
    dropdown.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        set(false);
        button.focus();
      }
    });
    doc.addEventListener('click', (e) => { if (!dropdown.contains(e.target as Node)) set(false); });
    dropdown.addEventListener('focusout', (e) => { if (!dropdown.contains(e.relatedTarget as Node | null)) set(false); });
  }
}
