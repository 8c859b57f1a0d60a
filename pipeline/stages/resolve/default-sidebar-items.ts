/**
 * Docusaurus' `defaultSidebarItemsGenerator` as a site's own
 * `sidebarItemsGenerator` calls it in the plugin box
 * (pipeline/io/workers/plugin-box-worker.ts): resolve made our items for the
 * part beforehand (pipeline/stages/resolve/generated-sidebar.ts); this narrows
 * them to the arguments the generator passes. No imports: the box loads it.
 */

/**
 * What `defaultSidebarItemsGenerator` gives for the arguments a generator
 * passes: our items for the part, with only the docs in `docs` when it passes
 * a list (the usual way to leave docs out: `defaultSidebarItemsGenerator({
 * ...args, docs: args.docs.filter(…) })`). A category keeps its link only
 * when that doc is in the list, and a category left without items or link
 * goes, as Docusaurus leaves out an empty folder. Other arguments (another
 * `item.dirName`, an own `numberPrefixParser`) do not change our items.
 */
export function defaultItemsFor(defaults: ReadonlyArray<unknown>, args: unknown): unknown[] {
  const docs = typeof args === 'object' && args !== null ? (args as { docs?: unknown }).docs : undefined;
  if (!Array.isArray(docs)) return structuredClone([...defaults]);
  const ids = new Set(docs.flatMap((doc: unknown) => (typeof doc === 'object' && doc !== null && typeof (doc as { id?: unknown }).id === 'string' ? [(doc as { id: string }).id] : [])));
  const isDocRef = (value: unknown): value is { type: 'doc'; id: string } => typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'doc';
  const keep = (items: ReadonlyArray<unknown>): unknown[] => items.flatMap((item): unknown[] => {
    if (isDocRef(item)) return ids.has(item.id) ? [structuredClone(item)] : [];
    if (typeof item !== 'object' || item === null || (item as { type?: unknown }).type !== 'category') return [structuredClone(item)];
    const { link, items: children, ...category } = item as { link?: unknown; items?: ReadonlyArray<unknown> };
    const kept = keep(children ?? []);
    const keptLink = link !== undefined && (!isDocRef(link) || ids.has(link.id)) ? { link: structuredClone(link) } : {};
    return kept.length > 0 || 'link' in keptLink ? [{ ...structuredClone(category), items: kept, ...keptLink }] : [];
  });
  return keep(defaults);
}
