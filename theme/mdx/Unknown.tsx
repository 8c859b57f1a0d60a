/**
 * A component the site uses but the generator could not resolve
 * (`mdx.unknownComponents: warn`): its children in a plain element named for
 * it, so nothing the author wrote inside is lost while it is being ported.
 * A body component (renderer/body/jsx-runtime.ts): the renderer tells it
 * whether its element stood in running text, where a `div` would end the
 * paragraph; there it is a `span`.
 */
import { bodyComponent, h, type BodyNode } from '../../renderer/body/jsx-runtime.ts';

/** `Unknown$Kaart` → `Kaart`: the name the author wrote. */
export const unknownName = (key: string): string => key.replace(/^Unknown\$/, '');

/** The component for one unknown name. */
export const unknownComponent = (key: string) =>
  bodyComponent(({ node, children }: { node?: { type?: string }; children?: BodyNode }) =>
    h(node?.type === 'mdxJsxTextElement' ? 'span' : 'div', { 'data-component': unknownName(key) }, children));
