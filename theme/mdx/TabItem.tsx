/**
 * Docusaurus' `<TabItem>`. Inside `<Tabs>` the set renders each item as a
 * panel (theme/mdx/Tabs.tsx reads its props); on its own it is a plain block
 * with its content.
 */
import type { ReactNode } from 'react';

export interface TabItemProps {
  readonly value?: string;
  readonly label?: string;
  readonly default?: boolean;
  readonly className?: string;
  /** Attributes of the tab itself; the shell copies `className` to it. */
  readonly attributes?: Readonly<Record<string, unknown>>;
  readonly children?: ReactNode;
}

export function TabItem({ className, children }: TabItemProps) {
  return <div className={className ? `tabs-panel ${className}` : 'tabs-panel'}>{children}</div>;
}
