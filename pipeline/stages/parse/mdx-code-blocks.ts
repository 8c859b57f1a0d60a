/**
 * `<CodeBlock>` (from `@theme/CodeBlock`) as the fenced code block it shows,
 * made right after parsing: the build's code index (which languages the
 * highlighter loads, which blocks the highlight threads colour ahead) reads
 * the parsed trees, so such a block must be a `code` node by then. Only a
 * block whose content and attributes are static changes here; any other stays
 * JSX, and the markdown stage reports what keeps it from being a block.
 */
import type { Code, Parent, Root, RootContent } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { Program } from 'estree';
import { evaluate, soleExpression, type StaticScope, type StaticValue } from '../../safety/static-value.ts';

/** Nothing is bound: a code block's attributes and content are literals. */
const noBindings: StaticScope = { bindings: new Map(), asset: () => null };

/** The local names the page gives `@theme/CodeBlock`. */
function codeBlockNames(tree: Root): Set<string> {
  const names = new Set<string>();
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const statement of (node.data?.estree as Program | undefined)?.body ?? []) {
      if (statement.type !== 'ImportDeclaration' || statement.source.value !== '@theme/CodeBlock') continue;
      for (const specifier of statement.specifiers) if (specifier.type === 'ImportDefaultSpecifier') names.add(specifier.local.name);
    }
  }
  return names;
}

/** An attribute's static value; undefined when it is not static. */
function attributeValue(attribute: MdxJsxAttribute): StaticValue | undefined {
  if (attribute.value === null || attribute.value === undefined) return true;
  if (typeof attribute.value === 'string') return attribute.value;
  const expression = soleExpression(attribute.value.data?.estree as Program | undefined);
  const evaluated = expression ? evaluate(expression, noBindings) : null;
  return evaluated && 'value' in evaluated ? evaluated.value : undefined;
}

/** The code a block shows: one static string expression, or plain text; null for anything else. */
function codeOf(node: MdxJsxFlowElement | MdxJsxTextElement): string | null {
  const children = node.children as RootContent[];
  const [only, ...rest] = children;
  if (!only) return '';
  if ((only.type === 'mdxFlowExpression' || only.type === 'mdxTextExpression') && rest.length === 0) {
    const expression = soleExpression(only.data?.estree as Program | undefined);
    const evaluated = expression ? evaluate(expression, noBindings) : null;
    return evaluated && 'value' in evaluated && typeof evaluated.value === 'string' ? evaluated.value : null;
  }
  const text = (n: RootContent): string | null => n.type === 'text' ? n.value
    : n.type === 'paragraph' ? n.children.every((c) => c.type === 'text') ? n.children.map((c) => (c as { value: string }).value).join('') : null : null;
  const parts = children.map(text);
  return parts.every((p) => p !== null) ? parts.join('\n\n') : null;
}

/** The block as a `code` node, or null when something in it is not static. */
function codeNode(node: MdxJsxFlowElement | MdxJsxTextElement): Code | null {
  const values = new Map<string, StaticValue>();
  for (const attribute of node.attributes) {
    if (attribute.type !== 'mdxJsxAttribute') return null;
    const value = attributeValue(attribute);
    if (value === undefined) return null;
    values.set(attribute.name, value);
  }
  const value = codeOf(node);
  if (value === null) return null;
  const language = values.get('language');
  const title = values.get('title');
  const lines = values.get('showLineNumbers');
  const meta = [
    typeof title === 'string' ? `title=${JSON.stringify(title)}` : '',
    lines === true ? 'showLineNumbers' : typeof lines === 'number' ? `showLineNumbers=${lines}` : '',
    typeof values.get('metastring') === 'string' ? values.get('metastring') as string : '',
  ].filter(Boolean).join(' ');
  // A template literal usually opens and closes on its own line: those line ends are no code.
  return { type: 'code', lang: typeof language === 'string' ? language : null, meta: meta || null, value: value.replace(/^\r?\n/, '').replace(/\r?\n[ \t]*$/, ''), ...(node.position ? { position: node.position } : {}) };
}

/** Replaces every static `<CodeBlock>` of the page by its code block, in place. */
export function mdxCodeBlocks(tree: Root): void {
  const names = codeBlockNames(tree);
  if (names.size === 0) return;
  const isBlock = (n: RootContent): n is MdxJsxFlowElement | MdxJsxTextElement =>
    (n.type === 'mdxJsxFlowElement' || n.type === 'mdxJsxTextElement') && n.name !== null && names.has(n.name);
  const walk = (parent: Parent): void => {
    const children = parent.children as RootContent[];
    children.forEach((child, i) => {
      // A block alone on its lines in a paragraph (MDX reads `<CodeBlock>{`…`}</CodeBlock>` as text) takes the paragraph's place.
      const block = child.type === 'paragraph' && child.children.length === 1 && isBlock(child.children[0] as RootContent) ? child.children[0] as MdxJsxTextElement
        : isBlock(child) && child.type === 'mdxJsxFlowElement' ? child : null;
      const code = block && codeNode(block);
      if (code) children[i] = code;
      else if ('children' in child) walk(child as Parent);
    });
  };
  walk(tree);
}
