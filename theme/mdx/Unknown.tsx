/**
 * A component the site uses but the generator could not resolve
 * (`mdx.unknownComponents: warn`): its children in a plain element named for
 * it, so nothing the author wrote inside is lost while it is being ported.
 */
import type { ReactNode } from 'react';

/** `Unknown$Kaart` → `Kaart`: the name the author wrote. */
export const unknownName = (key: string): string => key.replace(/^Unknown\$/, '');

/** What the renderer tells a component about where it stands: its hast node (`passNode`). */
export interface PlacedProps {
  readonly node?: { readonly type?: string };
}

/** Whether the element stood in running text (`<X>` inside a paragraph) rather than as a block. */
export const inText = (props: PlacedProps & { readonly inline?: boolean }): boolean =>
  props.inline === true || props.node?.type === 'mdxJsxTextElement';

/**
 * The component for one unknown name. In running text it is a `span`: a
 * `div` inside a paragraph would end the paragraph.
 */
export function unknownComponent(key: string) {
  const name = unknownName(key);
  return function Unknown(props: PlacedProps & { children?: ReactNode; inline?: boolean }) {
    return inText(props) ? <span data-component={name}>{props.children}</span> : <div data-component={name}>{props.children}</div>;
  };
}
