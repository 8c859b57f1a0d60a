/**
 * The `createEvaluater` hook of hast-util-to-jsx-runtime for the MDX nodes a
 * body keeps: a component's name is looked up in the page's components map,
 * and an attribute's expression is read as the static value it spells. No
 * content code is ever run: anything else throws. The markdown stage lets
 * only names and static literals through (with a problem at the author's
 * line for the rest), so a throw here is a fault of the generator.
 */
import type { Expression, Program } from 'estree';
import { evaluate, type StaticScope } from '../../pipeline/safety/static-value.ts';
import { bodyComponent, h, type BodyNode } from './jsx-runtime.ts';

/** What hast-util-to-jsx-runtime asks of an evaluater. */
export interface Evaluater {
  readonly evaluateExpression: (expression: Expression) => unknown;
  readonly evaluateProgram: (program: Program) => unknown;
}

/** A name of the components map: what `<Name>` in a body stands for. */
export type ComponentLookup = (name: string) => unknown;

/**
 * For a component that could not be resolved (`mdx.unknownComponents: warn`):
 * what the author put inside it, in a plain element, so nothing is lost while
 * it is being ported. In running text a `span`: a `div` would end the paragraph.
 */
export const unknownComponent = bodyComponent(({ node, children }: { node?: { type?: string }; children?: BodyNode }) =>
  h(node?.type === 'mdxJsxTextElement' ? 'span' : 'div', null, children));

const unknownPrefix = 'Unknown$';

/**
 * The evaluater for one body, whose components `lookup` finds: the one
 * static evaluator (pipeline/safety/static-value.ts), where a name is a
 * component of the page and nothing else.
 */
export function createEvaluater(lookup: ComponentLookup): () => Evaluater {
  const scope: StaticScope<unknown> = {
    bindings: new Map(),
    asset: () => null,
    named: (name) => lookup(name) ?? (name.startsWith(unknownPrefix) ? unknownComponent : undefined),
  };
  return () => ({
    evaluateExpression: (expression) => {
      const evaluated = evaluate(expression, scope);
      if ('refused' in evaluated) throw new Error(`Een MDX-expressie die geen vaste waarde is (${evaluated.refused}), hoort niet in een pagina-inhoud: de markdownstap laat die niet door.`);
      return evaluated.value;
    },
    evaluateProgram: () => {
      throw new Error('MDX-code (import/export) hoort niet in een pagina-inhoud: de markdownstap laat die niet door.');
    },
  });
}

/** A component by name from a components map, also one that answers through a proxy; undefined when it has none. */
export const lookupIn = (components: Readonly<Record<string, unknown>>): ComponentLookup =>
  (name) => (Object.hasOwn(components, name) ? components[name] : undefined);

