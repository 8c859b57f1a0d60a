/**
 * Mermaid fences become figures: the SVG the io edge drew, sanitised to the
 * SVG schema (svg-sanitize.ts), or the source, marked so that the browser
 * draws it (theme/client/mermaid-lazy.ts), with a text alternative made of
 * the diagram's labels. HTML in a label is a warning at its line: mermaid
 * draws labels as SVG text, so the tags would show as text.
 */
import type { Code, Root, RootContent } from 'mdast';
import { contentHash } from '../../content-hash.ts';
import { error, placeOf, warning, type Place, type Problem } from '../../problem.ts';
import type { Diagram } from '../../types.ts';
import { codeBlocks, diagramSources } from '../code-blocks.ts';
import { sanitizedDiagram } from '../svg-sanitize.ts';
import type { Handler } from './walk.ts';

export interface MermaidFigures {
  /** Replaces a `mermaid` fence by its figure. */
  readonly code: Handler<Code>;
  /** Whether the page shows a diagram, once the walk is done. */
  readonly found: () => boolean;
}

/**
 * A start or end tag as HTML reads one (`<` and a letter), but not mermaid's
 * own syntax: `<<interface>>` annotations and arrows (`<-->`, `<<->>`) have
 * no letter right after a single `<`.
 */
const tagPattern = /(?<!<)<(\/?)([a-zA-Z][\w:-]*)[^<>]*>?/g;

/** A line break, which mermaid draws as a new line of the label. */
const lineBreak = /^<br\s*\/?>$/i;

/** A short text alternative: the node labels of the diagram, in order, as the text they show (tags are not read out). */
export function describeDiagram(source: string): string {
  const labels = [...source.matchAll(/\[\s*"?([^\]"]+)"?\s*\]|\(\s*"?([^)"]+)"?\s*\)|participant\s+\S+\s+as\s+(.+)|participant\s+(\S+)/g)]
    .map((m) => (m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').replace(tagPattern, ' ').replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return labels.length ? [...new Set(labels)].slice(0, 12).join(', ') : 'zie de broncode van het diagram';
}

/** An HTML tag in a diagram's source: the tags on one line, and where the first starts. */
export interface HtmlInLabel {
  /** 0-based line and column in the source. */
  readonly line: number;
  readonly column: number;
  readonly tags: ReadonlyArray<string>;
}

/** The HTML tags written in a diagram's labels, by line; `%%` comments and directives aside. */
export function htmlInLabels(source: string): HtmlInLabel[] {
  return source.split(/\r\n?|\n/).flatMap((text, line): HtmlInLabel[] => {
    if (/^\s*%%/.test(text)) return [];
    const tags = [...text.matchAll(tagPattern)].filter((m) => !lineBreak.test(m[0]));
    const first = tags[0];
    return first ? [{ line, column: first.index, tags: [...new Set(tags.map((m) => `<${m[1]}${(m[2] ?? '').toLowerCase()}>`))] }] : [];
  });
}

/** Where a line of a fence's source is in the file: the fence's first line is the one after its opening. */
const sourcePlace = (fence: Place, at: HtmlInLabel): Place => ({ line: fence.line + 1 + at.line, column: fence.column + at.column });

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
    const hash = contentHash(source, 16);
    const diagram = diagrams?.get(hash);
    const label = source.trim().split('\n')[0]?.startsWith('sequenceDiagram') ? 'Sequentiediagram' : 'Diagram';
    // The io edge draws a diagram as `mermaid-<hash>`: its own ids (markers, style sheet) start with that.
    const svg = diagram && 'svg' in diagram ? sanitizedDiagram(diagram.svg, `mermaid-${hash}`) : null;
    // Not drawn: the page keeps the source, marked so that the shell loads mermaid for this diagram in the browser.
    const lazy = !diagram;
    const problems: Problem[] = [
      ...(diagram && 'error' in diagram ? [error('mermaid-syntax', file, place, `Het mermaid-diagram kan niet worden getekend: ${diagram.error}. Controleer de syntax op https://mermaid.js.org.`)] : []),
      ...(lazy && !diagrams ? [warning('mermaid-unavailable', file, place, 'Er is geen Chromium om dit diagram tijdens de build te tekenen; de browser tekent het nu bij het laden. Installeer chromium voor diagrammen zonder JavaScript.')] : []),
      ...htmlInLabels(source).map((at) => warning('mermaid-html-label', file, sourcePlace(place, at),
        `Dit diagramlabel bevat HTML (${at.tags.join(', ')}): het diagram toont dat als tekst, niet als opmaak. Schrijf gewone tekst, <br> voor een nieuwe regel, of een Markdown-string ("\`**vet**\`").`)),
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
