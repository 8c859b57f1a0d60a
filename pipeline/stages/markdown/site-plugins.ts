/**
 * A site's own remark and rehype plugins, as the markdown stage sees them:
 * not as code but as trees. At each of the four places Docusaurus gives
 * them, the stage hands the tree it has to `SitePluginSteps.at` and goes on
 * with the tree it gets back. Whoever made the steps (the schedule, with the
 * plugin box) ran the plugins; the stage runs none and stays pure.
 *
 * What comes back is site code's output, not trusted HTML: before the page's
 * hast leaves the stage it is held to the rules the renderer keeps for site
 * code (`heldToSafety`).
 */
import type { Element, Root as HastRoot, RootContent as HastContent } from 'hast';
import type { Root } from 'mdast';
import type { Layout, MarkdownPlace, MarkdownPlugins } from '../../types.ts';
import { areaOf } from '../../layout.ts';
import { error, startOfFile, warning, type Problem } from '../../problem.ts';
import { unsafeHtml } from '../../safety/html.ts';
import { unsafeUrl } from '../../safety/urls.ts';

/** A place in one page's markdown: the rehype places come twice, for the body and for the excerpt. */
export type PluginStep = 'beforeDefaultRemarkPlugins' | 'remarkPlugins' | `${'beforeDefaultRehypePlugins' | 'rehypePlugins'}:${'body' | 'excerpt'}`;

/** The tree after the plugins of one step, and what went wrong in them (a plugin that threw or ran too long). */
export interface PluggedTree {
  readonly tree: Root | HastRoot;
  readonly problems: ReadonlyArray<Problem>;
}

/** The site's plugins of one page: the places its area has plugins for, and the tree after them at a step. */
export interface SitePluginSteps {
  readonly places: ReadonlySet<MarkdownPlace>;
  readonly at: (step: PluginStep, tree: Root | HastRoot) => PluggedTree;
}

/** The place of a step. */
export const placeOfStep = (step: PluginStep): MarkdownPlace => step.split(':')[0] as MarkdownPlace;

/**
 * Thrown by a step whose tree is not made yet: the schedule, which makes the
 * steps ahead of the stage, catches it, has the plugin box make the tree and
 * runs the page again. The stage itself never sees one.
 */
export class PluginTreePending extends Error {
  constructor(readonly step: PluginStep, readonly tree: Root | HastRoot) {
    super(`de boom na de plugins van ${step} is er nog niet`);
  }
}

/** Elements the renderer never writes for site code: what they hold is code or loads another document. */
const neverTags = new Set(['script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'meta', 'link', 'noscript', 'template', 'form', 'portal']);

/**
 * The page's hast after the site's plugins, held to the rules of site code's
 * output: an element that holds code or another document, an event handler,
 * an address with a script scheme, and raw HTML that the raw HTML rule of
 * pipeline/safety/html.ts refuses are left out, each with one problem at the
 * page. Our own output has none of these, so a page whose plugins add none
 * comes out as it went in.
 */
export function heldToSafety(tree: HastRoot, file: string): { readonly tree: HastRoot; readonly problems: Problem[] } {
  const problems: Problem[] = [];
  const refuse = (what: string) => problems.push(error('site-markdown-plugin-failed', file, startOfFile,
    `Een remark- of rehype-plugin van de site maakte ${what} op deze pagina; dat is weggelaten (site-code mag dat niet op een pagina zetten). Pas de plugin aan.`));
  const clean = (nodes: ReadonlyArray<HastContent>): HastContent[] => nodes.flatMap((node): HastContent[] => {
    if (node.type === 'raw') {
      const reasons = unsafeHtml(node.value);
      if (reasons.length > 0) {
        refuse(`ruwe HTML die niet mag (${reasons[0]})`);
        return [];
      }
      return [node];
    }
    if (node.type !== 'element') return [node];
    if (neverTags.has(node.tagName.toLowerCase())) {
      refuse(`een element <${node.tagName}>`);
      return [];
    }
    const properties: Element['properties'] = {};
    for (const [name, value] of Object.entries(node.properties ?? {})) {
      const values = Array.isArray(value) ? value : [value];
      const scheme = values.map((v) => (typeof v === 'string' ? unsafeUrl(v) : null)).find((s) => s);
      if (/^on/i.test(name)) refuse(`een event handler (${name}) op <${node.tagName}>`);
      else if (scheme) refuse(`een ${name} met een ${scheme}:-adres op <${node.tagName}>`);
      else properties[name] = value;
    }
    return [{ ...node, properties, children: clean(node.children) as Element['children'] }];
  });
  return { tree: { ...tree, children: clean(tree.children) as HastRoot['children'] }, problems };
}

/** What of MDX a tree holds: its elements' names and its expressions, as our MDX job left them (what the renderer can evaluate). */
export interface KnownMdx {
  readonly names: ReadonlySet<string>;
  readonly expressions: ReadonlySet<string>;
}

type MdxLike = { type: string; name?: string | null; value?: unknown; attributes?: Array<{ type: string; value?: unknown }>; children?: MdxLike[] };

const isMdxElement = (node: MdxLike): boolean => node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';
const isMdxExpression = (node: MdxLike): boolean => node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression';

/** The MDX a tree holds before the site's plugins change it (mdast or hast: the MDX nodes have the same shape). */
export function knownMdx(tree: Root | HastRoot): KnownMdx {
  const names = new Set<string>();
  const expressions = new Set<string>();
  const walk = (node: MdxLike) => {
    if (isMdxElement(node) && node.name) names.add(node.name);
    if (isMdxExpression(node) && typeof node.value === 'string') expressions.add(node.value);
    for (const child of node.children ?? []) walk(child);
  };
  walk(tree as MdxLike);
  return { names, expressions };
}

/**
 * MDX a plugin made, held to what the renderer can show: our MDX job resolves
 * names and checks expressions before the plugins of `remarkPlugins` run, so
 * an element with a name it did not give shows its children in a plain
 * element (as an unknown component does) with its attributes left out but for
 * plain values, and an expression it did not see is left out; one warning
 * says so.
 */
export function withKnownMdx(tree: HastRoot, known: KnownMdx, file: string): { readonly tree: HastRoot; readonly problems: Problem[] } {
  const made = new Set<string>();
  let dropped = 0;
  const clean = (nodes: MdxLike[]): MdxLike[] => nodes.flatMap((node): MdxLike[] => {
    if (isMdxExpression(node) && !(typeof node.value === 'string' && known.expressions.has(node.value))) {
      dropped += 1;
      return [];
    }
    const children = node.children ? { children: clean(node.children) } : {};
    if (isMdxElement(node) && node.name && !known.names.has(node.name)) {
      made.add(node.name);
      const attributes = (node.attributes ?? []).filter((a) => a.type === 'mdxJsxAttribute' && (a.value === null || a.value === undefined || typeof a.value === 'string'));
      return [{ ...node, name: `Unknown$${node.name.replace(/[^\w$]/g, '$')}`, attributes, ...children }];
    }
    return [{ ...node, ...children }];
  });
  const out = { ...tree, children: clean(tree.children as MdxLike[]) } as HastRoot;
  const problems = made.size === 0 && dropped === 0 ? [] : [warning('site-markdown-plugin-failed', file, startOfFile,
    `Een remark- of rehype-plugin van de site maakte MDX op deze pagina die de build niet kan tonen${made.size ? `: ${[...made].map((n) => `<${n}>`).join(', ')} (de inhoud staat er in een gewoon element)` : ''}${dropped ? `${made.size ? ', en ' : ': '}${dropped} expressie${dropped === 1 ? '' : 's'} (weggelaten)` : ''}. Componenten en expressies worden opgezocht voordat remarkPlugins draaien; zet de component in de pagina zelf, of laat de plugin HTML-elementen maken.`)];
  return { tree: out, problems };
}

/** The places of `plugins` that have at least one plugin, in Docusaurus' order. */
export const placesWithPlugins = (plugins: MarkdownPlugins | undefined): ReadonlySet<MarkdownPlace> =>
  new Set((['beforeDefaultRemarkPlugins', 'remarkPlugins', 'beforeDefaultRehypePlugins', 'rehypePlugins'] as const).filter((place) => (plugins?.[place]?.length ?? 0) > 0));

/** The area a content file belongs to, as the plugins' key names it (`docs:default`, `blog`, `pages`), with its Markdown plugins; null: its area has none. */
export function areaPlugins(layout: Layout, path: string): { readonly area: string; readonly plugins: MarkdownPlugins } | null {
  const found = areaOf(layout, path);
  if (!found?.area.markdown || placesWithPlugins(found.area.markdown).size === 0) return null;
  return { area: found.kind === 'docs' ? `docs:${found.area.id}` : found.kind, plugins: found.area.markdown };
}

/** Every area of the layout with Markdown plugins, by the name `areaPlugins` gives it. */
export function areasWithPlugins(layout: Layout): Map<string, MarkdownPlugins> {
  const areas = new Map<string, MarkdownPlugins>();
  for (const area of layout.docs) if (placesWithPlugins(area.markdown).size > 0) areas.set(`docs:${area.id}`, area.markdown!);
  if (layout.blog && placesWithPlugins(layout.blog.markdown).size > 0) areas.set('blog', layout.blog.markdown!);
  if (layout.pages && placesWithPlugins(layout.pages.markdown).size > 0) areas.set('pages', layout.pages.markdown!);
  return areas;
}
