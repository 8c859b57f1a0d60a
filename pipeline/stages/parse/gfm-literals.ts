/**
 * A guard around remark-gfm's autolink literals (`info@example.nl`,
 * `www.example.nl`, `https://…` written as plain text), for speed only: the
 * trees are the same as with plain remark-gfm.
 */
import type { Data, Processor } from 'unified';
import type { Nodes } from 'mdast';
import type { Construct, ConstructRecord, Extension } from 'micromark-util-types';

/**
 * remark-gfm looks for an e-mail address at every letter and digit while it
 * tokenizes text: a third of all parsing time. Its mdast step also finds
 * addresses in the finished text nodes (with regular expressions), so we drop
 * the tokenizer and let that step find them, after emphasis and links,
 * as GitHub (cmark-gfm) and markdown-rs do. `www.` and `http(s)://` literals
 * are still tokenized. The links it makes have no source position; nothing
 * reports on an e-mail link, so none is needed. That step itself runs only on
 * trees where it can find something (`withLiteralsOnlyWherePossible`).
 *
 * A plugin: use it after remark-gfm, which put the extensions it rewrites.
 */
export function emailLiteralsAfterParsing(this: Processor): void {
  const data = this.data();
  data.micromarkExtensions = data.micromarkExtensions?.map(withoutEmailLiterals);
  data.fromMarkdownExtensions = data.fromMarkdownExtensions?.map((e) => (Array.isArray(e) ? e.map(withLiteralsOnlyWherePossible) : withLiteralsOnlyWherePossible(e)));
}

type FromMarkdownExtension = Exclude<NonNullable<Data['fromMarkdownExtensions']>[number], unknown[]>;

/**
 * remark-gfm's mdast step for literals (`transformGfmAutolinkLiterals`) walks
 * the tree once for each of its four patterns: 160 ms for the site's files.
 * Every pattern needs `@`, `http(s)://` or `www.` in a text outside a link,
 * and few trees have one (the URLs in the text are links already), so the step
 * runs only on those: where it is skipped, it would have changed nothing.
 */
export function withLiteralsOnlyWherePossible(extension: FromMarkdownExtension): FromMarkdownExtension {
  if (!extension.transforms?.some((t) => t.name === 'transformGfmAutolinkLiterals')) return extension;
  return {
    ...extension,
    transforms: extension.transforms.map((t) => (t.name === 'transformGfmAutolinkLiterals' ? (tree) => (mayHoldLiteral(tree) ? t(tree) : undefined) : t)),
  };
}

const literalStart = /@|https?:\/\/|www\./i;

/** Whether a text outside links and link references holds what a literal needs. */
function mayHoldLiteral(node: Nodes): boolean {
  if (node.type === 'text') return literalStart.test(node.value);
  if (node.type === 'link' || node.type === 'linkReference' || !('children' in node)) return false;
  return node.children.some(mayHoldLiteral);
}

/** The micromark extension without its e-mail tokenizer (`emailAutolink`); the rest of it as it was. */
export function withoutEmailLiterals(extension: Extension): Extension {
  if (!extension.text) return extension;
  const text: ConstructRecord = {};
  for (const [code, constructs] of Object.entries(extension.text)) {
    const kept = [constructs].flat().filter((c): c is Construct => c !== undefined && c.name !== 'emailAutolink');
    if (kept.length) text[code] = kept;
  }
  return { ...extension, text };
}
