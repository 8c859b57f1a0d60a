/**
 * The components MDX content uses, by the names the markdown stage gives
 * them: the built-ins (`Tabs`, `TabItem`, `DocCardList`, `DocCard`), the
 * site's own components (`Site$Key`, loaded by pipeline/io/site-components.ts
 * and passed in as values) and a stand-in for every `Unknown$Name`.
 */
import type { ComponentType, ReactNode } from 'react';
import { Tabs } from './Tabs.tsx';
import { TabItem } from './TabItem.tsx';
import { DocCard } from './DocCard.tsx';
import { docCardList } from './DocCardList.tsx';
import { unknownComponent } from './Unknown.tsx';

export type MdxComponents = Readonly<Record<string, ComponentType<any>>>;

/** What the components need of the page they are on. */
export interface MdxPage {
  /** The page's own card list (`DocCardList`), or null when it is no doc. */
  readonly docCards: (() => ReactNode) | null;
  /** The site's own components by key (`Site$Kaart`), made safe by the io edge. */
  readonly siteComponents?: MdxComponents;
}

/** The built-in components of one page. */
export const builtinComponents = (page: MdxPage): MdxComponents => ({
  Tabs,
  TabItem,
  DocCard,
  DocCardList: docCardList(page.docCards),
});

const unknownPrefix = 'Unknown$';

/**
 * The components map of one page. Names of unknown components are not known
 * beforehand, so the map answers every `Unknown$Name` it is asked for, with
 * the same component each time.
 */
export function mdxComponents(page: MdxPage): MdxComponents {
  const known: Record<string, ComponentType<any>> = { ...page.siteComponents, ...builtinComponents(page) };
  const unknown = new Map<string, ComponentType<any>>();
  const lookup = (name: string): ComponentType<any> | undefined => {
    if (Object.hasOwn(known, name)) return known[name];
    if (!name.startsWith(unknownPrefix)) return undefined;
    let component = unknown.get(name);
    if (!component) unknown.set(name, (component = unknownComponent(name)));
    return component;
  };
  // hast-util-to-jsx-runtime asks with `hasOwnProperty` before it reads a component.
  return new Proxy(known, {
    get: (target, name) => (typeof name === 'string' ? lookup(name) : Reflect.get(target, name)),
    has: (target, name) => (typeof name === 'string' ? lookup(name) !== undefined : Reflect.has(target, name)),
    getOwnPropertyDescriptor: (target, name) => {
      if (typeof name !== 'string' || Object.hasOwn(target, name)) return Reflect.getOwnPropertyDescriptor(target, name);
      const value = lookup(name);
      return value ? { value, writable: false, enumerable: false, configurable: true } : undefined;
    },
  });
}
