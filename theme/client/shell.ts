/** Shell islands: announcement bar, dropdowns, sidebar categories, mobile menu, video embeds. */

const storage = {
  get(key: string): string | null {
    try { return window.localStorage.getItem(key); } catch { return null; }
  },
  set(key: string, value: string): void {
    try { window.localStorage.setItem(key, value); } catch { /* storage unavailable: keep working without it */ }
  },
};

function announcementBar(root: Document): void {
  const bar = root.querySelector<HTMLElement>('[data-announcement-id]');
  if (!bar) return;
  const id = bar.dataset.announcementId ?? '';
  if (storage.get('docusaurus.announcement.id') !== id) {
    storage.set('docusaurus.announcement.id', id);
    storage.set('docusaurus.announcement.dismiss', 'false');
  }
  if (storage.get('docusaurus.announcement.dismiss') === 'true') bar.hidden = true;
  bar.querySelector('[data-announcement-close]')?.addEventListener('click', () => {
    storage.set('docusaurus.announcement.dismiss', 'true');
    bar.hidden = true;
  });
}

function dropdowns(root: Document): void {
  for (const dropdown of root.querySelectorAll<HTMLElement>('[data-dropdown]')) {
    const button = dropdown.querySelector<HTMLButtonElement>('button');
    if (!button) continue;
    const set = (open: boolean) => { dropdown.classList.toggle('open', open); button.setAttribute('aria-expanded', String(open)); };
    button.addEventListener('click', () => set(button.getAttribute('aria-expanded') !== 'true'));
    dropdown.addEventListener('keydown', (e) => { if (e.key === 'Escape') { set(false); button.focus(); } });
    root.addEventListener('click', (e) => { if (!dropdown.contains(e.target as Node)) set(false); });
    dropdown.addEventListener('focusout', (e) => { if (!dropdown.contains(e.relatedTarget as Node | null)) set(false); });
  }
}

function sidebarCategories(root: Document): void {
  for (const caret of root.querySelectorAll<HTMLButtonElement>('[data-menu-toggle]')) {
    caret.hidden = false;
    const list = root.getElementById(caret.getAttribute('aria-controls') ?? '');
    const label = caret.getAttribute('aria-label')?.split(': ').slice(1).join(': ') ?? '';
    caret.addEventListener('click', () => {
      const open = caret.getAttribute('aria-expanded') !== 'true';
      caret.setAttribute('aria-expanded', String(open));
      caret.setAttribute('aria-label', `${open ? 'Dropdown inklappen' : 'Dropdown uitvouwen'}: ${label}`);
      if (list) list.hidden = !open;
    });
  }
}

function mobileMenu(root: Document): void {
  const toggle = root.querySelector<HTMLButtonElement>('[data-mobile-toggle]');
  const nav = root.querySelector<HTMLElement>('.navbar-items');
  if (!toggle || !nav) return;
  toggle.hidden = false;
  const set = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', open ? 'Sluit de navigatiebalk' : 'Open de navigatiebalk');
    nav.style.display = open ? 'block' : '';
  };
  toggle.addEventListener('click', () => set(toggle.getAttribute('aria-expanded') !== 'true'));
  root.addEventListener('keydown', (e) => { if (e.key === 'Escape' && toggle.getAttribute('aria-expanded') === 'true') { set(false); toggle.focus(); } });
  window.matchMedia('(min-width: 997px)').addEventListener('change', (e) => { if (e.matches) set(false); });
}

function videoEmbeds(root: Document): void {
  for (const embed of root.querySelectorAll<HTMLElement>('[data-embed-src]')) {
    const link = embed.querySelector('a');
    link?.addEventListener('click', (e) => {
      e.preventDefault();
      const frame = document.createElement('iframe');
      frame.src = embed.dataset.embedSrc ?? '';
      frame.title = link.textContent ?? 'Video';
      frame.allow = 'autoplay; fullscreen; picture-in-picture';
      frame.setAttribute('allowfullscreen', '');
      embed.replaceChildren(frame);
    });
  }
}

export function enhanceShell(root: Document): void {
  announcementBar(root);
  dropdowns(root);
  sidebarCategories(root);
  mobileMenu(root);
  videoEmbeds(root);
}
