/** Building blocks shared by page types: sidebar, breadcrumbs, TOC, paginators, tags, post meta. */
import type { ReactNode } from 'react';
import type { Post, Sidebar, SidebarItem, TagRef } from '../../pipeline/types.ts';
import type { TocItem } from '../../pipeline/types.ts';
import type { PageContext } from '../../renderer/context.ts';
import { labels } from '../client/labels.ts';
import { authorHref, authorImage } from './author-links.tsx';
import { ChevronIcon } from '../shell/icons.tsx';
import { dutchDate } from './dutch-date.ts';

// ---------------------------------------------------------------------------
// Docs sidebar

const containsPath = (item: SidebarItem, path: string): boolean =>
  item.href === path || (item.type === 'category' && item.items.some((child) => containsPath(child, path)));

function SidebarItems({ items, path, depth }: { items: ReadonlyArray<SidebarItem>; path: string; depth: number }) {
  return (
    <ul className={`menu-list menu-depth-${depth}`}>
      {items.map((item, i) => {
        const current = item.href === path;
        const link = item.href ? (
          <a className={`menu-link${current ? ' active' : ''}`} href={item.href} aria-current={current ? 'page' : undefined}>{item.label}</a>
        ) : (
          <span className="menu-link">{item.label}</span>
        );
        const extra = item.className ? ` ${item.className}` : '';
        // Held to the safe schema of content HTML when the sidebars file is validated (pipeline/safety/html.ts).
        if (item.type === 'html') return <li key={i} className={`menu-item menu-html${item.defaultStyle ? ' menu-link' : ''}${extra}`} dangerouslySetInnerHTML={{ __html: item.value }} />;
        if (item.type === 'link') return <li key={i} className={`menu-item${extra}`}>{link}</li>;
        const expanded = !item.collapsed || containsPath(item, path);
        const id = `menu-${depth}-${i}-${(item.href ?? item.label).replace(/[^a-z0-9]+/gi, '-')}`;
        return (
          <li key={i} className={`menu-item menu-category${expanded ? '' : ' collapsed'}${extra}`}>
            <div className="menu-category-row">
              {link}
              {item.items.length && item.collapsible !== false ? (
                <button type="button" className="menu-caret" data-menu-toggle aria-controls={id} aria-expanded={expanded ? 'true' : 'false'} aria-label={`${expanded ? labels.collapseDropdown : labels.expandDropdown}: ${item.label}`} hidden>
                  <ChevronIcon />
                </button>
              ) : null}
            </div>
            {item.items.length ? <div id={id} hidden={!expanded}><SidebarItems items={item.items} path={path} depth={depth + 1} /></div> : null}
          </li>
        );
      })}
    </ul>
  );
}

export function DocsSidebar({ sidebar, path }: { sidebar: Sidebar; path: string }) {
  return (
    <aside className="docs-sidebar" aria-label={labels.sidebarNav}>
      <nav aria-label={labels.docsSidebar} data-docs-sidebar>
        <SidebarItems items={sidebar.items} path={path} depth={0} />
      </nav>
    </aside>
  );
}

/** Sidebar items from the top down to the item for `path`. */
export function trail(items: ReadonlyArray<SidebarItem>, path: string): SidebarItem[] {
  for (const item of items) {
    if (item.href === path) return [item];
    if (item.type === 'category') {
      const below = trail(item.items, path);
      if (below.length) return [item, ...below];
    }
  }
  return [];
}

export function findItem(items: ReadonlyArray<SidebarItem>, path: string): SidebarItem | null {
  return trail(items, path).pop() ?? null;
}

// ---------------------------------------------------------------------------

export function Breadcrumbs({ crumbs }: { crumbs: ReadonlyArray<{ label: string; href: string | null }> }) {
  return (
    <nav className="breadcrumbs" aria-label={labels.breadcrumbs}>
      <ol>
        <li><a href="/">{labels.home}</a></li>
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={i}>
              {last || !c.href ? <span aria-current={last ? 'page' : undefined}>{c.label}</span> : <a href={c.href}>{c.label}</a>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** TOC entries with the deeper headings nested under the one before them. */
function tocTree(toc: ReadonlyArray<TocItem>): Array<{ item: TocItem; children: TocItem[] }> {
  const min = Math.min(...toc.map((t) => t.depth));
  const tree: Array<{ item: TocItem; children: TocItem[] }> = [];
  for (const item of toc) {
    const parent = tree[tree.length - 1];
    if (item.depth > min && parent) parent.children.push(item);
    else tree.push({ item, children: [] });
  }
  return tree;
}

function TocLinks({ toc }: { toc: ReadonlyArray<TocItem> }) {
  return (
    <ul>
      {tocTree(toc).map(({ item, children }) => (
        <li key={item.id}>
          <a href={`#${item.id}`}>{item.text}</a>
          {children.length ? <ul>{children.map((c) => <li key={c.id}><a href={`#${c.id}`}>{c.text}</a></li>)}</ul> : null}
        </li>
      ))}
    </ul>
  );
}

/** The table of contents beside the article, from 997 px up. */
export function TableOfContents({ toc }: { toc: ReadonlyArray<TocItem> }) {
  if (toc.length === 0) return null;
  return (
    <nav className="toc" aria-labelledby="toc-title">
      <p className="toc-title" id="toc-title">{labels.onThisPage}</p>
      <TocLinks toc={toc} />
    </nav>
  );
}

/**
 * The same table of contents at the top of the article below 997 px, closed
 * until the reader opens it: a details element, so it works without
 * JavaScript. Hidden from 997 px up, where the side TOC shows (docs.css).
 */
export function CollapsibleTableOfContents({ toc }: { toc: ReadonlyArray<TocItem> }) {
  if (toc.length === 0) return null;
  return (
    <details className="toc-collapsible">
      <summary className="toc-collapsible-summary">
        {labels.onThisPage}
        <ChevronIcon />
      </summary>
      <nav className="toc-collapsible-links" aria-label={labels.onThisPage}>
        <TocLinks toc={toc} />
      </nav>
    </details>
  );
}

export function Paginator({ label, previous, next, previousLabel, nextLabel }: {
  label: string;
  previous: { href: string; title: string } | null;
  next: { href: string; title: string } | null;
  previousLabel: string;
  nextLabel: string;
}) {
  if (!previous && !next) return null;
  return (
    <nav className="paginator" aria-label={label}>
      {previous ? (
        <a className="paginator-link paginator-previous" href={previous.href} rel="prev">
          <span className="paginator-sublabel">{previousLabel}</span>
          <span className="paginator-label">« {previous.title}</span>
        </a>
      ) : <span />}
      {next ? (
        <a className="paginator-link paginator-next" href={next.href} rel="next">
          <span className="paginator-sublabel">{nextLabel}</span>
          <span className="paginator-label">{next.title} »</span>
        </a>
      ) : <span />}
    </nav>
  );
}

export function TagList({ tags }: { tags: ReadonlyArray<TagRef> }) {
  if (tags.length === 0) return null;
  return (
    <div className="tags-row">
      <span className="tags-label">{labels.tags}</span>
      <ul className="tags">
        {tags.map((t) => <li key={t.key}><a className="tag" href={t.permalink} rel="tag">{t.label}</a></li>)}
      </ul>
    </div>
  );
}

/**
 * A Docusaurus `editUrl` joined with a file's path under the site root, as
 * Docusaurus joins them (`normalizeUrl`): one slash between, so
 * `https://github.com/org/repo/edit/main/` and `docs/intro.md` give
 * `https://github.com/org/repo/edit/main/docs/intro.md`.
 */
export const editUrlOf = (base: string, file: string): string => `${base.replace(/\/+$/, '')}/${file.replace(/^\/+/, '')}`;

/** The "edit this page" link: it opens the repository in a new tab. */
export function EditPageLink({ href }: { href: string }) {
  return <a href={href} target="_blank" rel="noopener noreferrer">{labels.editPage}<span className="visually-hidden"> {labels.opensInNewTab}</span></a>;
}

export const readingMinutes = (ctx: PageContext, post: Post): number =>
  Math.max(1, Math.ceil((ctx.contents.get(post.permalink)?.words ?? 0) / ctx.site.config.blog.wordsPerMinute));

export function PostMeta({ ctx, post }: { ctx: PageContext; post: Post }) {
  return (
    <div className="post-meta">
      <p className="post-date-line">
        <time dateTime={post.date}>{dutchDate(post.date)}</time>
        <span aria-hidden="true"> · </span>
        <span>{labels.readingTime(readingMinutes(ctx, post))}</span>
      </p>
      {post.authors.length ? (
        <ul className="post-authors">
          {post.authors.map((a) => {
            const href = authorHref(a);
            const image = authorImage(ctx, a);
            return (
              <li key={a.key || a.name} className="post-author">
                {image ? <img src={image} alt="" width="40" height="40" className="avatar" /> : null}
                <span>
                  {href ? <a href={href}>{a.name}</a> : a.name}
                  {a.title ? <span className="author-title">{a.title}</span> : null}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

export function Banner({ kind, children }: { kind: 'draft' | 'unlisted' | 'unmaintained'; children: ReactNode }) {
  return <div className={`banner banner-${kind}`} role="note">{children}</div>;
}
