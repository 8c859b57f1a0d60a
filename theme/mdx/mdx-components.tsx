/**
 * `@theme-original/MDXComponents` in the component box: the map Docusaurus'
 * theme gives every MDX file, for a site's own `src/theme/MDXComponents` to
 * spread. Its entries stand for what our renderer draws itself (HTML
 * elements, `Details`, `Admonition`, `Head`, `mermaid`); each carries the
 * mark `originalEntry`, so the box finds the entries a site adds or replaces
 * (pipeline/io/site-component-map.ts). The mark, not identity: the map's
 * bundle holds its own copy of this module.
 */
import { createElement, type ReactNode } from 'react';
import { Admonition, Details, Head } from './docusaurus.tsx';

/** The property that marks an entry of this map (a global symbol: every copy of the module shares it). */
export const originalEntry = Symbol.for('ontwikkelaarsportaal.mdx-components.original');

const original = (what: Parameters<typeof createElement>[0]) => {
  const Entry = (props: Record<string, unknown>): ReactNode => createElement(what, props);
  return Object.assign(Entry, { [originalEntry]: true });
};
const element = original;

const MDXComponents: Readonly<Record<string, unknown>> = {
  Head: original(Head),
  details: element('details'),
  Details: original(Details),
  code: element('code'),
  a: element('a'),
  pre: element('pre'),
  ul: element('ul'),
  li: element('li'),
  img: element('img'),
  h1: element('h1'),
  h2: element('h2'),
  h3: element('h3'),
  h4: element('h4'),
  h5: element('h5'),
  h6: element('h6'),
  admonition: original(Admonition),
  mermaid: element('div'),
};

export default MDXComponents;
