/**
 * What the lazily loaded search modal (theme/client/search-modal.ts) needs to know, as data
 * attributes on the navbar's search link or button: the search backend (the same
 * `data-search-config` as the search page, theme/shell/search-config.ts), the search page, the
 * "Laat het ons weten." target and the suggested terms.
 */
import type { Site } from '../../pipeline/types.ts';
import { memoSlot, type PageContext } from '../../renderer/context.ts';
import { clientSearchConfig } from './search-config.ts';
import { defaultDocsArea } from '../../pipeline/layout.ts';

/** How many terms the modal suggests under "Probeer om te zoeken op". */
export const suggestionCount = 5;

/**
 * Suggested search terms: the labels of the tags used by the most published, listed articles of the
 * default docs area (the knowledge base; ties by label), so the list follows the content instead of
 * being written into the UI.
 */
export function searchSuggestions(site: Site, count = suggestionCount): string[] {
  const uses = new Map<string, { label: string; n: number }>();
  const area = defaultDocsArea(site.config.layout)?.id;
  for (const doc of site.docs) {
    if (doc.plugin !== area || doc.draft || doc.unlisted) continue;
    for (const tag of doc.tags) uses.set(tag.key, { label: tag.label, n: (uses.get(tag.key)?.n ?? 0) + 1 });
  }
  return [...uses.values()].sort((a, b) => b.n - a.n || a.label.localeCompare(b.label, 'nl')).slice(0, count).map((t) => t.label);
}

/** The suggestions as JSON, kept for the build: every page's navbar carries the same. */
const suggestionsJson = memoSlot<string>('search suggestions');

/** The data attributes; React escapes their values, and the client only ever reads them as text. */
export function searchModalData(ctx: PageContext): Record<`data-${string}`, string> {
  const { config } = ctx.site;
  const suggestions = ctx.memo.get(suggestionsJson, () => JSON.stringify(searchSuggestions(ctx.site)));
  return {
    'data-search-modal': '',
    'data-search-config': JSON.stringify(clientSearchConfig(ctx.site, ctx.theme.searchIndex ?? null)),
    'data-search-page': config.search.page ?? '',
    'data-idea-url': config.ideaUrl ?? '',
    'data-suggestions': suggestions,
  };
}
