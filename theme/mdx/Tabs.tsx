/**
 * Docusaurus' `<Tabs>`, rendered for a page that works without JavaScript:
 * every panel shows, each under a heading with its tab's label. The shell
 * (theme/client/tabs.ts) turns the set into WAI-ARIA tabs when it runs: it
 * builds the tablist from the panels, shows one panel at a time and keeps the
 * choice in storage (`groupId`) and in the URL (`queryString`), as Docusaurus
 * does. Nothing here depends on the reader's choice, so the HTML is the same
 * for every reader.
 */
import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { TabItem, type TabItemProps } from './TabItem.tsx';

/** One entry of Docusaurus' `values` prop: a tab's label (and attributes) by its value. */
export interface TabValue {
  readonly value: string;
  readonly label?: string;
  readonly attributes?: Readonly<Record<string, unknown>>;
}

export interface TabsProps {
  readonly children?: ReactNode;
  readonly values?: ReadonlyArray<TabValue>;
  readonly defaultValue?: string | null;
  /** Tab sets with the same group id share the reader's choice, on this page and across pages. */
  readonly groupId?: string;
  /** `true`: the choice is also in the URL's query under the group id; a string names the parameter. */
  readonly queryString?: boolean | string;
  /** Docusaurus renders only the chosen panel; here every panel is in the HTML (it shows without JavaScript). */
  readonly lazy?: boolean;
  readonly block?: boolean;
  readonly className?: string;
}

/** A panel as the set shows it: its value, label, and what the author put in it. */
interface Panel {
  readonly value: string;
  readonly label: string;
  readonly isDefault: boolean;
  readonly className: string | undefined;
  readonly tabClassName: string | undefined;
  readonly children: ReactNode;
}

const stringOr = (value: unknown, fallback: string): string => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : fallback);

/** A class name an author gave in `attributes` (the only attribute of a tab the shell copies). */
const attributeClass = (attributes: unknown): string | undefined => {
  const value = typeof attributes === 'object' && attributes !== null ? (attributes as Record<string, unknown>).className : undefined;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

const isTabItem = (child: ReactNode): child is ReactElement<TabItemProps> =>
  isValidElement(child) && (child.type === TabItem || typeof (child.props as { value?: unknown }).value === 'string');

const blank = (child: ReactNode): boolean => typeof child === 'string' && child.trim() === '';

/**
 * The set's children, with a paragraph that holds only items (and spaces)
 * replaced by those items: MDX reads `<TabItem …>…</TabItem>` lines in a row
 * as one paragraph of them, which Docusaurus unwraps.
 */
function items(children: ReactNode): ReactNode[] {
  return Children.toArray(children).flatMap((child) => {
    if (!isValidElement(child) || child.type !== 'p') return [child];
    const inner = Children.toArray((child.props as { children?: ReactNode }).children);
    return inner.some(isTabItem) && inner.every((c) => isTabItem(c) || blank(c)) ? inner : [child];
  });
}

/** The panels of a set in the author's order, with labels from `values` where it names them. */
export function tabPanels(props: TabsProps): Panel[] {
  const labels = new Map((props.values ?? []).map((v) => [String(v.value), v] as const));
  return items(props.children).filter(isTabItem).map((item, index) => {
    const value = stringOr(item.props.value, stringOr(item.props.label, String(index + 1)));
    const given = labels.get(value);
    return {
      value,
      label: stringOr(given?.label, stringOr(item.props.label, value)),
      isDefault: item.props.default === true,
      className: item.props.className,
      tabClassName: attributeClass(given?.attributes) ?? attributeClass(item.props.attributes),
      children: item.props.children,
    };
  });
}

/** The value shown first: `defaultValue` when it names a panel, else the panel marked `default`, else the first. */
export function defaultTab(panels: ReadonlyArray<Panel>, defaultValue: string | null | undefined): string | undefined {
  if (typeof defaultValue === 'string' && panels.some((p) => p.value === defaultValue)) return defaultValue;
  return (panels.find((p) => p.isDefault) ?? panels[0])?.value;
}

/** The URL query parameter of a set, as Docusaurus names it: the string given, or the group id for `true`. */
export function queryKey(queryString: boolean | string | undefined, groupId: string | undefined): string | undefined {
  if (typeof queryString === 'string' && queryString !== '') return queryString;
  return queryString === true && groupId ? groupId : undefined;
}

export function Tabs(props: TabsProps) {
  const panels = tabPanels(props);
  const shown = defaultTab(panels, props.defaultValue);
  const className = ['tabs', props.block ? 'tabs-block' : null, props.className].filter(Boolean).join(' ');
  // Anything else the author put between the TabItems stays in its place, before the panels' set is built.
  const others = items(props.children).filter((child) => !isTabItem(child) && !blank(child));
  return (
    <div className={className} data-tabs="" data-group-id={props.groupId || undefined} data-query-string={queryKey(props.queryString, props.groupId)}>
      {others}
      {panels.map((panel) => (
        <div key={panel.value} className={panel.className ? `tabs-panel ${panel.className}` : 'tabs-panel'}
          data-tab-value={panel.value} data-tab-default={panel.value === shown ? '' : undefined} data-tab-class={panel.tabClassName}>
          {/* The tab's label as the panel's heading: without JavaScript it names what follows; the shell hides it behind the tab. */}
          <h3 className="tabs-panel-heading">{panel.label}</h3>
          {panel.children}
        </div>
      ))}
    </div>
  );
}
