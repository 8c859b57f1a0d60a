/** The page shell: document head, skip link, header, main landmark and footer. */
import type { ReactNode } from 'react';
import type { PageContext } from '../../renderer/context.ts';
import { labels } from '../client/labels.ts';
import { fontFile, siteFont } from '../fonts.ts';
import { Navbar } from './Navbar.tsx';
import { Footer } from './Footer.tsx';
import { AnnouncementBar } from './AnnouncementBar.tsx';
import { PublishingHead, metaDescription } from './PublishingHead.tsx';
import { tagline } from './site-text.ts';
import type { StructuredData } from '../../renderer/structured-data.ts';

export interface LayoutProps {
  readonly ctx: PageContext;
  readonly title: string;
  readonly description: string | null;
  readonly children: ReactNode;
  /** Rendered before `main`, as its own landmark (docs sidebars). */
  readonly sidebar?: ReactNode;
  readonly robots?: string;
  readonly ogType?: 'website' | 'article';
  /** JSON-LD for this page (BreadcrumbList on docs, BlogPosting on posts). */
  readonly structuredData?: StructuredData;
  /** No footer: a React page whose `Layout` asked for none (`noFooter`). */
  readonly noFooter?: boolean;
}

const noScriptCss = '@media (max-width: 996px) { .navbar-items { display: block; } .navbar-toggle { display: none !important; } }';

export function Layout({ ctx, title, description, children, sidebar, robots, ogType = 'website', structuredData, noFooter = false }: LayoutProps) {
  const { site, route } = ctx;
  const { config } = site;
  const isHome = route.path === '/';
  const fullTitle = isHome ? `${config.siteName} | ${tagline(ctx)}` : `${title} | ${config.siteName}`;
  const canonical = `${config.url.replace(/\/$/, '')}${route.path}`;
  const text = metaDescription(description ?? tagline(ctx));
  const regularFont = ctx.theme.files.get(fontFile(siteFont.preload));
  return (
    <html lang={config.locale.lang} dir={config.locale.direction} data-page={isHome ? 'home' : route.path} data-theme={config.colorMode.defaultMode} data-default-theme={config.colorMode.defaultMode} data-respect-system={config.colorMode.disableSwitch ? undefined : String(config.colorMode.respectPrefersColorScheme)} data-announcement={config.announcementBar?.isCloseable ? config.announcementBar.id : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{fullTitle}</title>
        <meta name="description" content={text} />
        {robots ? <meta name="robots" content={robots} /> : null}
        <link rel="canonical" href={canonical} />
        <meta property="og:type" content={ogType} />
        <meta property="og:site_name" content={config.siteName} />
        <meta property="og:locale" content="nl_NL" />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={text} />
        <meta property="og:url" content={canonical} />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={title} />
        <meta name="twitter:description" content={text} />
        <PublishingHead ctx={ctx} structuredData={structuredData} />
        {/* Before first paint: a stored colour choice (only with a colour switch) and a dismissed announcement bar. */}
        {config.colorMode.disableSwitch && !config.announcementBar?.isCloseable ? null : <script src={ctx.theme.files.get('theme-init.js') ?? '/theme-init.js'} />}
        {/* The regular face, before the stylesheet: the browser fetches it at once instead of after the CSS. */}
        {regularFont ? <link rel="preload" href={regularFont} as="font" type="font/woff2" crossOrigin="" /> : null}
        <link rel="stylesheet" href={ctx.theme.css} />
        {/* The site's own CSS after ours: its components', then its customCss, so the site keeps its brand. */}
        {ctx.stylesheets?.map((href) => <link key={href} rel="stylesheet" href={href} />)}
        {/* Without JavaScript there is no mobile menu: the navbar shows its items instead. */}
        <noscript><style>{noScriptCss}</style></noscript>
        {ctx.theme.js ? <script type="module" src={ctx.theme.js} /> : null}
        {ctx.theme.islands ? <script type="module" src={ctx.theme.islands} /> : null}
        {ctx.dev ? <script src="/__dev/reload.js" defer /> : null}
      </head>
      <body>
        <a className="skip-link" href="#hoofdinhoud">{labels.skipToContent}</a>
        {config.announcementBar ? <AnnouncementBar {...config.announcementBar} /> : null}
        <Navbar ctx={ctx} />
        <div className="page">
          {sidebar}
          <main id="hoofdinhoud" tabIndex={-1}>{children}</main>
        </div>
        {noFooter ? null : <Footer ctx={ctx} />}
      </body>
    </html>
  );
}
