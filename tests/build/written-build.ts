/**
 * A production build of a test site as the CLI runs it: the cache on disk
 * (`.cache/` in the site's folder) and every file to a writer (`dist/`).
 * The site's folder holds `content/` and `dist-config/site.yml`.
 */
import path from 'node:path';
import * as assert from 'uvu/assert';
import { runBuild, type BuildOptions, type Built } from '../../pipeline/schedule/schedule.ts';
import { SiteWriter, spareFolder, type WriteStats } from '../../pipeline/io/write.ts';
import { hasErrors } from '../../pipeline/problem.ts';
import { formatProblems } from '../../pipeline/cli/report.ts';

/** The CLI's writer for the site in `dir`: its spare in the site's cache. */
export const cliWriter = (dir: string): SiteWriter => new SiteWriter(path.join(dir, 'dist'), undefined, spareFolder(path.join(dir, '.cache'), path.join(dir, 'dist')));

/** Builds the site in `dir` through `writer` (the CLI's by default), with `more` options; a build with errors fails the test and writes nothing. */
export async function writtenBuild(dir: string, writer: SiteWriter = cliWriter(dir), more: Pick<BuildOptions, 'spillFrom' | 'markdownHelperFrom'> = {}): Promise<{ result: Built; written: WriteStats }> {
  const result = await runBuild({
    content: path.join(dir, 'content'), config: path.join(dir, 'dist-config/site.yml'), mode: 'production', render: true,
    cacheDir: path.join(dir, '.cache'), persist: true, writer, ...more,
  });
  if (hasErrors(result.problems)) {
    writer.abandon();
    assert.unreachable(formatProblems(result.problems, { colour: false }));
  }
  return { result, written: await writer.finish() };
}
