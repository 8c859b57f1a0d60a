/**
 * The summary of a tree kept beside it in the build cache: every answer the
 * stages may ask of the whole tree (pipeline/stages/shared/stored-tree.ts).
 * Made from the tree with the stages' own functions, so a stored tree answers
 * what the tree itself would.
 */
import type { Root } from 'mdast';
import type { TreeSummary } from '../../types.ts';
import { contentTitle, contentTitleHeading, withoutContentTitle, wrappedTitleHeading } from '../shared/content-title.ts';
import { hasTruncateMarker } from '../shared/truncate.ts';
import { codeBlocks } from '../code-blocks.ts';
import { defaultImports } from '../shared/default-imports.ts';

export const summarize = (tree: Root): TreeSummary => ({
  title: contentTitle(tree, contentTitleHeading),
  wrappedTitle: contentTitle(tree, wrappedTitleHeading),
  opensWithTitle: contentTitleHeading(tree) !== null,
  titleBelowTitle: contentTitle(withoutContentTitle(tree), contentTitleHeading),
  truncated: hasTruncateMarker(tree),
  code: codeBlocks(tree),
  imports: defaultImports(tree),
});
