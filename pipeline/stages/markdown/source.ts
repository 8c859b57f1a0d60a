/**
 * The source text of nodes, for what the stage puts back as written (text
 * that only looked like a directive). Lines are indexed once per page, and
 * only when a node asks.
 */
import { location } from 'vfile-location';
import type { Nodes } from 'mdast';

/** A node's text as written in `source`; null without a source or a position. */
export type SourceOf = (node: Nodes) => string | null;

export function sourceOf(source: string | undefined): SourceOf {
  let place: ReturnType<typeof location> | null = null;
  return (node) => {
    const start = node.position?.start;
    const end = node.position?.end;
    if (!source || !start || !end) return null;
    place ??= location(source);
    const from = place.toOffset(start);
    const to = place.toOffset(end);
    return from === undefined || to === undefined ? null : source.slice(from, to);
  };
}
