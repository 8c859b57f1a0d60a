/**
 * The stylesheet of a page's site components: the CSS that the site's
 * components import (pipeline/io/site-css.ts), only on the pages that use
 * them. A page that places components with CSS gets one stylesheet more,
 * the stylesheets of those components joined in a fixed order (the order of
 * their first use, each once), at a content-hashed path under `assets/`:
 * pages with the same components share the file.
 */
import type { Root as HastRoot, RootContent } from 'hast';
import { contentHash } from '../content-hash.ts';
import type { Content, Route } from '../types.ts';

/** The stylesheets of the site's components: by component name (`Site$Tegel`) the ids it imports, and each id's CSS. */
export interface ComponentStyles {
  readonly byComponent: Readonly<Record<string, ReadonlyArray<string>>>;
  readonly sheets: Readonly<Record<string, string>>;
}

/** The names of the JSX elements in a body, in document order, each once. */
function elementNames(tree: HastRoot, into: Set<string>): void {
  const walk = (nodes: ReadonlyArray<RootContent>): void => {
    for (const node of nodes) {
      if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        if (node.name) into.add(node.name);
      }
      if ('children' in node) walk(node.children as RootContent[]);
    }
  };
  walk(tree.children);
}

/** The bodies a route's page shows: a page's whole body, a list's excerpts. */
function routeBodies(route: Route, contents: ReadonlyMap<string, Content>): HastRoot[] {
  const body = (permalink: string): HastRoot[] => {
    const content = contents.get(permalink);
    return content ? [content.body] : [];
  };
  switch (route.type) {
    case 'docs-item':
    case 'docs-root':
    case 'docs-version-root':
      return body(route.doc.permalink);
    case 'blog-post':
      return body(route.post.permalink);
    case 'content-page':
      return body(route.page.permalink);
    case 'search':
      return route.page ? body(route.page.permalink) : [];
    case 'blog-list':
    case 'blog-tag-posts':
    case 'blog-author-posts':
      return route.pagination.items.flatMap((post) => {
        const content = contents.get(post.permalink);
        return content ? [content.excerpt ?? content.body] : [];
      });
    default:
      return [];
  }
}

/** The stylesheet a route's page needs for its components (its path under the site, and its CSS), or null. */
export function pageStylesheet(route: Route, contents: ReadonlyMap<string, Content>, styles: ComponentStyles): { readonly path: string; readonly css: string } | null {
  const names = new Set<string>();
  for (const tree of routeBodies(route, contents)) elementNames(tree, names);
  const ids = new Set([...names].flatMap((name) => styles.byComponent[name] ?? []));
  // A React page's own imports (its CSS modules) go with it, after its components'.
  if (route.type === 'content-page') for (const id of route.page.entry.react?.styles ?? []) ids.add(id);
  if (ids.size === 0) return null;
  const css = [...ids].map((id) => `/* ${id.replaceAll('*/', '* /')} */\n${styles.sheets[id] ?? ''}`).join('\n');
  return { path: `assets/componenten-${contentHash(css, 10)}.css`, css };
}
