/**
 * Mermaid fences become figures: the SVG the io edge drew, or the source,
 * marked so that the browser draws it (theme/client/mermaid-lazy.ts), with a
 * text alternative made of the diagram's labels.
 */
import type { Code, Root, RootContent } from 'mdast';
import { contentHash } from '../assets.ts';
import { error, placeOf, warning, type Problem } from '../../problem.ts';
import type { Diagram } from '../../types.ts';
import { codeBlocks, diagramSources } from '../code-blocks.ts';
import type { Handler } from './walk.ts';

export interface MermaidFigures {
  /** Replaces a `mermaid` fence by its figure. */
  readonly code: Handler<Code>;
  /** Whether the page shows a diagram, once the walk is done. */
  readonly found: () => boolean;
}

/** A short text alternative: the node labels of the diagram, in order. */
export function describeDiagram(source: string): string {
  const labels = [...source.matchAll(/\[\s*"?([^\]"]+)"?\s*\]|\(\s*"?([^)"]+)"?\s*\)|participant\s+\S+\s+as\s+(.+)|participant\s+(\S+)/g)]
    .map((m) => (m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').trim())
    .filter(Boolean);
  return labels.length ? [...new Set(labels)].slice(0, 12).join(', ') : 'zie de broncode van het diagram';
}

/**
 * The mermaid job of one page. `diagrams` holds the SVGs by hash of the
 * source; null means the io edge had no Chromium, which is worth a warning
 * (pure test runs pass an empty map: no warning).
 */
export function mermaidFigures(file: string, diagrams: ReadonlyMap<string, Diagram> | null): MermaidFigures {
  let shown = false;
  const code: Handler<Code> = (node) => {
    shown = true;
    const source = node.value;
    const place = placeOf(node);
    const diagram = diagrams?.get(contentHash(source, 16));
    const label = source.trim().split('\n')[0]?.startsWith('sequenceDiagram') ? 'Sequentiediagram' : 'Diagram';
    const svg = diagram && 'svg' in diagram ? diagram.svg : null;
    // Not drawn: the page keeps the source, marked so that the shell loads mermaid for this diagram in the browser.
    const lazy = !diagram;
    const problems: Problem[] = [
      ...(diagram && 'error' in diagram ? [error('mermaid-syntax', file, place, `Het mermaid-diagram kan niet worden getekend: ${diagram.error}. Controleer de syntax op https://mermaid.js.org.`)] : []),
      ...(lazy && !diagrams ? [warning('mermaid-unavailable', file, place, 'Er is geen Chromium om dit diagram tijdens de build te tekenen; de browser tekent het nu bij het laden. Installeer chromium voor diagrammen zonder JavaScript.')] : []),
    ];
    const figure = {
      type: 'mermaidDiagram',
      data: {
        hName: 'figure',
        hProperties: {
          className: ['mermaid-diagram'], dataMermaidSvg: svg ?? undefined, dataMermaidSource: svg ? undefined : source,
          dataMermaidLazy: lazy ? '' : undefined, dataLabel: `${label}: ${describeDiagram(source)}`,
        },
      },
      children: [],
      position: node.position,
    };
    // Not a node type of mdast: remark-rehype makes the element from `data` alone.
    return { problems, replace: [figure as unknown as RootContent] };
  };
  return { code, found: () => shown };
}

/** Mermaid sources by hash, so the io edge renders each distinct diagram once. */
export const mermaidSources = (trees: ReadonlyArray<Root>): Map<string, string> => diagramSources(trees.flatMap((tree) => codeBlocks(tree)));
