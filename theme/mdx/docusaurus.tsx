/**
 * What a site's own components import from Docusaurus, as our own plain
 * versions: the io edge (pipeline/io/site-components.ts) points each
 * `@docusaurus/…` and `@theme/…` import at one of these. Site components
 * render once, at build time, so whatever only matters in a browser
 * (`BrowserOnly`, `Head`) renders nothing here.
 */
import type { ReactNode } from 'react';
import { createElement } from 'react';
export { Tabs } from './Tabs.tsx';
export { TabItem } from './TabItem.tsx';
export { DocCard } from './DocCard.tsx';

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

/** `@docusaurus/Head`: the page's head is the theme's. */
export function Head(): null {
  return null;
}

/** `@docusaurus/Translate`: the text as written (one language). */
export function Translate({ children }: { children?: ReactNode }) {
  return children ?? null;
}

export const translate = ({ message }: { message: string }): string => message;

/** `@docusaurus/useBaseUrl`: the site lives at `/`. */
export const useBaseUrl = (url: string): string => url;

/** `@docusaurus/useIsBrowser`: false; components render at build time only. */
export const useIsBrowser = (): boolean => false;

/** `@docusaurus/useDocusaurusContext`: what a component can know at build time without the site's configuration code. */
export const useDocusaurusContext = () => ({ siteConfig: { baseUrl: '/', customFields: {} }, i18n: { currentLocale: 'nl', defaultLocale: 'nl', locales: ['nl'] } });
