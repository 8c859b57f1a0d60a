/**
 * Components a page defines itself, as Docusaurus' own documentation shows:
 * `export const Highlight = ({children, color}) => (<span style={{color}}>{children}</span>)`.
 * Such a component is a template, never run: a function of its props whose
 * body is one JSX tree (an arrow function, or a function with a single
 * `return`), in which every expression is a prop, `children`, a static value
 * or a list, object or template literal of those. A use `<Highlight color="…">`
 * is replaced by that tree with the props filled in, before the page's other
 * rules see it, so what the tree makes is held to the rules of JSX written in
 * the page itself (intrinsic elements to the safe list, components to the
 * imports). Event handlers (`onClick={() => …}`) are kept as they are written
 * for those rules to leave out with their warning.
 */
import type { Node } from 'estree';
import type {
  JSXAttribute, JSXElement, JSXExpressionContainer, JSXFragment, JSXSpreadAttribute, JSXText,
} from 'estree-jsx';
import type { RootContent, Text } from 'mdast';
import type { Position } from 'unist';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { describe, evaluate, valueProgram, type StaticScope, type StaticValue } from '../../safety/static-value.ts';
import { nodeCount, unlimited, type ExpansionBudget } from './expansion-budget.ts';

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;
type JsxTree = JSXElement | JSXFragment;

/** How the template reads its props: one object (`props`, read as `props.x`) or destructured names. */
type Parameters =
  | { readonly kind: 'object'; readonly name: string }
  /** Local name → the prop it reads, and the static value it has when the use leaves the prop out. */
  | { readonly kind: 'destructured'; readonly names: ReadonlyMap<string, { readonly prop: string; readonly fallback?: StaticValue }> };

/** A page's own component, as a template. */
export interface LocalComponent {
  readonly name: string;
  readonly parameters: Parameters;
  readonly body: JsxTree;
}

/** What the props of one use give the template: static values by prop name, and the use's children. */
interface Use {
  readonly props: ReadonlyMap<string, StaticValue>;
  readonly children: ReadonlyArray<RootContent>;
}

/** A part of a template with the props filled in, or what keeps it from being one. */
type Filled<T> = { readonly value: T } | { readonly refused: string; readonly overLimit?: 'nodes' };

/** Why a use was not filled in: the page's expansion budget (./expansion-budget.ts) has no room for it. */
export type OverLimit = { readonly overLimit: 'nodes' | 'depth' };
const overNodes = { overLimit: 'nodes', refused: 'meer dan het budget van de pagina' } as const;

/** Marks a value the use left out: an attribute or object key with it is left out, as React leaves out `undefined`. */
const absent = Symbol('absent');
type Slot = StaticValue | typeof absent;

/** The local components a page's nodes were made from, innermost last: a component that would make itself again is refused. */
export const madeBy = (node: { data?: unknown }): ReadonlyArray<string> =>
  ((node.data as { localComponents?: ReadonlyArray<string> } | undefined)?.localComponents) ?? [];

/** The parameters of a function, when they are one `props` object or one destructuring of plain names. */
function parametersOf(params: ReadonlyArray<Node>, scope: StaticScope): Parameters | null {
  if (params.length === 0) return { kind: 'destructured', names: new Map() };
  const [param, ...more] = params;
  if (!param || more.length > 0) return null;
  if (param.type === 'Identifier') return { kind: 'object', name: param.name };
  if (param.type !== 'ObjectPattern') return null;
  const names = new Map<string, { prop: string; fallback?: StaticValue }>();
  for (const property of param.properties) {
    if (property.type !== 'Property' || property.computed || property.key.type !== 'Identifier') return null;
    const prop = property.key.name;
    if (property.value.type === 'Identifier') names.set(property.value.name, { prop });
    else if (property.value.type === 'AssignmentPattern' && property.value.left.type === 'Identifier') {
      const fallback = evaluate(property.value.right, scope);
      if ('refused' in fallback) return null;
      names.set(property.value.left.name, { prop, fallback: fallback.value });
    } else return null;
  }
  return { kind: 'destructured', names };
}

/** The one JSX tree a function body gives: the arrow's expression, or the argument of a body's only statement, a `return`. */
function treeOf(body: Node): JsxTree | null {
  const returned = body.type === 'BlockStatement'
    ? (body.body.length === 1 && body.body[0]?.type === 'ReturnStatement' ? body.body[0].argument ?? null : null)
    : body;
  const tree = returned as unknown as { type: string } | null;
  return tree && (tree.type === 'JSXElement' || tree.type === 'JSXFragment') ? tree as JsxTree : null;
}

/**
 * The template a function defines, or null when it is not one: its
 * parameters, and a body every part of which can be filled in (tried with
 * each prop given, so a prop used in a way no value can fill is found here,
 * at the export, not at a use).
 */
export function localComponent(name: string, fn: Node, scope: StaticScope): LocalComponent | null {
  if (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression' && fn.type !== 'FunctionDeclaration') return null;
  if (fn.async || fn.generator) return null;
  const parameters = parametersOf(fn.params, scope);
  const body = treeOf(fn.body);
  if (!parameters || !body) return null;
  const component: LocalComponent = { name, parameters, body };
  const props = new Map<string, StaticValue>(parameters.kind === 'destructured' ? [...parameters.names.values()].map((p) => [p.prop, 'x']) : []);
  const trial = fill(component, { props, children: [] }, 'text', scope, [], unlimited);
  return 'refused' in trial ? null : component;
}

/**
 * The nodes one use of a local component stands for, or why it cannot be
 * made (a component that makes itself again), or that the page's budget has
 * no room for it: every node it makes is paid for from `expansion.budget`
 * before it is made, and `expansion.depth` is how many partials placed the
 * file the use is in.
 */
export function expandLocalComponent(
  component: LocalComponent, use: JsxElement, props: ReadonlyMap<string, StaticValue>, scope: StaticScope,
  expansion: { readonly budget: ExpansionBudget; readonly depth: number },
): Filled<RootContent[]> | OverLimit {
  const chain = madeBy(use);
  if (chain.includes(component.name)) return { refused: `<${component.name}> maakt zichzelf opnieuw (${[...chain, component.name].join(' → ')})` };
  if (expansion.depth + chain.length >= expansion.budget.limits.depth) return { overLimit: 'depth' };
  const made = fill(component, { props, children: use.children }, use.type === 'mdxJsxTextElement' ? 'text' : 'flow', scope, [...chain, component.name], expansion.budget);
  if ('refused' in made) return made.overLimit ? { overLimit: made.overLimit } : made;
  placeAt(made.value, use.position);
  return made;
}

/** Gives nodes a template made the place of its use, so a problem in them is reported there (the use's children keep their own). */
function placeAt(nodes: ReadonlyArray<RootContent>, position: Position | undefined): void {
  if (!position) return;
  const place = (node: RootContent): void => {
    if (!node.position) node.position = position;
    if ('children' in node) for (const child of node.children as RootContent[]) place(child);
  };
  for (const node of nodes) place(node);
}

/**
 * A JSX tree written as an attribute's value (`summary={<span>Meer <b>lezen</b></span>}`):
 * the nodes it stands for, as a template without props, or why it is none;
 * null when the value is no JSX. The nodes are placed at `at`, the element
 * the attribute is on, so a problem in them is reported there.
 */
export function jsxValue(node: Node, scope: StaticScope, at: Position | undefined): Filled<RootContent[]> | null {
  const tree = node as unknown as { type: string };
  if (tree.type !== 'JSXElement' && tree.type !== 'JSXFragment') return null;
  const made = fill({ name: '', parameters: { kind: 'destructured', names: new Map() }, body: tree as JsxTree }, { props: new Map(), children: [] }, 'text', scope, [], unlimited);
  if ('value' in made) placeAt(made.value, at);
  return made;
}

/**
 * Fills the template for one use; nodes the template makes carry `chain`,
 * the use's children stay as they are. Each element and text it makes, and
 * each copy of the children, is paid for from `budget` first.
 */
function fill(component: LocalComponent, use: Use, kind: 'flow' | 'text', scope: StaticScope, chain: ReadonlyArray<string>, budget: ExpansionBudget): Filled<RootContent[]> {
  const { parameters } = component;
  let childrenSize: number | undefined;

  /** The prop a name or `props.x` reads, `absent` when the use leaves it out, or null when the expression reads no prop. */
  const propOf = (node: Node): { readonly prop: string; readonly fallback?: StaticValue } | null => {
    if (node.type === 'Identifier' && parameters.kind === 'destructured') return parameters.names.get(node.name) ?? null;
    if (node.type === 'MemberExpression' && parameters.kind === 'object' && !node.computed && !node.optional
      && node.object.type === 'Identifier' && node.object.name === parameters.name && node.property.type === 'Identifier') {
      return { prop: node.property.name };
    }
    return null;
  };

  const valueOf = (node: Node): Filled<Slot> => {
    const prop = propOf(node);
    if (prop) {
      if (prop.prop === 'children') return { refused: '`children` buiten de inhoud van een element' };
      return { value: use.props.has(prop.prop) ? use.props.get(prop.prop)! : prop.fallback ?? absent };
    }
    if (node.type === 'ArrayExpression') {
      const items: StaticValue[] = [];
      for (const element of node.elements) {
        if (!element || element.type === 'SpreadElement') return { refused: 'een lege plek of spreiding in een lijst' };
        const item = valueOf(element);
        if ('refused' in item) return item;
        // React leaves nothing out of a list: a prop the use left out is undefined there, which JSON has as null.
        items.push(item.value === absent ? null : item.value);
      }
      return { value: items };
    }
    if (node.type === 'ObjectExpression') {
      const object: Record<string, StaticValue> = {};
      for (const property of node.properties) {
        if (property.type !== 'Property' || property.computed || property.kind !== 'init' || property.method) return { refused: 'een berekende sleutel, methode of spreiding in een object' };
        const key = property.key.type === 'Identifier' ? property.key.name
          : property.key.type === 'Literal' && (typeof property.key.value === 'string' || typeof property.key.value === 'number') ? String(property.key.value) : null;
        if (key === null) return { refused: describe(property.key) };
        const value = valueOf(property.value);
        if ('refused' in value) return value;
        if (value.value !== absent) Object.defineProperty(object, key, { value: value.value, enumerable: true, writable: true, configurable: true });
      }
      return { value: object };
    }
    if (node.type === 'TemplateLiteral' && node.expressions.length > 0) {
      let text = '';
      for (const [i, quasi] of node.quasis.entries()) {
        text += quasi.value.cooked ?? quasi.value.raw;
        const expression = node.expressions[i];
        if (!expression) continue;
        const part = valueOf(expression);
        if ('refused' in part) return part;
        if (typeof part.value === 'string' || typeof part.value === 'number') text += String(part.value);
        else if (part.value !== absent) return { refused: 'een lijst, object of true/false in een sjabloontekst' };
      }
      return { value: text };
    }
    return evaluate(node, scope);
  };

  const attribute = (node: JSXAttribute | JSXSpreadAttribute, element: string): Filled<MdxJsxAttribute | null> => {
    if (node.type === 'JSXSpreadAttribute') return { refused: 'een spreiding van attributen' };
    if (node.name.type !== 'JSXIdentifier') return { refused: `het attribuut ${node.name.namespace.name}:${node.name.name.name}` };
    const name = node.name.name;
    const value = node.value;
    if (value === null || value === undefined) return { value: { type: 'mdxJsxAttribute', name, value: null } };
    if (value.type === 'Literal') return { value: { type: 'mdxJsxAttribute', name, value: String(value.value) } };
    if (value.type !== 'JSXExpressionContainer') return { refused: `JSX als waarde van ${name} op <${element}>` };
    const expression = value.expression;
    if (expression.type === 'JSXEmptyExpression') return { value: null };
    // An event handler stays as written: the rules for the element it is on leave it out, with their warning.
    if (/^on[A-Z]/.test(name) && (expression.type === 'ArrowFunctionExpression' || expression.type === 'FunctionExpression')) {
      return { value: { type: 'mdxJsxAttribute', name, value: { type: 'mdxJsxAttributeValueExpression', value: 'function', data: { estree: { type: 'Program', sourceType: 'module', body: [{ type: 'ExpressionStatement', expression }] } as never } } } };
    }
    const filled = valueOf(expression);
    if ('refused' in filled) return { refused: `de waarde van ${name} op <${element}> (${filled.refused})` };
    if (filled.value === absent) return { value: null };
    if (typeof filled.value === 'string') return { value: { type: 'mdxJsxAttribute', name, value: filled.value } };
    if (filled.value === true) return { value: { type: 'mdxJsxAttribute', name, value: null } };
    return { value: { type: 'mdxJsxAttribute', name, value: { type: 'mdxJsxAttributeValueExpression', value: JSON.stringify(filled.value), data: { estree: valueProgram(filled.value) as never } } } };
  };

  const text = (value: string): Text => ({ type: 'text', value });

  const child = (node: JSXElement | JSXFragment | JSXText | JSXExpressionContainer | { type: string }): Filled<RootContent[]> => {
    switch (node.type) {
      case 'JSXText': {
        const value = jsxText((node as JSXText).value);
        if (value === '') return { value: [] };
        return budget.spend(1) ? { value: [text(value)] } : overNodes;
      }
      case 'JSXElement': return element(node as JSXElement);
      case 'JSXFragment': return children((node as JSXFragment).children);
      case 'JSXExpressionContainer': {
        const expression = (node as JSXExpressionContainer).expression;
        if (expression.type === 'JSXEmptyExpression') return { value: [] };
        if (propOf(expression)?.prop === 'children') {
          childrenSize ??= nodeCount(use.children);
          return budget.spend(childrenSize) ? { value: structuredClone([...use.children]) } : overNodes;
        }
        const filled = valueOf(expression);
        if ('refused' in filled) return filled;
        const v = filled.value;
        if (typeof v === 'string' || typeof v === 'number') return budget.spend(1) ? { value: [text(String(v))] } : overNodes;
        if (v === absent || v === null || typeof v === 'boolean') return { value: [] };
        return { refused: 'een lijst of object als inhoud' };
      }
      default: return { refused: 'code als inhoud' };
    }
  };

  const children = (nodes: ReadonlyArray<{ type: string }>): Filled<RootContent[]> => {
    const out: RootContent[] = [];
    for (const node of nodes) {
      const made = child(node);
      if ('refused' in made) return made;
      out.push(...made.value);
    }
    return { value: out };
  };

  const element = (node: JSXElement): Filled<RootContent[]> => {
    const nameNode = node.openingElement.name;
    if (nameNode.type !== 'JSXIdentifier') return { refused: 'een element met een samengestelde naam' };
    const name = nameNode.name;
    const attributes: MdxJsxAttribute[] = [];
    for (const a of node.openingElement.attributes) {
      const made = attribute(a, name);
      if ('refused' in made) return made;
      if (made.value) attributes.push(made.value);
    }
    if (!budget.spend(1)) return overNodes;
    const inner = children(node.children);
    if ('refused' in inner) return inner;
    const data = { localComponents: chain } as never;
    const made: JsxElement = kind === 'text'
      ? { type: 'mdxJsxTextElement', name, attributes, children: inner.value as MdxJsxTextElement['children'], data }
      : { type: 'mdxJsxFlowElement', name, attributes, children: inner.value as MdxJsxFlowElement['children'], data };
    return { value: [made] };
  };

  return component.body.type === 'JSXFragment' ? children(component.body.children) : element(component.body);
}

/**
 * JSX text as React reads it: lines are trimmed where they meet a line
 * break, lines left empty go, and the rest are joined with one space.
 */
function jsxText(value: string): string {
  const lines = value.split(/\r\n|\n|\r/);
  if (lines.length === 1) return value;
  return lines
    .map((line, i) => {
      let l = line;
      if (i > 0) l = l.replace(/^[ \t]+/, '');
      if (i < lines.length - 1) l = l.replace(/[ \t]+$/, '');
      return l;
    })
    .filter((l) => l !== '')
    .join(' ');
}
