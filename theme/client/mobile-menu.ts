/**
 * The mobile menu (viewport < 996 px): a sidebar with a primary panel (the
 * navbar items) and a secondary panel (the page's docs sidebar). Built from
 * the server-rendered navigation, so the HTML carries it only once.
 */
import { enhanceSidebarCategories } from './sidebar.ts';

const desktop = '(min-width: 997px)';

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: Array<Node | string>) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};

/** Clones keep their structure but get their own ids, so the page never has duplicates. */
function cloneWithIds(node: Element, prefix: string): Element {
  const copy = node.cloneNode(true) as Element;
  for (const withId of copy.querySelectorAll('[id]')) withId.id = `${prefix}${withId.id}`;
  for (const ref of copy.querySelectorAll('[aria-controls]')) ref.setAttribute('aria-controls', `${prefix}${ref.getAttribute('aria-controls')}`);
  return copy;
}

/** Desktop dropdowns become expandable lists with a caret button; expanded when an item is active. */
function mobileDropdowns(list: Element): void {
  list.querySelectorAll('[data-dropdown]').forEach((dropdown, i) => {
    const label = dropdown.querySelector('button')?.textContent ?? '';
    const items = dropdown.querySelector('ul');
    if (!items) return;
    const active = dropdown.classList.contains('active');
    items.id = `mobile-dropdown-${i}`;
    items.hidden = !active;
    // The desktop button's chevron, so both menus show the same indicator.
    const chevron = dropdown.querySelector('button svg')?.cloneNode(true);
    const caret = el('button', { type: 'button', className: 'menu-caret' }, ...(chevron ? [chevron] : []));
    const set = (open: boolean) => {
      caret.setAttribute('aria-expanded', String(open));
      caret.setAttribute('aria-label', open ? 'Dropdown inklappen' : 'Dropdown uitvouwen');
      items.hidden = !open;
    };
    caret.setAttribute('aria-controls', items.id);
    set(active);
    caret.addEventListener('click', () => set(Boolean(items.hidden)));
    dropdown.replaceWith(el('div', { className: 'mobile-dropdown' }, el('div', { className: 'menu-category-row' }, el('span', { className: 'menu-link' }, label), caret), items));
  });
}

const enhanced = new WeakSet<HTMLButtonElement>();

export function enhanceMobileMenu(root: Document): () => void {
  const toggle = root.querySelector<HTMLButtonElement>('[data-mobile-toggle]');
  const navList = root.querySelector('.navbar-items ul');
  // Once per page: a second call (an island retry) must not add a second menu.
  if (!toggle || !navList || enhanced.has(toggle)) return () => {};
  enhanced.add(toggle);
  toggle.hidden = false;
  const docsSidebar = root.querySelector('[data-docs-sidebar]');

  const close = el('button', { type: 'button', className: 'mobile-close', textContent: '×' });
  close.setAttribute('aria-label', 'Sluit de navigatiebalk');
  const primaryList = cloneWithIds(navList, 'm-');
  mobileDropdowns(primaryList);
  const primary = el('nav', { className: 'mobile-panel mobile-primary' }, primaryList);
  primary.setAttribute('aria-label', 'Hoofdmenu');
  const back = el('button', { type: 'button', className: 'mobile-back', textContent: '← Hoofdmenu' });
  back.setAttribute('aria-label', 'Ga naar het hoofdmenu');
  const secondary = docsSidebar ? el('div', { className: 'mobile-panel mobile-secondary' }, back, cloneWithIds(docsSidebar, 'm-')) : null;
  if (secondary) {
    secondary.querySelector('nav')?.setAttribute('aria-label', 'Documentatie (menu)');
    enhanceSidebarCategories(secondary);
  }
  const dialog = el('div', { className: 'mobile-sidebar', hidden: true }, el('div', { className: 'mobile-sidebar-header' }, close), primary, ...(secondary ? [secondary] : []));
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-label', 'Hoofdmenu');
  dialog.id = 'mobile-menu';
  toggle.setAttribute('aria-controls', dialog.id);
  const backdrop = el('div', { className: 'mobile-backdrop', hidden: true });
  root.body.append(backdrop, dialog);

  const showPanel = (which: 'primary' | 'secondary') => {
    primary.hidden = which !== 'primary';
    if (secondary) secondary.hidden = which !== 'secondary';
  };
  const focusables = () => [...dialog.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')].filter((x) => x.offsetParent !== null);
  const others = () => [...root.body.children].filter((c) => c !== dialog && c !== backdrop) as HTMLElement[];

  const setOpen = (open: boolean) => {
    if (open === !dialog.hidden) return;
    dialog.hidden = !open;
    backdrop.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    root.documentElement.classList.toggle('mobile-menu-open', open);
    // The page behind is inert and does not scroll while the menu is open.
    for (const other of others()) other.inert = open;
    if (open) {
      showPanel(secondary ? 'secondary' : 'primary');
      focusables()[0]?.focus();
    } else {
      toggle.focus();
    }
  };

  toggle.addEventListener('click', () => setOpen(true));
  close.addEventListener('click', () => setOpen(false));
  backdrop.addEventListener('click', () => setOpen(false));
  back.addEventListener('click', () => { showPanel('primary'); focusables()[0]?.focus(); });
  dialog.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') { e.preventDefault(); setOpen(false); return; }
    if (e.key !== 'Tab') return;
    const items = focusables();
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && root.activeElement === first) { e.preventDefault(); last?.focus(); }
    else if (!e.shiftKey && root.activeElement === last) { e.preventDefault(); first?.focus(); }
  });
  const media = window.matchMedia(desktop);
  const onMedia = (e: MediaQueryListEvent) => { if (e.matches) setOpen(false); };
  media.addEventListener('change', onMedia);
  return () => {
    setOpen(false);
    media.removeEventListener('change', onMedia);
    dialog.remove();
    backdrop.remove();
  };
}
