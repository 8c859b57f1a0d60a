/**
 * The MDX job of one page: every JSX element, expression and ESM node of the
 * tree leaves this job as something the rest of the stage and the renderer
 * know. Lower-case JSX becomes an HTML element (./mdx-intrinsic.ts); `Link`,
 * `CodeBlock`, `Admonition` and `Details` become what their Markdown makes
 * (a checked link, a highlighted code block, an admonition, a details
 * element); every other component keeps its JSX node under its canonical
 * name with static attributes only; `{/* … *\/}` goes, `{'tekst'}` is text,
 * any other expression, spread or export is an error at its place. Nothing
 * of the content is ever run.
 */
import type { Link, List, ListItem, Paragraph, PhrasingContent, Root, RootContent, Text } from 'mdast';
import type { TocItem } from '../../types.ts';
import type { ContainerDirective } from 'mdast-util-directive';
import type { MdxFlowExpression, MdxTextExpression, MdxjsEsm } from 'mdast-util-mdx';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { Program } from 'estree';
import { error, placeOf, warning, type Place, type Problem } from '../../problem.ts';
import { unknownComponentWarning } from './mdx-unknown.ts';
import { admonitionTitles } from './admonitions.ts';
import { intrinsicElement, isIntrinsic } from './mdx-intrinsic.ts';
import { pageBindings, type PageModules } from './mdx-imports.ts';
import { expandLocalComponent, jsxValue, type LocalComponent } from './mdx-local-components.ts';
import type { ExpansionBudget } from './expansion-budget.ts';
import { describe, evaluate, isCurrentCategoryItems, soleExpression, valueProgram, type StaticScope, type StaticValue } from '../../safety/static-value.ts';
import type { Handler } from './walk.ts';

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;
type Expression = MdxFlowExpression | MdxTextExpression;

/** What the MDX job needs of the site: its modules, and what an unknown component is. */
export interface MdxSite extends PageModules {
  /** `error` (default) or `warn`: an unknown component then renders its children in a plain element. */
  readonly unknownComponents: 'error' | 'warn';
}

export interface MdxElements {
  readonly element: Handler<JsxElement>;
  readonly expression: Handler<Expression>;
  readonly esm: Handler<MdxjsEsm>;
  /** Whether the page places a DocCardList itself. */
  readonly docCardList: () => boolean;
  /** With `unknownComponents: warn`: one warning per unknown component, naming every line it is on. */
  readonly unknownComponents: () => ReadonlyArray<Problem>;
  /** After the walk: removes the paragraphs this job emptied (a refused element that was a paragraph's only content). */
  readonly tidy: () => void;
  /** After the walk, with the page's whole TOC: fills in each `<TOCInline />` the page placed. */
  readonly tocInline: (toc: ReadonlyArray<TocItem>) => void;
}

const notRun = 'De build voert geen code uit de content uit.';

/** The static value of an attribute, or the problem that it has none. */
type AttributeValue = { readonly value: StaticValue } | { readonly problem: Problem } | { readonly skip: true };

/** The JSX element's attributes by name, evaluated. */
function attributeValues(node: JsxElement, scope: StaticScope, file: string, component: string): Map<string, AttributeValue> {
  const values = new Map<string, AttributeValue>();
  node.attributes.forEach((attribute, i) => {
    const place = placeOf(attribute.position ? attribute : node);
    if (attribute.type === 'mdxJsxExpressionAttribute') {
      values.set(`\0spread${i}`, { problem: error('mdx-expression', file, place, `Een spreiding van attributen (\`{${attribute.value}}\`) op <${component}> wordt niet ondersteund. ${notRun} Schrijf elk attribuut uit.`) });
      return;
    }
    const { name, value } = attribute;
    if (value === null || value === undefined) { values.set(name, { value: true }); return; }
    if (typeof value === 'string') { values.set(name, { value }); return; }
    const program = value.data?.estree as Program | undefined;
    const expression = soleExpression(program);
    if (expression && isCurrentCategoryItems(expression, scope)) { values.set(name, { skip: true }); return; }
    const evaluated = expression ? evaluate(expression, scope) : { refused: 'een lege expressie' };
    values.set(name, 'refused' in evaluated
      ? { problem: error('mdx-expression', file, place, `De waarde van ${name} op <${component}> (\`{${value.value}}\`) is ${evaluated.refused}. ${notRun} Een attribuut kan een tekst, getal, true/false/null, een lijst of object daarvan, een sjabloontekst zonder \`\${…}\`, een geïmporteerde afbeelding of \`useBaseUrl('/pad')\` zijn.`) }
      : evaluated);
  });
  return values;
}

/** The attributes as the renderer reads them: strings as strings, every other value as a program of one literal. */
function staticAttributes(values: ReadonlyMap<string, AttributeValue>): MdxJsxAttribute[] {
  const out: MdxJsxAttribute[] = [];
  for (const [name, v] of values) {
    if (!('value' in v)) continue;
    if (typeof v.value === 'string') out.push({ type: 'mdxJsxAttribute', name, value: v.value });
    else if (v.value === true) out.push({ type: 'mdxJsxAttribute', name, value: null });
    else out.push({ type: 'mdxJsxAttribute', name, value: { type: 'mdxJsxAttributeValueExpression', value: JSON.stringify(v.value), data: { estree: valueProgram(v.value) as never } } });
  }
  return out;
}

const withoutAttribute = (values: ReadonlyMap<string, AttributeValue>, name: string): Map<string, AttributeValue> =>
  new Map([...values].filter(([attribute]) => attribute !== name));
const problemsOf = (values: ReadonlyMap<string, AttributeValue>): Problem[] => [...values.values()].flatMap((v) => ('problem' in v ? [v.problem] : []));
const stringOf = (v: AttributeValue | undefined): string | undefined => (v && 'value' in v && (typeof v.value === 'string' || typeof v.value === 'number') ? String(v.value) : undefined);

const phrasingTypes: ReadonlySet<string> = new Set([
  'text', 'emphasis', 'strong', 'delete', 'inlineCode', 'break', 'link', 'image', 'linkReference', 'imageReference',
  'footnoteReference', 'html', 'mdxJsxTextElement', 'mdxTextExpression',
]);

/**
 * A flow element's children as phrasing content: the paragraphs MDX wrapped
 * them in, or the phrasing itself when the element was unravelled from a
 * paragraph of its own (`<Link to="…">tekst</Link>` alone on a line).
 */
function phrasing(node: JsxElement): PhrasingContent[] {
  if (node.type === 'mdxJsxTextElement') return node.children;
  return node.children.flatMap((child): PhrasingContent[] => {
    if (child.type === 'paragraph') return child.children;
    // JSX on a line of its own inside (`<img … />` in a link): the same element, in text.
    if (child.type === 'mdxJsxFlowElement') return [{ ...child, type: 'mdxJsxTextElement' } as unknown as PhrasingContent];
    return phrasingTypes.has(child.type) ? [child as unknown as PhrasingContent] : [];
  });
}

/** Nodes that take a JSX element's place: in text as they are, in flow wrapped in a paragraph. */
const inPlace = (node: JsxElement, content: PhrasingContent[]): RootContent[] =>
  node.type === 'mdxJsxTextElement' ? content : [{ type: 'paragraph', children: content, position: node.position } satisfies Paragraph];

/**
 * The addresses of the cards a `DocCard` (`item`) or `DocCardList` (`items`)
 * is given: each one is a link the page makes, held to the link rule.
 */
function cardHrefs(values: ReadonlyMap<string, AttributeValue>): string[] {
  const hrefOf = (item: StaticValue): string[] =>
    item !== null && typeof item === 'object' && !Array.isArray(item) && typeof (item as Record<string, StaticValue>).href === 'string' ? [(item as Record<string, StaticValue>).href as string] : [];
  const item = values.get('item');
  const items = values.get('items');
  return [
    ...(item && 'value' in item ? hrefOf(item.value) : []),
    ...(items && 'value' in items && Array.isArray(items.value) ? items.value.flatMap(hrefOf) : []),
  ];
}

/**
 * The MDX job of one file of a page (the page, or a partial it places):
 * `expansion` is the page's budget for what templates and partials make, and
 * how many partials placed this file; `href` is the page's link job for
 * addresses that are no Markdown link (a card's), none: they are not checked.
 */
export function mdxElements(tree: Root, page: { readonly path: string; readonly display: string }, site: MdxSite, expansion: { readonly budget: ExpansionBudget; readonly depth: number }, href: (url: string, place: Place) => Problem[] = () => []): MdxElements {
  const file = page.display;
  const { bindings, problems: esmProblems, scope } = pageBindings(tree, page, site);
  const unknown = new Map<string, number[]>();
  let docCardList = false;

  /** `<Link to="…">`: a Markdown link, which the link job resolves and the link checker checks. */
  const link = (node: JsxElement, values: Map<string, AttributeValue>): RootContent[] => {
    const url = stringOf(values.get('to')) ?? stringOf(values.get('href'));
    const children = phrasing(node);
    if (url === undefined) return inPlace(node, children);
    return inPlace(node, [{ type: 'link', url, children, position: node.position } satisfies Link]);
  };

  /** `<Admonition type="tip" title="…">`: the container the `:::tip[…]` directive makes. */
  const admonition = (node: JsxElement, values: Map<string, AttributeValue>, richTitle: PhrasingContent[] | null): RootContent[] => {
    const type = stringOf(values.get('type')) ?? 'note';
    const title = stringOf(values.get('title'));
    const titleNodes = richTitle ?? (title ? [{ type: 'text', value: title } satisfies Text] : null);
    const label: Paragraph[] = titleNodes ? [{ type: 'paragraph', children: titleNodes, data: { directiveLabel: true } as never }] : [];
    const children = node.type === 'mdxJsxTextElement' ? [{ type: 'paragraph', children: node.children } satisfies Paragraph] : node.children;
    const directive: ContainerDirective = { type: 'containerDirective', name: type in admonitionTitles ? type : 'note', attributes: {}, children: [...label, ...children] as ContainerDirective['children'], position: node.position };
    return [directive];
  };

  /** A `<CodeBlock>` still here after parsing (./parse/mdx-code-blocks.ts made the static ones code blocks): what is not static in it. */
  const codeBlock = (node: JsxElement): Problem =>
    error('mdx-expression', file, placeOf(node), `De inhoud en de attributen van <CodeBlock> moeten vaste waarden zijn: tekst, of \`{\`…\`}\` zonder \`\${…}\`, en attributen als language="js". ${notRun}`);

  /** `<Details summary="…">`: a details element, its summary first. */
  const details = (node: JsxElement, values: Map<string, AttributeValue>, richSummary: PhrasingContent[] | null): void => {
    const summary = stringOf(values.get('summary'));
    const summaryNodes = richSummary ?? (summary !== undefined ? [{ type: 'text', value: summary } satisfies Text] : null);
    node.data = { ...node.data, hName: 'details', hProperties: {} };
    node.attributes = [];
    if (summaryNodes) {
      const summaryNode: MdxJsxTextElement = { type: 'mdxJsxTextElement', name: 'summary', attributes: [], children: summaryNodes as MdxJsxTextElement['children'], data: { hName: 'summary', hProperties: {} } };
      (node.children as RootContent[]).unshift(summaryNode);
    }
  };

  /**
   * `<a href="…">` in JSX: a Markdown link with the element's other
   * attributes, so the link job resolves it (a `.md` path becomes its page)
   * and the link checker checks it, as it checks every other link.
   */
  const intrinsicLink = (node: JsxElement): RootContent[] | null => {
    const { href, title, ...rest } = (node.data?.hProperties ?? {}) as Record<string, unknown>;
    if (node.data?.hName !== 'a' || typeof href !== 'string') return null;
    const made: Link = { type: 'link', url: href, title: typeof title === 'string' ? title : null, children: phrasing(node), position: node.position, data: { hProperties: rest as never } };
    return inPlace(node, [made]);
  };

  /** A use of a component the page defines: the tree it stands for, walked in its place. */
  const localComponentUse = (node: JsxElement, component: LocalComponent): ReturnType<Handler<JsxElement>> => {
    const values = attributeValues(node, scope, file, component.name);
    const props = new Map<string, StaticValue>();
    for (const [name, v] of values) if ('value' in v) props.set(name, v.value);
    const made = expandLocalComponent(component, node, props, scope, expansion);
    if ('overLimit' in made && made.overLimit) return { problems: expansion.budget.refuse(file, placeOf(node), `<${component.name}>`, made.overLimit), replace: [] };
    if ('refused' in made) {
      return { problems: [...problemsOf(values), error('mdx-expression', file, placeOf(node), `<${component.name}> kan hier niet gemaakt worden: ${made.refused}. ${notRun}`)], replace: [] };
    }
    return { problems: problemsOf(values), replace: made.value };
  };

  /** The nodes a JSX value of attribute `name` stands for (`summary={<b>Meer</b>}`), or null when it has none that can be made. */
  const jsxAttribute = (node: JsxElement, name: string): PhrasingContent[] | null => {
    const attribute = node.attributes.find((a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && a.name === name);
    const value = attribute?.value;
    if (!value || typeof value === 'string') return null;
    const expression = soleExpression(value.data?.estree as Program | undefined);
    const made = expression ? jsxValue(expression, scope, node.position) : null;
    return made && 'value' in made ? made.value as PhrasingContent[] : null;
  };

  const element: Handler<JsxElement> = (node) => {
    // Made by this job (a summary, a details element): already what it must be.
    if (node.data?.hName) return undefined;
    const name = node.name;
    if (name === null) return { replace: node.children as RootContent[] };
    if (name === 'head') {
      // Docusaurus moves a page's <head> into the document head; here the theme makes the head from the front matter.
      return { problems: [warning('mdx-head-ignored', file, placeOf(node), `Het element <head> wordt weggelaten: in Docusaurus zet het tags in de kop van de pagina, hier maakt het thema die kop. Zet de titel, beschrijving en afbeelding in de frontmatter (title, description, image).`)], replace: [] };
    }
    if (isIntrinsic(name)) {
      const made = intrinsicElement(node, scope, file);
      if (made.refused) return { problems: made.problems, replace: [] };
      const anchor = intrinsicLink(node);
      return anchor ? { problems: made.problems, replace: anchor } : { problems: made.problems };
    }
    const binding = bindings.get(name);
    if (binding?.kind === 'template') return localComponentUse(node, binding.component);
    if (binding?.kind !== 'component') {
      const place = placeOf(node);
      if (site.unknownComponents === 'warn') {
        unknown.set(name, [...(unknown.get(name) ?? []), place.line]);
        node.name = `Unknown$${name.replace(/[^\w$]/g, '$')}`;
        node.attributes = [];
        return undefined;
      }
      const why = binding?.kind === 'unresolved'
        ? `het is geïmporteerd uit "${binding.source}", dat geen ingebouwd component is en geen component in de componentenmap van de site (${site.componentsFolder})`
        : 'het is niet geïmporteerd';
      return {
        problems: [error('mdx-unknown-component', file, place, `Het component <${name}> is onbekend: ${why}. Importeer een ingebouwd component (zoals \`import Tabs from '@theme/Tabs'\`), zet het component in ${site.componentsFolder}/, of zet \`mdx: { unknownComponents: warn }\` in de siteconfiguratie om de pagina toch te bouwen.`)],
        replace: node.children as RootContent[],
      };
    }
    const values = attributeValues(node, scope, file, name);
    const problems = problemsOf(values);
    switch (binding.name) {
      case 'Link': return { problems, replace: link(node, values) };
      case 'Admonition': {
        const title = jsxAttribute(node, 'title');
        return { problems: title ? problemsOf(withoutAttribute(values, 'title')) : problems, replace: admonition(node, values, title) };
      }
      case 'CodeBlock': return { problems: [...problems, codeBlock(node)], replace: [] };
      case 'Details': {
        const summary = jsxAttribute(node, 'summary');
        details(node, values, summary);
        return { problems: summary ? problemsOf(withoutAttribute(values, 'summary')) : problems };
      }
      case 'BrowserOnly': {
        // Its children are a function the browser runs; what stands in its place at build time is its fallback.
        const fallback = jsxAttribute(node, 'fallback') ?? [];
        const text = stringOf(values.get('fallback'));
        const made: PhrasingContent[] = fallback.length ? fallback : text !== undefined ? [{ type: 'text', value: text }] : [];
        return {
          problems: [warning('mdx-browser-only', file, placeOf(node), `De inhoud van <BrowserOnly> wordt weggelaten: het is code die alleen in de browser draait, en de site draait geen code uit de content. ${made.length ? 'Op de pagina staat wat fallback zegt.' : 'Op die plek staat niets.'} Schrijf wat de lezer moet weten als tekst, of maak er een component van in de componentenmap van de site.`)],
          replace: made.length === 0 ? []
            // Elements on a line of their own stay flow (`fallback={<p>…</p>}` is no paragraph in a paragraph).
            : node.type === 'mdxJsxFlowElement' && made.every((n) => n.type === 'mdxJsxTextElement') ? made.map((n) => ({ ...n, type: 'mdxJsxFlowElement' }) as RootContent)
              : inPlace(node, made),
        };
      }
      case 'TOCInline': {
        // `toc={toc}` names the TOC MDX exports: the page's own, which this list is.
        const list = tocList(stringOf(values.get('minHeadingLevel')), stringOf(values.get('maxHeadingLevel')), node);
        return { problems: problemsOf(withoutAttribute(values, 'toc')), replace: [list.node] };
      }
      default: {
        if (binding.name === 'DocCardList') docCardList = true;
        const cards = binding.name === 'DocCard' || binding.name === 'DocCardList' ? cardHrefs(values).flatMap((url) => href(url, placeOf(node))) : [];
        node.name = binding.name;
        node.attributes = staticAttributes(values);
        return { problems: [...problems, ...cards] };
      }
    }
  };

  const expression: Handler<Expression> = (node) => {
    const program = node.data?.estree as Program | undefined;
    if (program && program.body.length === 0) return { replace: [] };
    const sole = soleExpression(program);
    const evaluated = sole ? evaluate(sole, scope) : { refused: 'meer dan één opdracht' };
    if ('value' in evaluated && (typeof evaluated.value === 'string' || typeof evaluated.value === 'number')) {
      const text: Text = { type: 'text', value: String(evaluated.value), position: node.position };
      return { replace: node.type === 'mdxTextExpression' ? [text] : [{ type: 'paragraph', children: [text], position: node.position }] };
    }
    const what = 'refused' in evaluated ? evaluated.refused : sole ? describe(sole) : 'code';
    return {
      problems: [error('mdx-expression', file, placeOf(node), `De expressie \`{${node.value.trim()}}\` is ${what}; in de tekst kan een expressie alleen commentaar (\`{/* … */}\`) of een vaste tekst (\`{'tekst'}\`) zijn. ${notRun} Schrijf de tekst uit, of schrijf \`\\{\` als de accolade tekst is.`)],
      replace: [],
    };
  };

  /** The inline TOCs of the page, empty until the walk is done: the TOC is complete only then. */
  const inlineTocs: { readonly node: List; readonly min: number; readonly max: number }[] = [];
  const tocList = (min: string | undefined, max: string | undefined, node: JsxElement) => {
    const list = { node: { type: 'list', ordered: false, spread: false, children: [], position: node.position, data: { hProperties: { className: ['toc-inline'] } } } as List, min: Number(min ?? 2), max: Number(max ?? 3) };
    inlineTocs.push(list);
    return list;
  };
  const tocInline = (toc: ReadonlyArray<TocItem>): void => {
    for (const { node, min, max } of inlineTocs) node.children = nestedToc(toc.filter((item) => item.depth >= min && item.depth <= max));
  };

  const esm: Handler<MdxjsEsm> = (node) => ({ problems: esmProblems.get(node) ?? [], replace: [] });

  const unknownComponents = (): Problem[] => [...unknown].map(([name, lines]) => unknownComponentWarning(file, name, lines, site.componentsFolder));

  let emptied = false;
  const removing = <T>(visit: T): T => { emptied = true; return visit; };
  const tidy = (): void => { if (emptied) dropEmptyParagraphs(tree); };

  return {
    element: (node) => { const visit = element(node); return visit?.replace?.length === 0 ? removing(visit) : visit; },
    expression: (node) => { const visit = expression(node); return visit?.replace?.length === 0 ? removing(visit) : visit; },
    esm, docCardList: () => docCardList, unknownComponents, tidy, tocInline,
  };
}

/** TOC items as list items, each deeper heading in a list under the item before it (as Docusaurus' TOCInline nests them). */
function nestedToc(items: ReadonlyArray<TocItem>): ListItem[] {
  const out: ListItem[] = [];
  let i = 0;
  while (i < items.length) {
    const item = items[i]!;
    let end = i + 1;
    while (end < items.length && items[end]!.depth > item.depth) end++;
    const link: Link = { type: 'link', url: `#${item.id}`, children: [{ type: 'text', value: item.text }] };
    const under = nestedToc(items.slice(i + 1, end));
    out.push({ type: 'listItem', spread: false, children: [{ type: 'paragraph', children: [link] }, ...(under.length ? [{ type: 'list', ordered: false, spread: false, children: under } satisfies List] : [])] });
    i = end;
  }
  return out;
}

/** Markdown never makes an empty paragraph: one is left only where the job removed all it held. */
function dropEmptyParagraphs(node: Root | RootContent): void {
  if (!('children' in node)) return;
  const children = node.children as RootContent[];
  for (let i = children.length - 1; i >= 0; i--) {
    const child = children[i]!;
    if (child.type === 'paragraph' && child.children.every((c) => c.type === 'text' && c.value.trim() === '')) children.splice(i, 1);
    else dropEmptyParagraphs(child);
  }
}
