/**
 * Static values of MDX expressions: what an attribute such as
 * `values={[{label: 'A', value: 'a'}]}` means, read from the expression's
 * syntax tree (acorn's estree, made by the parser) and never by running it.
 * Literals, template literals without `${}`, arrays and objects of those and
 * a minus before a number are values; so are the names the page's imports
 * and `export const`s bind to a value (an imported image, `useBaseUrl('/x')`,
 * `require('./x.png').default`). Anything else is code, and code is refused
 * with a description of what it is. The one evaluator of MDX values: the
 * markdown stage reads attributes with it, and the renderer reads the values
 * the stage left (and the component names it placed) with it again.
 */
import type { Expression, Node, Program } from 'estree';

/** A value an attribute may have: what JSON can hold, and, for the renderer, a component a name stands for (`Leaf`). */
export type StaticValue<Leaf = never> = string | number | boolean | null | Leaf | ReadonlyArray<StaticValue<Leaf>> | { readonly [key: string]: StaticValue<Leaf> };

/** What a name the page binds stands for, as far as a static value is concerned. */
export type ValueBinding =
  | { readonly kind: 'value'; readonly value: StaticValue }
  /** `useBaseUrl` from @docusaurus/useBaseUrl: `useBaseUrl('/img/x.png')` is the site path. */
  | { readonly kind: 'baseUrl' }
  /** `useCurrentSidebarCategory` from @docusaurus/theme-common: only `.items` of its result, for DocCardList. */
  | { readonly kind: 'sidebarCategory' };

export interface StaticScope<Leaf = never> {
  readonly bindings: ReadonlyMap<string, ValueBinding>;
  /** The URL of a file a relative path (`./img/x.png`) names, or null when there is none. */
  readonly asset: (relative: string) => string | null;
  /** What a name that is no binding stands for (the renderer's components), or undefined. */
  readonly named?: (name: string) => Leaf | undefined;
}

/** A static value, or a description (Dutch) of the code that is none. */
export type Evaluated<Leaf = never> = { readonly value: StaticValue<Leaf> } | { readonly refused: string };

const refused = (what: string): { readonly refused: string } => ({ refused: what });

/** The one expression of an MDX expression's program, or null when it holds none (only comments) or more. */
export function soleExpression(program: Program | undefined): Expression | null {
  const [first, ...rest] = program?.body ?? [];
  return first && rest.length === 0 && first.type === 'ExpressionStatement' ? first.expression : null;
}

/** How a node of code is named in messages. */
export function describe(node: Node): string {
  switch (node.type) {
    case 'Identifier': return `de naam \`${node.name}\``;
    case 'CallExpression': return 'een functieaanroep';
    case 'MemberExpression': return 'het opvragen van een eigenschap (`a.b`)';
    case 'ArrowFunctionExpression': case 'FunctionExpression': return 'een functie';
    case 'TemplateLiteral': return 'een sjabloontekst met `${…}`';
    case 'BinaryExpression': case 'LogicalExpression': return `een berekening (\`${node.operator}\`)`;
    case 'ConditionalExpression': return 'een voorwaarde (`a ? b : c`)';
    case 'JSXElement': case 'JSXFragment': return 'JSX als waarde';
    case 'SpreadElement': return 'een spreiding (`...`)';
    case 'NewExpression': return '`new`';
    case 'AssignmentExpression': case 'UpdateExpression': return 'een toewijzing';
    case 'Literal': return 'een reguliere expressie of BigInt';
    default: return `code (${node.type})`;
  }
}

/** The string a call's one string argument gives, or null. */
function stringArgument(args: ReadonlyArray<Node>): string | null {
  const [arg, ...more] = args;
  if (!arg || more.length) return null;
  if (arg.type === 'Literal' && typeof arg.value === 'string') return arg.value;
  if (arg.type === 'TemplateLiteral' && arg.expressions.length === 0) return arg.quasis.map((q) => q.value.cooked ?? q.value.raw).join('');
  return null;
}

/** The static value of `node` in `scope`, or what keeps it from being one. */
export function evaluate<Leaf = never>(node: Node, scope: StaticScope<Leaf>): Evaluated<Leaf> {
  switch (node.type) {
    case 'Literal': {
      const { value } = node;
      return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? { value } : refused(describe(node));
    }
    case 'TemplateLiteral':
      return node.expressions.length === 0 ? { value: node.quasis.map((q) => q.value.cooked ?? q.value.raw).join('') } : refused(describe(node));
    case 'UnaryExpression':
      return node.operator === '-' && node.argument.type === 'Literal' && typeof node.argument.value === 'number'
        ? { value: -node.argument.value } : refused(`een bewerking (\`${node.operator}\`)`);
    case 'ArrayExpression': {
      const items: StaticValue<Leaf>[] = [];
      for (const element of node.elements) {
        if (!element) return refused('een lege plek in een lijst');
        const item = evaluate(element, scope);
        if ('refused' in item) return item;
        items.push(item.value);
      }
      return { value: items };
    }
    case 'ObjectExpression': {
      const object: Record<string, StaticValue<Leaf>> = {};
      for (const property of node.properties) {
        if (property.type !== 'Property') return refused(describe(property));
        if (property.computed || property.kind !== 'init' || property.method) return refused('een berekende sleutel of methode in een object');
        const key = property.key.type === 'Identifier' ? property.key.name
          : property.key.type === 'Literal' && (typeof property.key.value === 'string' || typeof property.key.value === 'number') ? String(property.key.value) : null;
        if (key === null) return refused(describe(property.key));
        const value = evaluate(property.value, scope);
        if ('refused' in value) return value;
        // Defined as an own property: a key `__proto__` stays data.
        Object.defineProperty(object, key, { value: value.value, enumerable: true, writable: true, configurable: true });
      }
      return { value: object };
    }
    case 'Identifier': {
      const binding = scope.bindings.get(node.name);
      if (binding?.kind === 'value') return { value: binding.value };
      const leaf = binding === undefined ? scope.named?.(node.name) : undefined;
      return leaf !== undefined ? { value: leaf } : refused(describe(node));
    }
    case 'CallExpression': {
      // useBaseUrl('/img/x.png'): the site path itself (the site is served from its root).
      if (node.callee.type === 'Identifier' && scope.bindings.get(node.callee.name)?.kind === 'baseUrl') {
        const path = stringArgument(node.arguments);
        return path === null ? refused('`useBaseUrl` met iets anders dan één vaste tekst') : { value: path };
      }
      return refused(describe(node));
    }
    case 'MemberExpression': {
      // require('./img.png').default: the file's URL.
      const { object, property } = node;
      if (!node.computed && property.type === 'Identifier' && property.name === 'default' && object.type === 'CallExpression'
        && object.callee.type === 'Identifier' && object.callee.name === 'require' && !scope.bindings.has('require')) {
        const path = stringArgument(object.arguments);
        if (path === null) return refused('`require` met iets anders dan één vaste tekst');
        const url = scope.asset(path);
        return url === null ? refused(`\`require('${path}')\`: dat bestand bestaat niet naast deze pagina`) : { value: url };
      }
      return refused(describe(node));
    }
    default:
      return refused(describe(node));
  }
}

/** Whether an expression is `useCurrentSidebarCategory().items` (DocCardList's own default). */
export function isCurrentCategoryItems(node: Node, scope: StaticScope<unknown>): boolean {
  return node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier' && node.property.name === 'items'
    && node.object.type === 'CallExpression' && node.object.arguments.length === 0 && node.object.callee.type === 'Identifier'
    && scope.bindings.get(node.object.callee.name)?.kind === 'sidebarCategory';
}

/** A static value as a program of one expression statement: the form the renderer reads (no positions, nothing else). */
export function valueProgram(value: StaticValue): Program {
  return { type: 'Program', sourceType: 'module', body: [{ type: 'ExpressionStatement', expression: valueExpression(value) }] };
}

function valueExpression(value: StaticValue): Expression {
  if (typeof value === 'number' && (value < 0 || Object.is(value, -0))) {
    return { type: 'UnaryExpression', operator: '-', prefix: true, argument: { type: 'Literal', value: -value } };
  }
  if (value === null || typeof value !== 'object') return { type: 'Literal', value };
  if (Array.isArray(value)) return { type: 'ArrayExpression', elements: value.map(valueExpression) };
  return {
    type: 'ObjectExpression',
    properties: Object.entries(value).map(([key, v]) => ({
      type: 'Property', key: { type: 'Literal', value: key }, value: valueExpression(v as StaticValue),
      kind: 'init', method: false, shorthand: false, computed: false,
    })),
  };
}
