/** Header with logo, site name, tagline, government logo and the navbar items of the configuration. */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { SidebarItem } from '../../pipeline/types.ts';
import type { NavbarItem } from '../../pipeline/model.ts';
import { defaultDocsArea } from '../../pipeline/layout.ts';
import { memoSlot, themeFile, type PageContext } from '../../renderer/context.ts';
import { isExternal } from '../../renderer/markdown.tsx';
import { labels } from '../client/labels.ts';
import { ChevronIcon, MenuIcon, SearchIcon } from './icons.tsx';
import { siteHosts, tagline } from './site-text.ts';
import { searchModalData } from './search-modal-data.ts';
import { SmartLink } from './SmartLink.tsx';

/** Each item's target, kept for the build: the same on every page, and the sidebar lookup walks all docs. */
const itemHrefs = memoSlot<Map<NavbarItem, string | null>>('navbar item targets');

/** Where a navbar item points, resolved against the site's docs and sidebars. */
export function itemHref(ctx: PageContext, item: NavbarItem): string | null {
  const hrefs = ctx.memo.get(itemHrefs, () => new Map());
  if (!hrefs.has(item)) hrefs.set(item, resolveHref(ctx, item));
  return hrefs.get(item) ?? null;
}

function resolveHref(ctx: PageContext, item: NavbarItem): string | null {
  switch (item.type) {
    case 'link':
      return item.href;
    case 'doc': {
      const plugin = item.docsPluginId ?? defaultDocsArea(ctx.site.config.layout)?.id;
      return ctx.site.docs.find((d) => d.plugin === plugin && d.id === item.docId)?.permalink ?? null;
    }
    case 'docSidebar': {
      // The sidebar's first doc: skip links that only lead out of it (the "Kennisbank" wrapper of an area).
      const plugin = item.docsPluginId ?? defaultDocsArea(ctx.site.config.layout)?.id;
      const sidebar = ctx.site.sidebars.find((s) => s.plugin === plugin && s.id === item.sidebarId);
      const own = new Set(ctx.site.docs.filter((d) => d.plugin === plugin && d.sidebarId === item.sidebarId).map((d) => d.permalink));
      const hrefs = sidebar ? sidebarHrefs(sidebar.items) : [];
      return hrefs.find((h) => own.has(h)) ?? hrefs[0] ?? null;
    }
    case 'docsVersion':
      return ctx.site.versions[0] ? docsHome(ctx) : null;
    default:
      return null;
  }
}

/** The home of the default docs area: its root index page, else its URL prefix. */
function docsHome(ctx: PageContext): string {
  const area = defaultDocsArea(ctx.site.config.layout);
  const home = ctx.site.docs.find((d) => d.plugin === area?.id && d.isCategoryIndex && !d.entry.pathInArea.includes('/'));
  return home?.permalink ?? `/${area?.routeBasePath ?? ''}`;
}

const sidebarHrefs = (items: ReadonlyArray<SidebarItem>): string[] =>
  items.flatMap((i) => [...(i.href ? [i.href] : []), ...(i.type === 'category' ? sidebarHrefs(i.items) : [])]);

/** Active when the page is the target or lies below it (a whole docs area for "Kennisbank"). */
const isActive = (path: string, href: string | null): boolean => {
  if (!href || href.startsWith('http')) return false;
  const base = href.replace(/\/$/, '');
  return path === href || (base !== '' && (path === base || path.startsWith(`${base}/`)));
};

function NavLink({ ctx, href, label, active }: { ctx: PageContext; href: string; label: string; active?: boolean }) {
  const current = ctx.route.path === href;
  if (isExternal(href, siteHosts(ctx))) return <SmartLink href={href} siteHosts={siteHosts(ctx)} className="navbar-link">{label}</SmartLink>;
  return (
    <a href={href} className={`navbar-link${active ?? isActive(ctx.route.path, href) ? ' active' : ''}`} aria-current={current ? 'page' : undefined}>
      {label}
    </a>
  );
}

function Dropdown({ ctx, label, items, id }: { ctx: PageContext; label: string; items: ReadonlyArray<{ label: string; href: string }>; id: string }) {
  const active = items.some((i) => isActive(ctx.route.path, i.href));
  return (
    <div className={`navbar-dropdown${active ? ' active' : ''}`} data-dropdown>
      <button type="button" className="navbar-link dropdown-toggle" aria-expanded="false" aria-controls={id}>
        {label}
        <ChevronIcon />
      </button>
      <ul className="dropdown-menu" id={id}>
        {items.map((i) => (
          <li key={i.href}><NavLink ctx={ctx} href={i.href} label={i.label} /></li>
        ))}
      </ul>
    </div>
  );
}

export function renderNavbarItem(ctx: PageContext, item: NavbarItem, index: number): ReactNode {
  const searchPage = ctx.site.config.search.page;
  switch (item.type) {
    case 'link':
    case 'doc': {
      const href = itemHref(ctx, item);
      return href ? <NavLink ctx={ctx} href={href} label={item.label} /> : null;
    }
    case 'docSidebar': {
      // Active on every page of that sidebar.
      const href = itemHref(ctx, item);
      const plugin = item.docsPluginId ?? defaultDocsArea(ctx.site.config.layout)?.id;
      return href ? <NavLink ctx={ctx} href={href} label={item.label} active={ctx.route.plugin === plugin && ctx.route.sidebarId === item.sidebarId} /> : null;
    }
    case 'dropdown':
      return <Dropdown ctx={ctx} label={item.label} items={item.items} id={`dropdown-${index}`} />;
    case 'localeDropdown':
      return <Dropdown ctx={ctx} label={ctx.site.config.locale.label} items={[{ label: ctx.site.config.locale.label, href: ctx.route.path }]} id={`dropdown-${index}`} />;
    case 'docsVersion':
      return <NavLink ctx={ctx} href={docsHome(ctx)} label={item.label ?? ctx.site.versions[0]?.label ?? ''} />;
    case 'docsVersionDropdown':
      return <Dropdown ctx={ctx} label={item.label ?? labels.version(ctx.site.versions[0]?.label ?? '')} items={ctx.site.config.docs.versions.map((v) => ({ label: v.label, href: docsHome(ctx) }))} id={`dropdown-${index}`} />;
    case 'html':
      // Held to the safe schema of content HTML when the configuration is validated (pipeline/safety/html.ts).
      return <span className="navbar-html" dangerouslySetInnerHTML={{ __html: item.value }} />;
    case 'search':
      return searchPage ? (
        <a href={searchPage} className="navbar-search-link" aria-label={labels.searchOnPage} aria-current={ctx.route.path === searchPage ? 'page' : undefined} aria-keyshortcuts="Control+K Meta+K /" {...searchModalData(ctx)}>
          <SearchIcon />
        </a>
      ) : (
        <button type="button" className="navbar-search-button" aria-label={labels.searchOnPage} aria-haspopup="dialog" aria-keyshortcuts="Control+K Meta+K /" {...searchModalData(ctx)}>
          <SearchIcon />
        </button>
      );
  }
}

/** A navbar item that cannot be rendered: a configuration error that names the item, never a page that silently lacks it. */
export class NavbarItemError extends Error {
  readonly code = 'config-navbar-item';
  constructor(item: NavbarItem, position: number, cause: unknown) {
    const name = 'label' in item && typeof item.label === 'string' ? `"${item.label}"` : `nummer ${position + 1}`;
    super(`Navbar-item ${name} (type ${item.type}, navbar.items[${position}]) kon niet worden weergegeven: ${cause instanceof Error ? cause.message : String(cause)}. Controleer dit item in dist-config/site.yml.`, { cause });
    this.name = 'NavbarItemError';
  }
}

/** One item, rendered on its own so that a failure names the item instead of failing the page anonymously. */
function itemMarkup(ctx: PageContext, item: NavbarItem, index: number): { __html: string } {
  try {
    return { __html: renderToStaticMarkup(<>{renderNavbarItem(ctx, item, index)}</>) };
  } catch (cause) {
    throw new NavbarItemError(item, ctx.site.config.navbar.items.indexOf(item), cause);
  }
}

/**
 * The menu's items, each in its `<li>`, rendered together, once a page: a
 * render per item took a seventh of the pages' React time (docs/performance.md).
 * Should that fail, each item is rendered on its own, so that the error names
 * the item.
 */
function menuMarkup(ctx: PageContext, items: ReadonlyArray<NavbarItem>): { __html: string } {
  const menu = items.filter((item) => item.type !== 'search').map((item, i) => ({ item, i }));
  try {
    return { __html: renderToStaticMarkup(<>{menu.map(({ item, i }) => <li key={i} className={`navbar-item navbar-item-${item.type}`}>{renderNavbarItem(ctx, item, i)}</li>)}</>) };
  } catch (cause) {
    for (const { item, i } of menu) itemMarkup(ctx, item, i);
    throw cause;
  }
}

export function Navbar({ ctx }: { ctx: PageContext }) {
  const { config } = ctx.site;
  const isHome = ctx.route.path === '/';
  const items = config.navbar.items;
  const government = config.governmentLogo;
  // The word mark is text in the site font; the logo beside it says nothing the text does not (alt="").
  // Off the home page the whole brand links home, named by its visible text (WCAG 2.5.3) and where it goes.
  const brand = (
    <>
      <img className="navbar-logo" src={themeFile(ctx, config.logo.src)} alt="" width="48" height="48" />
      <span className="navbar-title">
        <span className="navbar-site-name">{config.siteName}</span>
        <span className="navbar-tagline">{tagline(ctx)}</span>
        {isHome ? null : <span className="visually-hidden">, naar de homepagina</span>}
      </span>
    </>
  );
  return (
    <header className="navbar" data-navbar>
      <div className="navbar-top">
        {isHome ? <div className="navbar-brand">{brand}</div> : <a href="/" className="navbar-brand">{brand}</a>}
        <img className="government-logo" src={themeFile(ctx, government.src)} alt={government.alt} width={government.width ?? 44} height={government.height ?? 80} />
      </div>
      <div className="navbar-bar">
        <button type="button" className="navbar-toggle" data-mobile-toggle aria-label={labels.openNavbar} aria-expanded="false" hidden>
          <MenuIcon />
        </button>
        <nav className="navbar-items" aria-label={labels.mainMenu}>
          <ul dangerouslySetInnerHTML={menuMarkup(ctx, items)} />
        </nav>
        {items.filter((i) => i.type === 'search').map((item, i) => <div key={i} className="navbar-search" dangerouslySetInnerHTML={itemMarkup(ctx, item, 100 + i)} />)}
        {config.colorMode.disableSwitch ? null : (
          <button type="button" className="color-mode-toggle" data-color-mode-toggle data-respect-system={String(config.colorMode.respectPrefersColorScheme)} aria-label="Wissel van kleurmodus" hidden>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M12 3a9 9 0 1 0 9 9c0-.5 0-1-.1-1.4A5.5 5.5 0 0 1 12.4 3.1L12 3z" /></svg>
          </button>
        )}
      </div>
    </header>
  );
}
