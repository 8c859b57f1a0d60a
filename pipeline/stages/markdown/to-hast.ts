/**
 * mdast → hast for a page (or its excerpt): remark-rehype, then the code
 * highlighted, then raw HTML parsed into the tree, media that may not
 * autoplay stopped, images given their loading, and source positions
 * dropped. The processors hold no state: they
 * are made once, when the module loads, and every page of every build runs
 * through them; the build's highlighter comes with each page's file.
 */
import { unified } from 'unified';
import remarkRehype, { type Options as RemarkRehypeOptions } from 'remark-rehype';
import rehypeRaw from 'rehype-raw';
import type { Root as HastRoot } from 'hast';
import type { Nodes, Root } from 'mdast';
import { highlightedCode, type CodeHighlighting } from '../highlight/highlighted-code.ts';
import { imageLoading } from './image-loading.ts';
import { settle } from './settle.ts';
import { mediaAutoplay } from './raw-html.ts';
import { mdxToHast } from './mdx-to-hast.ts';

/**
 * Every message about the page has been made by now, and nothing after this
 * stage reads a source position: dropping them saves a third of the tree's
 * memory (10× content) and of the build cache. Only MDX components keep
 * theirs: a site's own component runs when the page renders, and one that
 * throws is reported at its element (theme/mdx/body.ts).
 */
function dropPositions(node: { type?: string; position?: unknown; children?: unknown[] }): void {
  if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') delete node.position;
  if (Array.isArray(node.children)) for (const child of node.children) dropPositions(child as typeof node);
}

function settled() {
  return (tree: HastRoot): void => settle(tree);
}

function loadingImages() {
  return (tree: HastRoot): void => imageLoading(tree);
}

function withoutPositions() {
  return (tree: HastRoot): void => dropPositions(tree);
}

/** How remark-rehype makes hast of our mdast: raw HTML kept for rehype-raw, Dutch footnote labels, MDX nodes by our handlers. */
const remarkRehypeOptions: RemarkRehypeOptions = {
  allowDangerousHtml: true,
  footnoteLabel: 'Voetnoten',
  footnoteBackLabel: (i: number) => `Terug naar de tekst bij voetnoot ${i + 1}`,
  clobberPrefix: 'voetnoot-',
  handlers: mdxToHast,
};

/** remark-rehype, and the code highlighted before rehype-raw: re-parsing raw HTML drops the fence meta (title, line ranges). */
const highlightedHast = () =>
  unified()
    .use(remarkRehype, remarkRehypeOptions)
    .use(highlightedCode);

/** Pages without raw HTML skip the re-parse with parse5, which would cost a third of this stage. */
const plainProcessor = highlightedHast().use(settled).use(mediaAutoplay).use(loadingImages).use(withoutPositions).freeze();
// Components stay JSX nodes for the renderer; rehype-raw passes them on as they are.
const rawProcessor = highlightedHast().use(rehypeRaw, { passThrough: ['mdxJsxFlowElement', 'mdxJsxTextElement'] }).use(mediaAutoplay).use(loadingImages).use(withoutPositions).freeze();

/** Whether raw HTML is left in the tree (the raw HTML job has dropped what it refused). */
function hasRawHtml(node: Nodes): boolean {
  if (node.type === 'html') return true;
  return 'children' in node && node.children.some(hasRawHtml);
}

/**
 * The page's hast. With the site's rehype plugins (`plugged`), remark-rehype
 * runs on its own: `before` gets its tree (Docusaurus' beforeDefaultRehypePlugins
 * go before its own rehype steps), then our steps run, then `after` gets the
 * result (rehypePlugins).
 */
export function pageHast(tree: Root, codeHighlighting: CodeHighlighting, plugged?: RehypeSteps): HastRoot {
  if (!plugged) {
    const processor = hasRawHtml(tree) ? rawProcessor : plainProcessor;
    return processor.runSync(tree, { data: { codeHighlighting } }) as HastRoot;
  }
  const first = plugged.before(toHastProcessor.runSync(tree) as HastRoot);
  const rest = hasRawNode(first) ? rawSteps : plainSteps;
  return plugged.after(rest.runSync(first, { data: { codeHighlighting } }) as HastRoot);
}

/** What the site's rehype plugins make of the hast, before and after our own rehype steps. */
export interface RehypeSteps {
  readonly before: (tree: HastRoot) => HastRoot;
  readonly after: (tree: HastRoot) => HastRoot;
}

const toHastProcessor = unified()
  .use(remarkRehype, remarkRehypeOptions)
  .freeze();
const plainSteps = unified().use(highlightedCode).use(settled).use(mediaAutoplay).use(loadingImages).use(withoutPositions).freeze();
const rawSteps = unified().use(highlightedCode).use(rehypeRaw, { passThrough: ['mdxJsxFlowElement', 'mdxJsxTextElement'] }).use(mediaAutoplay).use(loadingImages).use(withoutPositions).freeze();

/** Whether the hast holds raw HTML, from the page or from a plugin. */
function hasRawNode(node: HastRoot | HastRoot['children'][number]): boolean {
  if (node.type === 'raw') return true;
  return 'children' in node && node.children.some(hasRawNode);
}
