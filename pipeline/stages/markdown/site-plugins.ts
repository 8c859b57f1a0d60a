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
import { error, startOfFile, type Problem } from '../../problem.ts';
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
