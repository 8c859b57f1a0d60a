/**
 * What a site's own components and React pages import from Docusaurus, as
 * our own plain versions: the component box (pipeline/io/site-code-resolve.ts)
 * points each `@docusaurus/…` and `@theme/…` import at one of these. Site
 * code renders once, at build time, so whatever only matters in a browser
 * (`BrowserOnly`) renders its fallback here.
 *
 * What a page says about itself (`Layout`'s title, `Head`'s title) and
 * what it may know of the site (`useDocusaurusContext`, `useLocation`,
 * `translate`) go through one object on `globalThis` that the box sets
 * before each render (`SiteCodeContext`): each bundle of site code has its
 * own copy of this module, so a React context would not reach across them.
 */
import type { ReactNode } from 'react';
import { Children, createElement, isValidElement } from 'react';
import { DocCard, type DocCardItem } from './DocCard.tsx';
export { Tabs } from './Tabs.tsx';
export { TabItem } from './TabItem.tsx';
export { DocCard };

/** What the box tells site code before a render, and what a page tells back. */
export interface SiteCodeContext {
  /** Docusaurus' `siteConfig`: the site's title, tagline, url, baseUrl and `customFields`. */
  readonly siteConfig: Readonly<Record<string, unknown>>;
  readonly locale: string;
  /** `i18n/<locale>/code.json`: message by id. */
  readonly messages: Readonly<Record<string, string>>;
  /** The path of the page being rendered (`/team`); `/` for a component. */
  pathname: string;
  /** What the page's `Layout` and `Head` said: filled in by the render. */
  page: { title?: string; description?: string; noFooter?: boolean; wrapperClassName?: string };
  /** What the site's plugins gave with `setGlobalData`, by plugin name and id (pipeline/io/site-plugins.ts). */
  readonly globalData?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Set when site code asked for plugin data that no plugin of the site gave. */
  pluginData: boolean;
}

export const siteCodeContextKey = '__ontwikkelaarsportaalSiteCode';

const fallbackContext: SiteCodeContext = { siteConfig: { baseUrl: '/', customFields: {} }, locale: 'nl', messages: {}, pathname: '/', page: {}, pluginData: false };

/** The context the box set, or one that knows nothing of the site (a test that renders these directly). */
export const siteCodeContext = (): SiteCodeContext =>
  ((globalThis as Record<string, unknown>)[siteCodeContextKey] as SiteCodeContext | undefined) ?? fallbackContext;

type Rest = Readonly<Record<string, unknown>>;

/** `@docusaurus/Link`: a plain link; `to` and `href` both give the target. */
export function Link({ to, href, children, ...rest }: { to?: string; href?: string; children?: ReactNode } & Rest) {
  const { isNavLink: _nav, activeClassName: _active, autoAddBaseUrl: _base, ...attributes } = rest;
  return createElement('a', { ...attributes, href: to ?? href }, children);
}

/** `clsx`: the class names that are set, joined by spaces. */
export function clsx(...values: unknown[]): string {
  const out: string[] = [];
  const add = (value: unknown): void => {
    if (!value) return;
    if (typeof value === 'string' || typeof value === 'number') out.push(String(value));
    else if (Array.isArray(value)) value.forEach(add);
    else if (typeof value === 'object') for (const [name, on] of Object.entries(value)) if (on) out.push(name);
  };
  values.forEach(add);
  return out.join(' ');
}

/** `@theme/Admonition`: the markup of a body's admonition (renderer/body/components.ts), without the icon. */
export function Admonition({ type = 'note', title, children }: { type?: string; title?: ReactNode; children?: ReactNode }) {
  const heading = title ?? type;
  return (
    <aside className={`admonition admonition-${type}`} aria-label={typeof heading === 'string' ? heading : undefined}>
      <p className="admonition-heading">{heading}</p>
      <div className="admonition-content">{children}</div>
    </aside>
  );
}

/** `@theme/Details`. */
export function Details({ summary, children, ...rest }: { summary?: ReactNode; children?: ReactNode } & Rest) {
  return createElement('details', { className: typeof rest.className === 'string' ? rest.className : undefined, open: rest.open === true ? true : undefined },
    summary ? <summary>{summary}</summary> : null, children);
}

/** `@theme/CodeBlock`: the code as written, in a titled block; a site component's code is not highlighted. */
export function CodeBlock({ children, language, className, title }: { children?: ReactNode; language?: string; className?: string; title?: string }) {
  const lang = language ?? /language-(\S+)/.exec(className ?? '')?.[1];
  return (
    <figure className="code-block" data-language={lang}>
      {title ? <figcaption className="code-block-title">{title}</figcaption> : null}
      <pre tabIndex={0}><code className={lang ? `language-${lang}` : undefined}>{children}</code></pre>
    </figure>
  );
}

/** `@theme/Heading`: the heading element `as` names (h1 to h6), with its id and the rest of its props. */
export function Heading({ as = 'h2', ...rest }: { as?: string } & Rest) {
  return createElement(/^h[1-6]$/.test(as) ? as : 'h2', rest);
}

/** `@docusaurus/BrowserOnly`: nothing at build time, as Docusaurus renders it on the server (its fallback). */
export function BrowserOnly({ fallback }: { fallback?: ReactNode }) {
  return fallback ?? null;
}

/** The text of React children: what a `<title>` holds. */
const textOf = (children: ReactNode): string =>
  Children.toArray(children).map((child) => (typeof child === 'string' || typeof child === 'number' ? String(child) : isValidElement(child) ? textOf((child.props as { children?: ReactNode }).children) : '')).join('');

/**
 * `@docusaurus/Head`: the page's head is the theme's; a `<title>` and a
 * `<meta name="description">` in it give the page its title and description.
 */
export function Head({ children }: { children?: ReactNode }): null {
  const page = siteCodeContext().page;
  for (const child of Children.toArray(children)) {
    if (!isValidElement(child)) continue;
    const props = child.props as { children?: ReactNode; name?: unknown; content?: unknown };
    if (child.type === 'title') page.title = textOf(props.children);
    if (child.type === 'meta' && props.name === 'description' && typeof props.content === 'string') page.description = props.content;
  }
  return null;
}

/** `{name}` in a message, filled in from `values`. */
const interpolate = (message: string, values?: Readonly<Record<string, unknown>>): string =>
  (values ? message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : message);

/** `translate()`: the locale's string for `id` (from `i18n/<locale>/code.json`), else the message as written. */
export const translate = ({ id, message }: { id?: string; message?: string; description?: string }, values?: Readonly<Record<string, unknown>>): string => {
  const { messages } = siteCodeContext();
  return interpolate((id !== undefined ? messages[id] : undefined) ?? (message !== undefined ? messages[message] : undefined) ?? message ?? id ?? '', values);
};

/** `@docusaurus/Translate`: as `translate()`, with the children as the message. */
export function Translate({ id, children, values }: { id?: string; children?: ReactNode; values?: Readonly<Record<string, unknown>> }) {
  const message = typeof children === 'string' ? children : undefined;
  if (message === undefined && id === undefined) return children ?? null;
  return translate({ ...(id !== undefined ? { id } : {}), ...(message !== undefined ? { message } : {}) }, values);
}

/** The base URL of the site (`/`), without its trailing slash, for joining. */
const baseUrl = (): string => {
  const base = siteCodeContext().siteConfig.baseUrl;
  return typeof base === 'string' ? base : '/';
};

/** `@docusaurus/useBaseUrl`: a path on the site gets the base URL in front; a full URL stays. */
export const useBaseUrl = (url: string, options?: { absolute?: boolean; forcePrependBaseUrl?: boolean }): string => {
  if (!url || /^[a-z][a-z\d+.-]*:|^\/\/|^#/i.test(url)) return url;
  const base = baseUrl();
  const joined = url.startsWith(base) && !options?.forcePrependBaseUrl ? url : `${base.replace(/\/$/, '')}/${url.replace(/^\//, '')}`;
  const site = siteCodeContext().siteConfig.url;
  return options?.absolute && typeof site === 'string' ? `${site.replace(/\/$/, '')}${joined}` : joined;
};

/** `useBaseUrlUtils` of `@docusaurus/useBaseUrl`. */
export const useBaseUrlUtils = () => ({ withBaseUrl: useBaseUrl });

/** `@docusaurus/useIsBrowser`: false; site code renders at build time only. */
export const useIsBrowser = (): boolean => false;

/** `@docusaurus/useDocusaurusContext`: `siteConfig` from the site configuration (`customFields` included) and the one locale. */
export const useDocusaurusContext = () => {
  const { siteConfig, locale } = siteCodeContext();
  return { siteConfig, siteMetadata: { docusaurusVersion: '3' }, globalData: siteCodeContext().globalData ?? {}, i18n: { currentLocale: locale, defaultLocale: locale, locales: [locale], localeConfigs: {} } };
};

/** `useLocation` of `@docusaurus/router`: the page being rendered. */
export const useLocation = () => ({ pathname: siteCodeContext().pathname, search: '', hash: '', state: undefined, key: 'default' });

/** `useHistory` of `@docusaurus/router`: nothing to navigate at build time. */
export const useHistory = () => ({ location: useLocation(), push: () => {}, replace: () => {}, go: () => {}, goBack: () => {}, goForward: () => {}, listen: () => () => {} });

/** `useColorMode` of `@docusaurus/theme-common`: light at build time; the shell switches it in the browser. */
export const useColorMode = () => ({ colorMode: 'light' as const, isDarkTheme: false, setColorMode: () => {} });

/** Plugin data that is not there: an empty object, and the build says so once. */
const missingData = (): Record<string, unknown> => {
  siteCodeContext().pluginData = true;
  return {};
};

/** `@docusaurus/useGlobalData`: what the site's plugins gave with `setGlobalData`, by plugin name and id. */
export const useGlobalData = (): Record<string, unknown> => {
  const data = siteCodeContext().globalData;
  return data && Object.keys(data).length > 0 ? data as Record<string, unknown> : missingData();
};

/** `useAllPluginInstancesData` of `@docusaurus/useGlobalData`: the data of every instance of the plugin `name`, by id. */
export const useAllPluginInstancesData = (name?: string): Record<string, unknown> => {
  const data = name === undefined ? undefined : siteCodeContext().globalData?.[name];
  return data ? data as Record<string, unknown> : missingData();
};

/** `usePluginData` of `@docusaurus/useGlobalData`: the data of one instance (`id`, default `default`) of the plugin `name`. */
export const usePluginData = (name?: string, id = 'default'): unknown => {
  const data = name === undefined ? undefined : siteCodeContext().globalData?.[name];
  return data && id in data ? data[id] : missingData();
};

/**
 * `@theme/Layout`: the page's body goes inside our shell, so Layout renders
 * its children; its title, description, `noFooter` and `wrapperClassName`
 * go to the shell through the context.
 */
export function Layout({ title, description, noFooter, wrapperClassName, children }: { title?: string; description?: string; noFooter?: boolean; wrapperClassName?: string; children?: ReactNode }) {
  const page = siteCodeContext().page;
  if (typeof title === 'string') page.title = title;
  if (typeof description === 'string') page.description = description;
  if (noFooter === true) page.noFooter = true;
  if (typeof wrapperClassName === 'string') page.wrapperClassName = wrapperClassName;
  return children ?? null;
}

/** `@theme/DocCardList` in site code: the `items` it is given (it has no sidebar to read at build time). */
export function DocCardList({ items, className }: { items?: ReadonlyArray<DocCardItem>; className?: string }) {
  return createElement('div', { className: className ? `doc-card-list ${className}` : 'doc-card-list' }, (items ?? []).map((item, i) => createElement(DocCard, { key: i, item })));
}
