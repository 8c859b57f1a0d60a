/**
 * Without rehype-raw the tree keeps two quirks that its re-parse would
 * remove, and that later stages (feeds, search, the renderer) do not expect:
 * shiki puts each highlighted block in a nested `root`, with HTML attribute
 * names (`class`, `data-title`) as property names; and remark-rehype writes
 * boolean `true` for some data attributes (`data-footnote-ref`). This gives
 * the tree the shape a re-parse would.
 */
import type { Element, Root } from 'hast';

/** Whether `settledProperties` would change anything (most elements have nothing to settle). */
function unsettled(properties: Record<string, unknown>): boolean {
  for (const key in properties) {
    if (key === 'class' || key.startsWith('data-') || (properties[key] === true && /^data[A-Z]/.test(key))) return true;
  }
  return false;
}

function settledProperties(properties: Record<string, unknown>): Element['properties'] {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(properties)) {
    if (key === 'class') out.className = typeof value === 'string' ? value.split(/\s+/).filter(Boolean) : value;
    else if (key.startsWith('data-')) out[`data${key.slice(4).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}`] = value === true ? '' : value;
    else if (/^data[A-Z]/.test(key) && value === true) out[key] = '';
    else out[key] = value;
  }
  return out as Element['properties'];
}

/** Settles the tree in place. */
export function settle(tree: Root): void {
  const walk = (node: { children?: unknown[] }) => {
    if (!Array.isArray(node.children)) return;
    if (node.children.some((child) => (child as { type?: string }).type === 'root')) {
      node.children = node.children.flatMap((child) => ((child as { type?: string }).type === 'root' ? (child as { children: unknown[] }).children : [child]));
    }
    for (const child of node.children as Array<{ type: string; properties?: Record<string, unknown>; children?: unknown[] }>) {
      if (child.type === 'element' && child.properties && unsettled(child.properties)) child.properties = settledProperties(child.properties);
      walk(child);
    }
  };
  walk(tree);
}
