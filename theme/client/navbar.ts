/**
 * Navbar: hides on scrolling down and returns on scrolling up or when a hash
 * target does not exist; desktop dropdowns open on hover and keyboard focus,
 * toggle with Enter (or a click), and close on Escape and on a click or focus
 * outside them.
 *
 * Enhancing is idempotent: each element gets its listeners once (a WeakSet),
 * and the document-wide listeners are added once per document, so client-side
 * navigations never pile up handlers.
 */

/**
 * Hides or shows the navbar, and tells the stylesheet where the page's visible
 * area starts: `--navbar-offset` on <html> is the navbar's height while it
 * shows and 0 while it is hidden. The sticky docs sidebar and TOC stick at
 * that offset (theme/styles/docs.css), so they move up with the navbar
 * instead of leaving a blank band where it was.
 */
function setNavbarHidden(root: Document, navbar: HTMLElement, hidden: boolean): void {
  navbar.classList.toggle('navbar-hidden', hidden);
  const offset = hidden ? '0px' : `${navbar.offsetHeight}px`;
  const style = root.documentElement.style;
  if (style.getPropertyValue('--navbar-offset') !== offset) style.setProperty('--navbar-offset', offset);
}

export function hideOnScroll(root: Document): () => void {
  const navbar = root.querySelector<HTMLElement>('[data-navbar]');
  if (!navbar) return () => {};
  let last = window.scrollY;
  const onScroll = () => {
    const y = window.scrollY;
    const height = navbar.offsetHeight;
    // Never hide near the top, and never while something in the navbar has focus.
    const hide = y > last && y > height && !navbar.contains(root.activeElement);
    setNavbarHidden(root, navbar, hide);
    last = y;
  };
  // A hash whose target does not exist (typed, or history): show the navbar again.
  const onHash = () => { if (!hashTarget(root, location.hash)) showNavbar(root); };
  // The navbar's height changes with the width (the header stacks on narrow screens) and the text size.
  const resized = typeof ResizeObserver === 'function'
    ? new ResizeObserver(() => setNavbarHidden(root, navbar, navbar.classList.contains('navbar-hidden')))
    : null;
  resized?.observe(navbar);
  setNavbarHidden(root, navbar, navbar.classList.contains('navbar-hidden'));
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('hashchange', onHash);
  return () => {
    resized?.disconnect();
    window.removeEventListener('scroll', onScroll);
    window.removeEventListener('hashchange', onHash);
  };
}

/** The element a `#hash` points at, or null (also for an empty or malformed hash). */
export function hashTarget(root: Document, hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  try {
    return root.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/** Show the navbar again, e.g. after navigating to a hash whose target does not exist. */
export function showNavbar(root: Document): void {
  const navbar = root.querySelector<HTMLElement>('[data-navbar]');
  if (navbar) setNavbarHidden(root, navbar, false);
}

/** How an open dropdown was opened: a hover-opened one closes when the pointer leaves. */
type OpenedBy = 'hover' | 'focus' | 'toggle';
const openedBy = new WeakMap<HTMLElement, OpenedBy>();
const enhanced = new WeakSet<HTMLElement>();
const withDocumentListeners = new WeakSet<Document>();

function setOpen(dropdown: HTMLElement, open: boolean, by: OpenedBy = 'toggle'): void {
  dropdown.classList.toggle('open', open);
  dropdown.querySelector('button')?.setAttribute('aria-expanded', String(open));
  if (open) openedBy.set(dropdown, by);
  else openedBy.delete(dropdown);
}

const isOpen = (dropdown: HTMLElement) => openedBy.has(dropdown);

/** Close every open dropdown that does not contain `target`. */
function closeOthers(doc: Document, target: EventTarget | null): void {
  for (const dropdown of doc.querySelectorAll<HTMLElement>('[data-dropdown].open')) {
    if (!(target instanceof Node && dropdown.contains(target))) setOpen(dropdown, false);
  }
}

export function enhanceDropdowns(root: ParentNode, doc: Document = document): void {
  if (!withDocumentListeners.has(doc)) {
    withDocumentListeners.add(doc);
    doc.addEventListener('click', (e) => closeOthers(doc, e.target));
    doc.addEventListener('focusin', (e) => closeOthers(doc, e.target));
  }
  for (const dropdown of root.querySelectorAll<HTMLElement>('[data-dropdown]')) {
    const button = dropdown.querySelector<HTMLButtonElement>('button');
    // The mobile menu's copy has its own caret buttons.
    if (!button || enhanced.has(dropdown) || dropdown.closest('.mobile-sidebar')) continue;
    enhanced.add(dropdown);
    button.addEventListener('click', () => {
      // A menu the pointer opened stays open on click (the reader sees it); otherwise a click or Enter toggles.
      if (openedBy.get(dropdown) === 'hover') openedBy.set(dropdown, 'toggle');
      else setOpen(dropdown, !isOpen(dropdown));
    });
    dropdown.addEventListener('mouseenter', () => { if (!isOpen(dropdown)) setOpen(dropdown, true, 'hover'); });
    dropdown.addEventListener('mouseleave', () => { if (openedBy.get(dropdown) === 'hover') setOpen(dropdown, false); });
    dropdown.addEventListener('focusin', (e) => {
      // Keyboard focus arriving from outside opens the menu; a mouse click focuses without opening twice.
      const from = e.relatedTarget as Node | null;
      if (!isOpen(dropdown) && !(from && dropdown.contains(from)) && (e.target as Element).matches(':focus-visible')) setOpen(dropdown, true, 'focus');
    });
    dropdown.addEventListener('focusout', (e) => { if (!dropdown.contains(e.relatedTarget as Node | null)) setOpen(dropdown, false); });
    dropdown.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape' || !isOpen(dropdown)) return;
      e.preventDefault();
      setOpen(dropdown, false);
      button.focus();
    });
  }
}
