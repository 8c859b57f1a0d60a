/**
 * The nesting limit as the parse stage applies it, on generated Markdown:
 * lists, quotes, container directives and raw HTML, mixed, on one line and
 * over many lines, up to the size limit. Each file is either refused with
 * `markup-too-complex` at the line where it goes beyond the limit, without
 * the parser ever seeing it, or parsed into a tree no deeper than the limit.
 * The work is bounded by that depth (see micromark-edits.test.ts for the work
 * per nested line), so no time is measured here.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import type { Nodes, Root } from 'mdast';
import { parseMarkdown } from '../../../pipeline/stages/parse.ts';
import { limits } from '../../../pipeline/stages/parse/limits.ts';
import { Store } from '../../../pipeline/memo.ts';
import { problemsOf, valueOf } from '../../../pipeline/result.ts';

const test = suite('parse: the nesting limit');

type Level = 'bullet' | 'ordered' | 'quote' | 'directive' | 'html';
const containerLevels: ReadonlyArray<Level> = ['bullet', 'ordered', 'quote'];
const allLevels: ReadonlyArray<Level> = [...containerLevels, 'directive', 'html'];

/** What opens a level on the line of its own, and what continues it on the lines inside it. */
const opener: Record<Level, string> = { bullet: '- ', ordered: '1. ', quote: '> ', directive: ':::', html: '<div>' };
const continuation: Record<Level, string> = { bullet: '  ', ordered: '   ', quote: '> ', directive: '', html: '' };

interface Nested {
  readonly body: string;
  /** The levels, in the order they open. */
  readonly levels: ReadonlyArray<Level>;
  /** The line of the body (1-based) on which each level opens. */
  readonly lines: ReadonlyArray<number>;
}

/** Each level on a line of its own, inside the ones before it. */
function overManyLines(levels: ReadonlyArray<Level>, before: number): Nested {
  const text: string[] = [];
  const lines: number[] = [];
  let prefix = '';
  levels.forEach((level, i) => {
    lines.push(before + text.length + 1);
    if (level === 'directive') {
      // An outer directive needs a longer fence than the ones inside it: a fence of its size would close it.
      const inner = levels.slice(i + 1).filter((l) => l === 'directive').length;
      text.push(`${prefix}${':'.repeat(3 + inner)}note`);
    } else if (level === 'html') {
      text.push(`${prefix}<div>`, prefix.trimEnd());
    } else {
      text.push(`${prefix}${opener[level]}x`);
    }
    prefix += continuation[level];
  });
  text.push(`${prefix}x`);
  return { body: text.join('\n'), levels, lines };
}

/** The containers on one line, then the elements. */
function onOneLine(containers: number, kinds: ReadonlyArray<Level>, elements: number, before: number): Nested {
  const levels = [...Array.from({ length: containers }, (_, i) => kinds[i % kinds.length] as Level), ...Array.from({ length: elements }, (): Level => 'html')];
  return { body: `${levels.map((l) => opener[l]).join('')}x`, levels, lines: levels.map(() => before + 1) };
}

const containerTypes = new Set(['listItem', 'blockquote', 'footnoteDefinition', 'containerDirective']);
function treeDepth(node: Nodes): number {
  let deepest = 0;
  for (const child of 'children' in node ? node.children : []) deepest = Math.max(deepest, treeDepth(child));
  return deepest + (containerTypes.has(node.type) ? 1 : 0);
}

const frontmatter = '---\ntitle: Diep\n---\n';
const frontmatterLines = 3;

/** Parses `nested` after `filler` paragraphs and checks the outcome against the depth it was built with. */
function holds(nested: Nested, filler: number): void {
  const text = `${frontmatter}${'Tekst.\n\n'.repeat(filler)}${nested.body}\n`;
  assert.ok(text.length <= limits.fileChars, 'within the size limit');
  // The store stands in for the parser: it counts the bodies it was asked to parse.
  const parser = new Store<Root>();
  const result = parseMarkdown({ path: 'kennisbank/diep.md', display: 'content/kennisbank/diep.md', text }, parser);
  const refusals = problemsOf(result).filter((p) => p.code === 'markup-too-complex');
  const tree = valueOf(result)?.tree ?? { type: 'root', children: [] };
  if (nested.levels.length > limits.nesting) {
    const line = frontmatterLines + (nested.lines[limits.nesting] ?? 0);
    assert.equal(refusals.map((p) => [p.file, p.line]), [['content/kennisbank/diep.md', line]], `refused at line ${line}`);
    assert.match(refusals[0]?.message ?? '', `het maximum is ${limits.nesting}`);
    assert.is(parser.misses, 0, 'never parsed');
    assert.equal(tree, { type: 'root', children: [] });
  } else {
    assert.equal(refusals, [], 'not refused');
    assert.is(parser.misses, 1, 'parsed');
    const depth = treeDepth(tree);
    assert.is(depth, nested.levels.filter((l) => l !== 'html').length, 'the tree nests as written');
    assert.ok(depth <= limits.nesting);
  }
}

const filler = fc.integer({ min: 0, max: 200 });
/** 1 to `most` levels of these kinds; the length is drawn evenly, not kept small as fast-check keeps arrays. */
const levels = (kinds: ReadonlyArray<Level>, most: number) =>
  fc.integer({ min: 1, max: most }).chain((n) => fc.array(fc.constantFrom(...kinds), { minLength: n, maxLength: n }));

test('should refuse or parse nesting over many lines within the limit', () => {
  fc.assert(fc.property(
    levels(allLevels, 2 * limits.nesting), filler,
    (levels, before) => holds(overManyLines(levels, 2 * before), before),
  ), { numRuns: 150 });
});

test('should refuse or parse nesting on one line, up to the size limit', () => {
  const depth = fc.oneof(fc.integer({ min: 0, max: 2 * limits.nesting }), fc.integer({ min: 0, max: Math.floor((limits.fileChars - 2000) / 3) }));
  fc.assert(fc.property(
    levels(containerLevels, 3), depth, fc.integer({ min: 0, max: 2 * limits.nesting }), filler,
    (kinds, containers, elements, before) => {
      // Within the size limit: three characters for each container (`1. `), five for each element.
      const fits = Math.min(elements, Math.floor((limits.fileChars - 2000 - 3 * containers) / 5));
      holds(onOneLine(containers, kinds, Math.max(0, fits), 2 * before), before);
    },
  ), { numRuns: 150 });
});

test('should refuse the examples of the issue: 10 000, 500 and 33 list levels on one line', () => {
  for (const depth of [10_000, 500, 33]) holds(onOneLine(depth, ['bullet'], 0, 0), 0);
  holds(onOneLine(limits.nesting, ['bullet'], 0, 0), 0);
  holds(onOneLine(11, ['ordered', 'bullet', 'quote'], 0, 2), 1);
});

test.run();
