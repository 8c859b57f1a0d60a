/**
 * Heading ids and the table of contents: every heading gets a GitHub-style
 * id (or its own `{#id}`), unique on the page, and the headings between the
 * page's TOC levels make its TOC.
 */
import GithubSlugger, { slug } from 'github-slugger';
import { toString } from 'mdast-util-to-string';
import type { Heading, PhrasingContent } from 'mdast';
import type { Program } from 'estree';
import type { TocItem } from '../../types.ts';
import type { Handler } from './walk.ts';

/** A custom id at the end of a heading: `## Stap één {#stap-1}`. */
const customId = /\s*\{#([^}\s]+)\}\s*$/;

/**
 * The id a comment gives when it is a heading's last node, as Docusaurus
 * reads it: `{/* #stap-1 *\/}` in MDX or `<!-- #stap-1 -->`; only the
 * comment's first word counts, and only with a `#` before it.
 */
function commentId(node: PhrasingContent | undefined): string | null {
  let comment: string | null = null;
  if (node?.type === 'mdxTextExpression') {
    const program = node.data?.estree as (Program & { comments?: ReadonlyArray<{ value: string }> }) | undefined;
    if (program && program.body.length === 0 && program.comments?.length === 1) comment = program.comments[0]!.value;
  } else if (node?.type === 'html') {
    comment = /^<!--([\s\S]*)-->$/.exec(node.value)?.[1] ?? null;
  }
  const first = comment?.trim().split(/\s+/)[0] ?? '';
  return first.startsWith('#') && first.length > 1 ? first.slice(1) : null;
}

/** Comments in a heading are no part of its text (its TOC entry and its slug). */
const isComment = (node: PhrasingContent): boolean =>
  node.type === 'html' || (node.type === 'mdxTextExpression' && (node.data?.estree as Program | undefined)?.body.length === 0);

export interface HeadingIds {
  /** Gives the heading its id, and takes it into the TOC when its level is in range. */
  readonly heading: Handler<Heading>;
  /** The TOC, filled in document order as the walk goes. */
  readonly toc: ReadonlyArray<TocItem>;
  /** Every heading id of the page, in document order: what a link may point at. */
  readonly anchors: ReadonlyArray<string>;
}

/** The heading job of one page; `tocMin`/`tocMax` are the levels its TOC shows. */
export function headingIds({ tocMin, tocMax }: { readonly tocMin: number; readonly tocMax: number }): HeadingIds {
  const slugger = new GithubSlugger();
  const taken = new Set<string>();
  const toc: TocItem[] = [];
  const anchors: string[] = [];

  const heading: Handler<Heading> = (node) => {
    const last = node.children[node.children.length - 1];
    let id = commentId(last);
    // A comment at the end goes (an id comment here, any other with the page's comments): the space before it goes too.
    const endsInComment = last?.type === 'html' ? last.value.trimStart().startsWith('<!--') : last !== undefined && isComment(last);
    const before = endsInComment ? node.children[node.children.length - 2] : undefined;
    if (before?.type === 'text') before.value = before.value.trimEnd();
    if (id) {
      node.children.pop();
    } else if (last?.type === 'text') {
      const match = customId.exec(last.value);
      if (match) {
        id = match[1] ?? null;
        last.value = last.value.slice(0, match.index);
      }
    }
    // Read before the walk reaches the heading's children: what they become does not change the id.
    const text = toString(node.children.filter((child) => !isComment(child))).trim();
    if (id) {
      // Honoured as written; only a second use of the same id gets a suffix, as a slug would.
      slugger.slug(id);
      const wanted = id;
      for (let n = 1; taken.has(id); n++) id = `${wanted}-${n}`;
    } else {
      // A heading of only punctuation has an empty slug: it still needs an id.
      const base = slug(text) ? text : 'kop';
      do id = slugger.slug(base); while (taken.has(id));
    }
    taken.add(id);
    anchors.push(id);
    node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } };
    if (node.depth >= tocMin && node.depth <= tocMax) toc.push({ id, text, depth: node.depth });
    return undefined;
  };

  return { heading, toc, anchors };
}
