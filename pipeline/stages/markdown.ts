/**
 * Stage 5, markdown: mdast → hast for one entry, with everything the page
 * and the link checker need: heading ids and TOC, resolved links (with their
 * source positions), hashed images, admonitions, embeds, highlighted code and
 * mermaid SVG. Pure: the highlighter and diagram SVGs come in as values made
 * at the io edge.
 *
 * Each job is a module of markdown/, with a handler for the node types it
 * changes; one walk hands every node to its handler (markdown/walk.ts), and
 * the problems the handlers return come back in the order of the page. Then
 * the excerpt is split off and both trees become hast (markdown/to-hast.ts).
 */
import type { Root as HastRoot } from 'hast';
import type { Root } from 'mdast';
import type { Assets } from './assets.ts';
import type { Highlighter } from './highlight/requests.ts';
import type { Problem } from '../problem.ts';
import type { Content, Diagram, Partial, Partials } from '../types.ts';
import { copyTree } from './markdown/copy-tree.ts';
import { sourceOf } from './markdown/source.ts';
import { walk } from './markdown/walk.ts';
import { headingIds } from './markdown/headings-and-toc.ts';
import { linkTargets } from './markdown/links.ts';
import { imageAssets } from './markdown/images.ts';
import { rawHtml } from './markdown/raw-html.ts';
import { mermaidFigures } from './markdown/mermaid.ts';
import { codeLanguage } from './markdown/code.ts';
import { directiveElements } from './markdown/directives.ts';
import { splitExcerpt } from './markdown/excerpt.ts';
import { firstParagraph, readingWords } from './markdown/reading.ts';
import { pageHast } from './markdown/to-hast.ts';
import { mdxElements } from './markdown/mdx-elements.ts';
import { partialImports, withProps } from './markdown/partials.ts';
import { defaultExpansionLimits, expansionBudget, nodeCount, type ExpansionBudget, type ExpansionLimits } from './markdown/expansion-budget.ts';
import { madeBy } from './markdown/mdx-local-components.ts';
import { evaluate, soleExpression, type StaticScope, type StaticValue } from '../safety/static-value.ts';
import type { Visit } from './markdown/walk.ts';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { RootContent } from 'mdast';
import type { Program } from 'estree';
import { error, placeOf } from '../problem.ts';
import { defaultComponentsFolder } from './site-component-keys.ts';
import { heldToSafety, knownMdx, placeOfStep, withKnownMdx, type PluginStep, type SitePluginSteps } from './markdown/site-plugins.ts';

export type { Content, Diagram, LinkRef, TocItem } from '../types.ts';
export { admonitionTitles } from './markdown/admonitions.ts';
export { safeDecode } from './markdown/urls.ts';
export { eagerImageBlocks } from './markdown/image-loading.ts';
export { languagesUsed } from './markdown/code.ts';
export { mermaidSources } from './markdown/mermaid.ts';

export interface MarkdownContext {
  /** Content path (`kennisbank/apis/index.md`) → permalink, for relative `.md` links. */
  readonly permalinks: ReadonlyMap<string, string>;
  /** Content paths of drafts left out of this build. */
  readonly drafts: ReadonlySet<string>;
  /** Content paths of Markdown files that could not be built, so a link to one says so. Left out: none. */
  readonly unbuilt?: ReadonlySet<string>;
  /** Every permalink, made once per build for the links of every page. */
  readonly routes?: ReadonlySet<string>;
  readonly assets: Assets;
  readonly highlighter: Highlighter | null;
  /**
   * Highlighted code blocks by fence, shared by the pages of one build: made
   * by whoever makes the context, so two builds never share one. Left out,
   * every block is highlighted afresh (the output is the same).
   */
  readonly highlighted?: Map<string, HastRoot>;
  /** Mermaid SVG by hash of the diagram source; absent when no browser was available. */
  readonly diagrams: ReadonlyMap<string, Diagram> | null;
  /** MDX: the site's own components and what an unknown one is; left out, the site has none and unknown components are errors. */
  readonly mdx?: MdxSettings;
  /** The partials a page may import and place (./markdown/partials.ts), by content path; left out: none. */
  readonly partials?: Partials;
  /** The site's own remark and rehype plugins of this page's area, as trees made ahead (./markdown/site-plugins.ts); left out: none. */
  readonly sitePlugins?: SitePluginSteps;
}

/** The site's MDX settings (`mdx` in the site configuration) with the keys of its components (pipeline/stages/site-component-keys.ts). */
export interface MdxSettings {
  readonly unknownComponents: 'error' | 'warn';
  /** The components folder, relative to the content root. */
  readonly componentsFolder: string;
  readonly siteComponents: ReadonlySet<string>;
  /** The static folders, relative to the content root: `import x from '@site/static/img/x.png'` is `/img/x.png`. */
  readonly staticFolders: ReadonlyArray<string>;
  /** What the templates and partials of one page may make (./markdown/expansion-budget.ts); left out, the defaults. */
  readonly expansionLimit?: ExpansionLimits;
}

const noSiteComponents: MdxSettings = { unknownComponents: 'error', componentsFolder: defaultComponentsFolder, siteComponents: new Set(), staticFolders: ['static'] };

export interface MarkdownInput {
  readonly tree: Root;
  /** Content path of the source file, for resolving relative links. */
  readonly path: string;
  /** Path as shown in messages. */
  readonly display: string;
  readonly permalink: string;
  readonly tocMin: number;
  readonly tocMax: number;
  /** The whole source file, to restore text that only looked like a directive. */
  readonly source?: string;
}

/** A page's content, and the problems found on it in the order of the page (the shape the memo and build cache keep). */
export function renderMarkdown(input: MarkdownInput, ctx: MarkdownContext): { readonly content: Content; readonly problems: ReadonlyArray<Problem> } {
  // The jobs change the tree in place: the memo and the build cache keep the original.
  const plugins = ctx.sitePlugins;
  const pluginProblems: Problem[] = [];
  const plugged = <T extends Root | HastRoot>(step: PluginStep, before: T): T => {
    if (!plugins?.places.has(placeOfStep(step))) return before;
    const after = plugins.at(step, before);
    pluginProblems.push(...after.problems);
    return after.tree as T;
  };
  // Docusaurus runs beforeDefaultRemarkPlugins before its own remark steps, remarkPlugins after them.
  let tree = plugged('beforeDefaultRemarkPlugins', copyTree(input.tree));
  // One heading job for the page and the partials it places: their headings share its ids and its TOC.
  const headings = headingIds(input);
  const found: FileJobs[] = [];
  const budget = expansionBudget(ctx.mdx?.expansionLimit ?? defaultExpansionLimits);
  const problems = fileJobs({ tree, path: input.path, display: input.display, text: input.source }, [input.path], 0, input, ctx, { headings, budget }, found);
  for (const jobs of found) jobs.mdx.tocInline(headings.toc);
  // What of MDX our job resolved: MDX a plugin makes after this has no name or check of ours.
  const known = plugins ? knownMdx(tree) : null;
  tree = plugged('remarkPlugins', tree);

  const { body, excerpt } = splitExcerpt(tree);
  const highlighting = { highlighter: ctx.highlighter, highlighted: ctx.highlighted };
  const hastOf = (part: 'body' | 'excerpt', mdast: Root): HastRoot => {
    if (!plugins) return pageHast(mdast, highlighting);
    const hast = pageHast(mdast, highlighting, {
      before: (t) => plugged(`beforeDefaultRehypePlugins:${part}`, t),
      after: (t) => plugged(`rehypePlugins:${part}`, t),
    });
    // Plugin output is site code's output: held to its rules before it leaves the stage.
    const held = heldToSafety(hast, input.display);
    const shown = withKnownMdx(held.tree, known!, input.display);
    pluginProblems.push(...held.problems, ...shown.problems);
    return shown.tree;
  };
  const bodyHast = hastOf('body', body);
  const excerptHast = excerpt ? hastOf('excerpt', excerpt) : null;
  return {
    content: {
      body: bodyHast,
      excerpt: excerptHast,
      toc: headings.toc,
      anchors: headings.anchors,
      links: found.flatMap((f) => f.links.links),
      words: readingWords(body),
      firstParagraph: firstParagraph(body),
      hasMermaid: found.some((f) => f.diagrams.found()),
      docCardList: found.some((f) => f.directives.docCardList() || f.mdx.docCardList()),
    },
    problems: pluginProblems.length > 0 ? [...problems, ...pluginProblems] : problems,
  };
}

/** The jobs of one file of the page (the page itself, or a partial it places), for what the page takes from them after the walk. */
interface FileJobs {
  readonly links: ReturnType<typeof linkTargets>;
  readonly diagrams: ReturnType<typeof mermaidFigures>;
  readonly directives: ReturnType<typeof directiveElements>;
  readonly mdx: ReturnType<typeof mdxElements>;
}

/** A file whose tree the jobs walk: the page, or a partial in its place. */
interface JobFile {
  readonly tree: Root;
  readonly path: string;
  readonly display: string;
  readonly text: string | undefined;
}

/** What the files of one page share: one heading job (ids and TOC), and one budget for what templates and partials make. */
interface PageJobs {
  readonly headings: ReturnType<typeof headingIds>;
  readonly budget: ExpansionBudget;
}

/** The syntax nodes of each partial's tree, which every placement pays for (the trees never change). */
const partialSizes = new WeakMap<Partial, number>();
const partialSize = (partial: Partial): number => {
  let size = partialSizes.get(partial);
  if (size === undefined) partialSizes.set(partial, size = nodeCount(partial.tree));
  return size;
};

/**
 * Walks one file's tree (changed in place) with jobs of its own: problems
 * name that file, and the files its links and images name are found from it,
 * as Docusaurus compiles a partial on its own. A use of a partial is replaced
 * by the partial's tree, walked the same way; `chain` is the page and the
 * partials that placed this one, so a partial that would place itself again
 * is refused at its import. `depth` is how many templates and partials the
 * file was placed through, for the page's depth limit.
 */
function fileJobs(file: JobFile, chain: ReadonlyArray<string>, depth: number, page: MarkdownInput, ctx: MarkdownContext, shared: PageJobs, found: FileJobs[]): Problem[] {
  const { headings, budget } = shared;
  const { tree, display } = file;
  const source = sourceOf(file.text);
  // Route-like links are the page's (the browser resolves them against its URL); file links are the file's.
  const links = linkTargets({ path: file.path, display, permalink: page.permalink }, ctx);
  const diagrams = mermaidFigures(display, ctx.diagrams);
  const code = codeLanguage(display, ctx.highlighter);
  const directives = directiveElements(display, source);
  const mdx = mdxElements(tree, file, { ...(ctx.mdx ?? noSiteComponents), assetUrl: (path) => ctx.assets.get(path)?.url ?? null }, { budget, depth }, links.href);
  found.push({ links, diagrams, directives, mdx });
  const partials = ctx.partials ?? new Map();
  const imports = partialImports(tree, file.path, partials);

  /** A use of a partial: its tree, walked with its own jobs, in the element's place. */
  const partialUse = (node: MdxJsxFlowElement | MdxJsxTextElement): Visit | undefined => {
    const used = node.name ? imports.get(node.name) : undefined;
    const partial = used && partials.get(used.path);
    if (!used || !partial) return mdx.element(node);
    if (chain.includes(partial.path)) {
      return { problems: [error('mdx-partial-cycle', display, used.place, `Deze import plaatst ${partial.display} in zichzelf (${[...chain, partial.path].join(' → ')}): dat houdt nooit op. Haal de import of het element <${node.name}> weg uit een van deze bestanden.`)], replace: [] };
    }
    // Paid for before it is copied: partials that place each other ten times a level multiply (./markdown/expansion-budget.ts).
    const placedDepth = depth + madeBy(node).length + 1;
    const over = placedDepth > budget.limits.depth ? 'depth' : !budget.spend(partialSize(partial)) ? 'nodes' : null;
    if (over) return { problems: budget.refuse(display, placeOf(node), `<${node.name}> (${partial.display})`, over), replace: [] };
    const props = partialProps(node, display);
    const placed = withProps(copyTree(partial.tree), props.values);
    const problems = fileJobs({ tree: placed, path: partial.path, display: partial.display, text: partial.text }, [...chain, partial.path], placedDepth, page, ctx, shared, found);
    // In a sentence a partial of one paragraph gives that paragraph's text; a paragraph cannot hold another.
    const [only] = placed.children;
    const settled = node.type === 'mdxJsxTextElement' && placed.children.length === 1 && only?.type === 'paragraph' ? only.children : placed.children;
    return { problems: [...props.problems, ...problems], settled: settled as RootContent[] };
  };

  const walked = walk(tree, {
    heading: headings.heading,
    link: links.link,
    definition: links.definition,
    image: imageAssets(file.path, display, ctx.assets, links.record),
    html: rawHtml(display, links.href),
    code: (node) => (node.lang === 'mermaid' ? diagrams.code(node) : code(node)),
    containerDirective: directives.directive,
    leafDirective: directives.directive,
    textDirective: directives.directive,
    mdxJsxFlowElement: partialUse,
    mdxJsxTextElement: partialUse,
    mdxFlowExpression: mdx.expression,
    mdxTextExpression: mdx.expression,
    mdxjsEsm: mdx.esm,
  });
  mdx.tidy();
  return [...walked, ...mdx.unknownComponents()];
}

/** The props of a partial's use: static values only, as for any component; anything else is an error at its place. */
function partialProps(node: MdxJsxFlowElement | MdxJsxTextElement, file: string): { readonly values: Map<string, StaticValue>; readonly problems: Problem[] } {
  const values = new Map<string, StaticValue>();
  const problems: Problem[] = [];
  const noNames: StaticScope = { bindings: new Map(), asset: () => null };
  for (const attribute of node.attributes) {
    const place = placeOf(attribute.position ? attribute : node);
    if (attribute.type !== 'mdxJsxAttribute') {
      problems.push(error('mdx-expression', file, place, `Een spreiding van attributen (\`{${attribute.value}}\`) op <${node.name}> wordt niet ondersteund. De build voert geen code uit de content uit. Schrijf elk attribuut uit.`));
      continue;
    }
    const { name, value } = attribute;
    if (value === null || value === undefined) { values.set(name, true); continue; }
    if (typeof value === 'string') { values.set(name, value); continue; }
    const expression = soleExpression(value.data?.estree as Program | undefined);
    const evaluated = expression ? evaluate(expression, noNames) : { refused: 'een lege expressie' };
    if ('value' in evaluated) values.set(name, evaluated.value);
    else problems.push(error('mdx-expression', file, place, `De waarde van ${name} op <${node.name}> (\`{${value.value}}\`) is ${evaluated.refused}. De build voert geen code uit de content uit. Een gedeeld stuk krijgt alleen vaste waarden: een tekst, getal, true/false/null, of een lijst of object daarvan.`));
  }
  return { values, problems };
}
