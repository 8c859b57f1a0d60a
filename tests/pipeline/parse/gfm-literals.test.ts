import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { unified, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import type { Root } from 'mdast';
import type { Extension } from 'micromark-util-types';
import { emailLiteralsAfterParsing, withLiteralsOnlyWherePossible, withoutEmailLiterals } from '../../../pipeline/stages/parse/gfm-literals.ts';

const literals = suite('parse: remark-gfm literals');

/** The parser with the guard, and nothing else of ours. */
const guarded = unified().use(remarkParse).use(remarkGfm).use(emailLiteralsAfterParsing).use(remarkDirective).freeze();
const tree = (md: string) => guarded.runSync(guarded.parse(md)) as Root;

literals('should run remark-gfm\'s literal step only where it can find a literal, with the same trees as when it always runs', () => {
  // The step the parser guards is still there under the name it looks for, and the guard replaces it.
  const extensions = () => (unified().use(remarkGfm).freeze().data().fromMarkdownExtensions ?? []).flat();
  const named = (list: ReturnType<typeof extensions>) => list.flatMap((e) => e.transforms ?? []).filter((t) => t.name === 'transformGfmAutolinkLiterals');
  assert.is(named(extensions()).length, 1);
  assert.is(named(extensions().map(withLiteralsOnlyWherePossible)).length, 0);
  // The parser as it was before the guard: e-mail addresses after parsing, the step on every tree.
  const unguarded = unified().use(remarkParse).use(remarkGfm).use(function (this: Processor) {
    this.data().micromarkExtensions = this.data().micromarkExtensions?.map(withoutEmailLiterals);
  }).use(remarkDirective);
  const piece = fc.constantFrom('info@example.nl', 'a@b', '@', 'www.', 'www.logius.nl', 'WWW.X.NL', 'http://', 'HTTPS://x.nl/a', 'mailto:', 'xmpp:', '[', ']', '](', ')', '[x]: /y', '<', '>', '*', '_', '`', '~', ' ', '\n', '\n\n', '- ', '> ', '| a |', 'tekst', '.', ',', '(', ':');
  fc.assert(fc.property(fc.array(piece, { maxLength: 24 }).map((p) => p.join('')), (md) => {
    assert.equal(guarded.runSync(guarded.parse(md)), unguarded.runSync(unguarded.parse(md)));
  }), { numRuns: 3000 });
});


literals('should still link e-mail addresses, found after parsing, also inside emphasis', () => {
  const strong = tree('Zie **jan.de_vries@example.nl** nu.\n').children[0];
  assert.equal(JSON.parse(JSON.stringify(strong, (k, v: unknown) => (k === 'position' ? undefined : v))), {
    type: 'paragraph',
    children: [
      { type: 'text', value: 'Zie ' },
      { type: 'strong', children: [{ type: 'link', title: null, url: 'mailto:jan.de_vries@example.nl', children: [{ type: 'text', value: 'jan.de_vries@example.nl' }] }] },
      { type: 'text', value: ' nu.' },
    ],
  });
});

literals('withoutEmailLiterals drops the e-mail tokenizer and keeps every other construct', () => {
  const micromark = (unified().use(remarkGfm).freeze().data().micromarkExtensions ?? []) as Extension[];
  const names = (list: Extension[]) => list.flatMap((e) => Object.values(e.text ?? {}).flat()).map((c) => c?.name);
  assert.ok(names(micromark).includes('emailAutolink'));
  const without = names(micromark.map(withoutEmailLiterals));
  assert.not.ok(without.includes('emailAutolink'));
  assert.equal(without, names(micromark).filter((n) => n !== 'emailAutolink'));
  const flow: Extension = { flow: {} };
  assert.is(withoutEmailLiterals(flow), flow);
});

literals('withLiteralsOnlyWherePossible runs the step only on trees with a literal outside links', () => {
  let calls = 0;
  function transformGfmAutolinkLiterals(): undefined { calls++; return undefined; }
  const other = (): undefined => undefined;
  const guardedExtension = withLiteralsOnlyWherePossible({ transforms: [other, transformGfmAutolinkLiterals] });
  assert.is(guardedExtension.transforms?.[0], other);
  const step = guardedExtension.transforms?.[1];
  const runOn = (md: string) => { calls = 0; step?.(unified().use(remarkParse).parse(md)); return calls; };
  assert.is(runOn('Geen adres hier.\n'), 0);
  assert.is(runOn('[www.logius.nl](https://www.logius.nl) en [info@x.nl][ref]\n\n[ref]: mailto:info@x.nl\n'), 0);
  assert.is(runOn('Mail info@x.nl\n'), 1);
  assert.is(runOn('- *Kijk op HTTPS://x.nl*\n'), 1);
  assert.is(runOn('www.logius.nl\n'), 1);
  const plain = { transforms: [other] };
  assert.is(withLiteralsOnlyWherePossible(plain), plain);
});

literals.run();
