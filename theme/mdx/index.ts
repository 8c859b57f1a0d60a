/**
 * The components MDX content uses, by the names the markdown stage gives
 * them: the built-ins (`Tabs`, `TabItem`, `DocCardList`, `DocCard`), the
 * site's own components (`Site$Key`, loaded by pipeline/io/site-components.ts
 * and passed in as values) and a stand-in for every `Unknown$Name`.
 */
import type { ComponentType } from 'react';
import type { BodyComponent } from '../../renderer/body/jsx-runtime.ts';
import { Tabs } from './Tabs.tsx';
import { TabItem } from './TabItem.tsx';
import { DocCard } from './DocCard.tsx';
import { docCardList } from './DocCardList.tsx';
import { siteBodyComponent } from './body.ts';
import { unknownComponent } from './Unknown.tsx';

/** A component of a body: React's, or one the renderer calls itself. */
type Component = ComponentType<any> | BodyComponent;

export type MdxComponents = Readonly<Record<string, Component>>;

/** What the components need of the page they are on. */
export interface MdxPage {
  /** The HTML of the page's own card list (`::doc-card-list` gets the same); absent on a page without one. */
  readonly docCards?: (() => string) | undefined;
  /** The site's own components by name (`Site$Kaart`), made safe by the io edge. */
  readonly siteComponents?: Readonly<Record<string, ComponentType<any>>> | undefined;
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
 * The components map of one page: `base` (the renderer's own takeovers), the
 * built-ins and the site's components. Names of unknown components are not
 * known beforehand, so the map answers every `Unknown$Name` it is asked for,
 * with the same component each time.
 */
export function mdxComponents(page: MdxPage, base: MdxComponents = {}): MdxComponents {
  const site = Object.fromEntries(Object.entries(page.siteComponents ?? {}).map(([name, component]) => [name, siteBodyComponent(component)]));
  const known: Record<string, Component> = { ...base, ...site, ...builtinComponents(page) };
  const unknown = new Map<string, Component>();
  /** The component for an `Unknown$…` name, the same one each time; undefined for any other name the map lacks. */
  const stand = (name: string | symbol): Component | undefined => {
    if (typeof name !== 'string' || !name.startsWith(unknownPrefix)) return undefined;
    let component = unknown.get(name);
    if (!component) unknown.set(name, (component = unknownComponent(name)));
    return component;
  };
  // hast-util-to-jsx-runtime asks with `hasOwnProperty` before it reads a component, for every element of a body:
  // names the map has (and the tags it lacks) go straight to the object.
  return new Proxy(known, {
    get: (target, name) => (Object.hasOwn(target, name) ? target[name as string] : stand(name) ?? Reflect.get(target, name)),
    has: (target, name) => Object.hasOwn(target, name) || stand(name) !== undefined || Reflect.has(target, name),
    getOwnPropertyDescriptor: (target, name) => {
      if (Object.hasOwn(target, name)) return Reflect.getOwnPropertyDescriptor(target, name);
      const value = stand(name);
      return value ? { value, writable: false, enumerable: false, configurable: true } : undefined;
    },
  });
}
