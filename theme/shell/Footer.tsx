/** Footer: link columns or a simple row (both from configuration), optional logo with light and dark variants, copyright. */
import { renderToStaticMarkup } from 'react-dom/server';
import { memoSlot, themeFile, type PageContext } from '../../renderer/context.ts';
import { labels } from '../client/labels.ts';
import { siteHosts } from './site-text.ts';
import { SmartLink } from './SmartLink.tsx';

/** The footer's markup: the same on every page of a build, where rendering it took a sixth of the pages' React time. */
const markup = memoSlot<string>('footer');

export function Footer({ ctx }: { ctx: PageContext }) {
  const html = ctx.memo.get(markup, () => renderToStaticMarkup(<FooterContent ctx={ctx} />));
  return <footer className="footer" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Link columns or a row, the logo and the copyright: only the site's configuration and theme files. */
function FooterContent({ ctx }: { ctx: PageContext }) {
  const { footer } = ctx.site.config;
  const hosts = siteHosts(ctx);
  return (
    <div className="footer-inner">
      {footer.style === 'columns' ? (
        <nav className="footer-columns" aria-label={labels.footerNav}>
          {(footer.columns ?? []).map((column) => (
            <div className="footer-column" key={column.title}>
              <h2 className="footer-title">{column.title}</h2>
              <ul>
                {column.items.map((item) => <li key={item.href}><SmartLink href={item.href} siteHosts={hosts}>{item.label}</SmartLink></li>)}
              </ul>
            </div>
          ))}
        </nav>
      ) : (
        <nav className="footer-row" aria-label={labels.footerNav}>
          <ul>{(footer.links ?? []).map((item) => <li key={item.href}><SmartLink href={item.href} siteHosts={hosts}>{item.label}</SmartLink></li>)}</ul>
        </nav>
      )}
      {footer.logo ? (
        // Light and dark variants follow the site's colour mode (data-theme), not only the OS setting.
        <p className="footer-logo">
          <img className={footer.logo.srcDark ? 'themed-light' : undefined} src={themeFile(ctx, footer.logo.src)} alt={footer.logo.alt} width="120" height="48" />
          {footer.logo.srcDark ? <img className="themed-dark" src={themeFile(ctx, footer.logo.srcDark)} alt={footer.logo.alt} width="120" height="48" /> : null}
        </p>
      ) : null}
      <p className="footer-copyright">{footer.copyright}</p>
    </div>
  );
}
