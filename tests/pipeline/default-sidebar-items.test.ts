import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { defaultItemsFor } from '../../pipeline/stages/resolve/default-sidebar-items.ts';

const test = suite('resolve: defaultSidebarItemsGenerator narrowed to the docs a generator passes');

const defaults = [
  { type: 'doc', id: 'intro', label: 'Intro' },
  { type: 'category', label: 'Gidsen', items: [{ type: 'doc', id: 'gidsen/een' }, { type: 'doc', id: 'gidsen/twee' }], link: { type: 'doc', id: 'gidsen/index' } },
  { type: 'category', label: 'Leeg', items: [{ type: 'doc', id: 'leeg/alleen' }] },
  { type: 'category', label: 'Overzicht', items: [{ type: 'doc', id: 'overzicht/a' }], link: { type: 'generated-index', slug: '/overzicht' } },
  { type: 'link', label: 'Extern', href: 'https://www.overheid.nl' },
];

test('without a docs list the items are ours, as a copy the generator may change', () => {
  const made = defaultItemsFor(defaults, {});
  assert.equal(made, defaults);
  (made[0] as { label: string }).label = 'anders';
  assert.is(defaults[0]!.label, 'Intro');
});

test('docs left out of the list leave the items; a category keeps its link only for a doc in the list; an empty category goes', () => {
  const docs = ['intro', 'gidsen/twee', 'overzicht/a'].map((id) => ({ id }));
  assert.equal(defaultItemsFor(defaults, { docs }), [
    { type: 'doc', id: 'intro', label: 'Intro' },
    { type: 'category', label: 'Gidsen', items: [{ type: 'doc', id: 'gidsen/twee' }] },
    { type: 'category', label: 'Overzicht', items: [{ type: 'doc', id: 'overzicht/a' }], link: { type: 'generated-index', slug: '/overzicht' } },
    { type: 'link', label: 'Extern', href: 'https://www.overheid.nl' },
  ]);
});

test('a category whose link is in the list stays, even with no items left', () => {
  assert.equal(defaultItemsFor(defaults, { docs: [{ id: 'gidsen/index' }] }), [
    { type: 'category', label: 'Gidsen', items: [], link: { type: 'doc', id: 'gidsen/index' } },
    { type: 'category', label: 'Overzicht', items: [], link: { type: 'generated-index', slug: '/overzicht' } },
    { type: 'link', label: 'Extern', href: 'https://www.overheid.nl' },
  ]);
});

const docIds = (items: ReadonlyArray<unknown>): string[] => items.flatMap((item) => {
  const i = item as { type: string; id?: string; items?: unknown[]; link?: { type: string; id?: string } };
  if (i.type === 'doc') return [i.id!];
  if (i.type !== 'category') return [];
  return [...(i.link?.type === 'doc' ? [i.link.id!] : []), ...docIds(i.items ?? [])];
});

test('property: the result names exactly the docs of ours that are in the list, in our order; the whole list gives our items', () => {
  const ids = ['intro', 'gidsen/een', 'gidsen/twee', 'gidsen/index', 'leeg/alleen', 'overzicht/a', 'elders'];
  fc.assert(fc.property(fc.subarray(ids), (chosen) => {
    const made = defaultItemsFor(defaults, { docs: chosen.map((id) => ({ id, title: id })) });
    assert.equal(docIds(made), docIds(defaults).filter((id) => chosen.includes(id)));
    return true;
  }));
  assert.equal(defaultItemsFor(defaults, { docs: ids.map((id) => ({ id })) }), defaults);
});

test.run();
