/**
 * JSX with a lower-case name (`<kbd>`, `<video controls>`): an HTML element,
 * held to exactly the rules of raw HTML in Markdown (the one schema and URL
 * rule of pipeline/safety/, the same problem codes). Attribute names are
 * React's or HTML's (`className` and `class` alike); values must be static.
 * `style` is left out with a warning: as with raw HTML, the theme decides
 * how a page looks.
 */
import { find, html } from 'property-information';
import type { Properties } from 'hast';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { error, placeOf, warning, type Problem } from '../../problem.ts';
import { autoplayFault, autoplayWarning } from './raw-html.ts';
import { disguisedValues, safeTags, unsafeProperties } from '../../safety/html.ts';
import { disguisedMessage } from '../../safety/urls.ts';
import { evaluate, type StaticScope } from '../../safety/static-value.ts';

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/** Whether a JSX name is an HTML element's (lower case first, as React decides). */
export const isIntrinsic = (name: string): boolean => /^[a-z]/.test(name) && !name.includes('.');

/**
 * Whether an attribute is an event handler written as a function
 * (`onClick={() => …}`): left out with a warning, since nothing of the content
 * runs; a handler in any other form (a string of script) stays refused.
 */
const isHandler = (attribute: MdxJsxAttribute): boolean => {
  if (!/^on[A-Z]/.test(attribute.name) || attribute.value === null || typeof attribute.value !== 'object') return false;
  const [statement] = attribute.value.data?.estree?.body ?? [];
  return statement?.type === 'ExpressionStatement'
    && (statement.expression.type === 'ArrowFunctionExpression' || statement.expression.type === 'FunctionExpression');
};

/**
 * Makes `node` the element its name says (`data.hName`, `data.hProperties`),
 * or says why it may not be one. Problems are at the node's place.
 */
export function intrinsicElement(node: JsxElement, scope: StaticScope, file: string): { readonly problems: Problem[]; readonly refused: boolean } {
  const tagName = (node.name ?? '').toLowerCase();
  const problems: Problem[] = [];
  const reasons: string[] = [];
  if (!safeTags.has(tagName)) reasons.push(`het element <${tagName}> staat niet op de veilige lijst`);
  const properties: Properties = {};
  for (const attribute of node.attributes) {
    if (attribute.type === 'mdxJsxExpressionAttribute') {
      problems.push(error('mdx-expression', file, placeOf(attribute.position ? attribute : node), `Een spreiding van attributen (\`{${attribute.value}}\`) op <${tagName}> wordt niet ondersteund: de build voert geen code uit de content uit. Schrijf elk attribuut uit.`));
      continue;
    }
    const info = find(html, attribute.name);
    if (info.property === 'style') {
      problems.push(warning('mdx-style-ignored', file, placeOf(attribute.position ? attribute : node), `Het attribuut style op <${tagName}> wordt weggelaten: zoals bij HTML in Markdown bepaalt het thema hoe de pagina eruitziet.`));
      continue;
    }
    // target and the rel that goes with it: the theme decides which links open a new tab (one warning per link).
    if ((info.property === 'target' || info.property === 'rel') && tagName === 'a') {
      const names = node.attributes.flatMap((a) => (a.type === 'mdxJsxAttribute' && /^(target|rel)$/.test(find(html, a.name).property) ? [a.name] : []));
      if (attribute.name !== names[0]) continue;
      problems.push(warning('mdx-target-ignored', file, placeOf(attribute.position ? attribute : node), `Het attribuut ${names.join(' en ')} op <a> wordt weggelaten: het thema opent links naar andere sites zelf in een nieuw tabblad, en zegt dat erbij voor wie een schermlezer gebruikt. Een link binnen de site opent in hetzelfde tabblad.`));
      continue;
    }
    if (isHandler(attribute)) {
      problems.push(warning('mdx-handler-dropped', file, placeOf(attribute.position ? attribute : node), `Het attribuut ${attribute.name} op <${tagName}> wordt weggelaten: het is een functie die in de browser zou draaien, en de build voert geen code uit de content uit. Het element blijft staan, maar doet niets als je erop klikt. Een eigen component in de componentenmap van de site kan het element vorm geven, maar wordt ook alleen tijdens de build gemaakt: wat de functie doet, schrijf je als tekst of als link.`));
      continue;
    }
    let value: unknown;
    if (attribute.value === null || attribute.value === undefined) value = true;
    else if (typeof attribute.value === 'string') value = attribute.value;
    else {
      const expression = attribute.value.data?.estree?.body[0];
      const evaluated = expression?.type === 'ExpressionStatement' ? evaluate(expression.expression, scope) : { refused: 'een lege expressie' };
      if ('refused' in evaluated || (evaluated.value !== null && typeof evaluated.value === 'object')) {
        problems.push(error('mdx-expression', file, placeOf(attribute.position ? attribute : node), `De waarde van ${attribute.name} op <${tagName}> is ${'refused' in evaluated ? evaluated.refused : 'een lijst of object'}; een HTML-attribuut moet een vaste tekst, een getal of true/false zijn. De build voert geen code uit de content uit.`));
        continue;
      }
      value = evaluated.value;
    }
    if (value === false || value === null) continue;
    properties[info.property] = info.property === 'className' && typeof value === 'string' ? value.split(/\s+/).filter(Boolean) : value as Properties[string];
  }
  reasons.push(...unsafeProperties(properties));
  // A link's href is the link job's (mdx-elements.ts makes it a Markdown link); any other address is refused here by the same rule.
  const disguised = disguisedValues(properties).filter(({ name }) => !(tagName === 'a' && name === 'href'));
  if (disguised.length > 0) {
    return { problems: [...problems, ...disguised.map(({ value }) => error('disguised-url', file, placeOf(node), disguisedMessage(value)))], refused: true };
  }
  if (reasons.length > 0) {
    problems.push(error('unsafe-html', file, placeOf(node), `Deze HTML is niet toegestaan: ${[...new Set(reasons)].join('; ')}. Gebruik Markdown, of alleen veilige elementen zoals <details> en <kbd>.`));
    return { problems, refused: true };
  }
  // Media that may not start by itself loses autoplay after the page is made hast (raw-html.ts, mediaAutoplay).
  const fault = autoplayFault({ tagName, properties });
  if (fault) problems.push(autoplayWarning(file, node, [fault]));
  node.data = { ...node.data, hName: tagName, hProperties: properties };
  return { problems, refused: false };
}
