/**
 * Stage 8, search records: DocSearch-style records from each published
 * page's rendered tree. Drafts are already gone; unlisted pages and the
 * privacy, contact and accessibility pages produce none.
 */
import type { Element, ElementContent } from 'hast';
import { toString } from 'hast-util-to-string';
import type { Content, Route } from '../types.ts';
import type { Layout } from '../types.ts';
import { portalLayout } from '../layout.ts';

export type RecordType = 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6' | 'content';

export interface Hierarchy {
  readonly lvl0: string;
  readonly lvl1: string;
  readonly lvl2: string | null;
  readonly lvl3: string | null;
  readonly lvl4: string | null;
  readonly lvl5: string | null;
  readonly lvl6: string | null;
}

export interface SearchRecord {
  readonly objectID: string;
  readonly url: string;
  readonly url_without_anchor: string;
  readonly anchor: string | null;
  readonly hierarchy: Hierarchy;
  readonly content: string | null;
  readonly type: RecordType;
  readonly language: string;
  readonly docusaurus_tag: string;
  readonly item_priority: number;
  readonly tags: ReadonlyArray<string>;
}

/** Pages that are published but not searched (spec: privacy, contact, accessibility). */
export const unsearchedPaths: ReadonlySet<string> = new Set(['/privacy', '/contact', '/toegankelijkheid', '/zoeken']);

/**
 * A page the search covers, with what its records are made of: these facts
 * and its content's body (read only when its records are made: a cached
 * page's tree is parsed when asked, pipeline/io/compact-contents.ts).
 */
export interface SearchablePage { readonly url: string; readonly lvl0: string; readonly title: string; readonly tag: string; readonly priority: number; readonly tags: ReadonlyArray<string>; readonly content: Content }

export function searchablePages(routes: ReadonlyArray<Route>, contents: ReadonlyMap<string, Content>, layout: Layout = portalLayout): SearchablePage[] {
  const pages: SearchablePage[] = [];
  for (const route of routes) {
    const content = contents.get(route.path);
    if (!content || unsearchedPaths.has(route.path)) continue;
    if (route.type === 'docs-item' || route.type === 'docs-root' || route.type === 'docs-version-root') {
      if (route.doc.unlisted) continue;
      const area = layout.docs.find((a) => a.id === route.plugin)?.label ?? route.plugin;
      pages.push({ url: route.path, lvl0: area, title: route.doc.title, tag: `docs-${route.plugin}-current`, priority: route.doc.isCategoryIndex ? 2 : 1, tags: route.doc.tags.map((t) => t.key), content });
    } else if (route.type === 'blog-post') {
      if (route.post.unlisted) continue;
      pages.push({ url: route.path, lvl0: 'Blog', title: route.post.title, tag: 'blog-posts', priority: 0, tags: route.post.tags.map((t) => t.key), content });
    } else if (route.type === 'content-page') {
      if (route.page.unlisted) continue;
      pages.push({ url: route.path, lvl0: route.page.title, title: route.page.title, tag: 'default', priority: 1, tags: [], content });
    }
  }
  return pages;
}

const headingLevel = (node: Element): number | null => (/^h[2-6]$/.test(node.tagName) ? Number(node.tagName[1]) : null);
const textTags = new Set(['p', 'li', 'td', 'th', 'dd', 'dt', 'blockquote']);
const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Records of one page: its title, every heading, and every paragraph, list item and table cell. */
export function pageRecords(page: SearchablePage, language: string): SearchRecord[] {
  const records: SearchRecord[] = [];
  const levels: Array<string | null> = [page.title, null, null, null, null, null];
  let anchor: string | null = null;
  const hierarchy = (): Hierarchy => ({
    lvl0: page.lvl0, lvl1: levels[0] ?? page.title, lvl2: levels[1] ?? null, lvl3: levels[2] ?? null,
    lvl4: levels[3] ?? null, lvl5: levels[4] ?? null, lvl6: levels[5] ?? null,
  });
  const push = (type: RecordType, content: string | null) => {
    const url = anchor ? `${page.url}#${anchor}` : page.url;
    records.push({
      objectID: `${url}::${records.length}`, url, url_without_anchor: page.url, anchor, hierarchy: hierarchy(), content, type,
      language, docusaurus_tag: page.tag, item_priority: page.priority, tags: page.tags,
    });
  };
  push('lvl1', null);
  const walk = (nodes: ReadonlyArray<ElementContent>) => {
    for (const node of nodes) {
      // A component's children (a tab, a card) are read on the page: they are searched as if they stood here.
      if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') walk(node.children);
      if (node.type !== 'element') continue;
      const level = headingLevel(node);
      if (level) {
        const text = clean(toString(node));
        levels[level - 1] = text;
        for (let i = level; i < levels.length; i++) levels[i] = null;
        anchor = typeof node.properties.id === 'string' ? node.properties.id : anchor;
        push(`lvl${level}` as RecordType, null);
      } else if (textTags.has(node.tagName)) {
        // A list item that holds a nested list: index its own text, then its children separately.
        const own = node.children.filter((c) => !(c.type === 'element' && (c.tagName === 'ul' || c.tagName === 'ol')));
        const text = clean(own.map((c) => toString(c)).join(' '));
        if (text) push('content', text);
        walk(node.children.filter((c) => c.type === 'element' && (c.tagName === 'ul' || c.tagName === 'ol')));
      } else if (node.tagName !== 'pre' && node.tagName !== 'figure' && !(node.tagName === 'section' && node.properties.dataFootnotes !== undefined)) {
        walk(node.children);
      }
    }
  };
  walk(page.content.body.children as ElementContent[]);
  return records;
}

/** Every record of the site; a docs page's `lvl0` is its area's label (`layout`, the portal's when left out). */
export function searchRecords(routes: ReadonlyArray<Route>, contents: ReadonlyMap<string, Content>, language: string, layout: Layout = portalLayout): SearchRecord[] {
  return searchablePages(routes, contents, layout).flatMap((page) => pageRecords(page, language));
}
