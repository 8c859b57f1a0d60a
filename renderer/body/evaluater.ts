/**
 * The `createEvaluater` hook of hast-util-to-jsx-runtime for the MDX nodes a
 * body keeps: a component's name is looked up in the page's components map,
 * and an attribute's expression is read as the static value it spells. No
 * content code is ever run: anything else throws. The markdown stage lets
 * only names and static literals through (with a problem at the author's
 * line for the rest), so a throw here is a fault of the generator.
 */
import type { Expression, Pattern, Program, Property, SpreadElement, TemplateLiteral } from 'estree';
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

/** The evaluater for one body, whose components `lookup` finds. */
export function createEvaluater(lookup: ComponentLookup): () => Evaluater {
  return () => ({
    evaluateExpression: (expression) => evaluate(expression, lookup),
    evaluateProgram: () => {
      throw new Error('MDX-code (import/export) hoort niet in een pagina-inhoud: de markdownstap laat die niet door.');
    },
  });
}

/** A component by name from a components map, also one that answers through a proxy; undefined when it has none. */
export const lookupIn = (components: Readonly<Record<string, unknown>>): ComponentLookup =>
  (name) => (Object.hasOwn(components, name) ? components[name] : undefined);

function evaluate(node: Expression | Pattern | SpreadElement | Property | TemplateLiteral, lookup: ComponentLookup): unknown {
  switch (node.type) {
    case 'Identifier': {
      const component = lookup(node.name);
      if (component !== undefined) return component;
      if (node.name.startsWith(unknownPrefix)) return unknownComponent;
      throw new Error(`Het component ${node.name} staat niet in de componenten van deze pagina.`);
    }
    case 'Literal':
      // A regular expression or bigint literal is code or has no JSON value.
      if ('regex' in node || 'bigint' in node) break;
      return node.value;
    case 'TemplateLiteral':
      if (node.expressions.length > 0) break;
      return node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join('');
    case 'UnaryExpression':
      if (node.operator === '-' && node.argument.type === 'Literal' && typeof node.argument.value === 'number') return -node.argument.value;
      break;
    case 'ArrayExpression':
      return node.elements.map((element) => {
        if (element === null || element.type === 'SpreadElement') throw notStatic(element ?? node);
        return evaluate(element, lookup);
      });
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const property of node.properties) {
        if (property.type !== 'Property' || property.kind !== 'init' || property.method || property.computed || property.shorthand) throw notStatic(property);
        const key = property.key.type === 'Identifier' ? property.key.name : property.key.type === 'Literal' && !('regex' in property.key) ? String(property.key.value) : null;
        if (key === null) throw notStatic(property);
        // Defined, not assigned: a key `__proto__` is a key like any other, not the object's prototype.
        Object.defineProperty(out, key, { value: evaluate(property.value, lookup), enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
  }
  throw notStatic(node);
}

const notStatic = (node: { type: string }): Error =>
  new Error(`Een MDX-expressie (${node.type}) die geen vaste waarde is, hoort niet in een pagina-inhoud: de markdownstap laat die niet door.`);
