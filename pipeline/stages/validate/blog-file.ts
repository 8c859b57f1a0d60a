/**
 * What a blog post's path inside the blog folder says, by Docusaurus' rules:
 * a date anywhere in the path (`2024-05-02-titel.md`, `2026/01/16-titel.md`,
 * `2024-5-2-titel/index.md`, `reeks/2024-05-02-deel-1.md`), one- or two-digit
 * months and days, and the post's slug: the date as written with `/` between
 * its parts, then the folders before the date and the rest of the name
 * (`reeks/2024-05-02-deel-1.md` → `2024/05/02/reeks/deel-1`). A path without
 * a date is its own slug (`nieuws/zonder-datum.md` → `nieuws/zonder-datum`).
 * A folder post is named by its folder (`…/index.md`); files beside it are its images.
 */

export interface BlogFileName {
  /** `YYYY-MM-DD` (padded), or null when the path holds no date. */
  readonly date: string | null;
  /** The post's path under the blog's route, without slashes at either end. */
  readonly slug: string;
}

/** Docusaurus' pattern: the last date in the path, then the rest of the name; `/index` of a folder post dropped. */
const datedPath = /^(?<folder>.*)(?<date>\d{4}[-/]\d{1,2}[-/]\d{1,2})[-/]?(?<text>.*?)(?:\/index)?\.mdx?$/i;

const pad = (n: string): string => n.padStart(2, '0');

/** The date and slug of a post at `rest`, its path inside the blog folder. */
export function blogFileName(rest: string): BlogFileName {
  const match = datedPath.exec(rest);
  if (!match?.groups) return { date: null, slug: rest.replace(/(?:\/index)?\.mdx?$/i, '') };
  const { folder = '', date = '', text = '' } = match.groups;
  const [y = '', m = '', d = ''] = date.split(/[-/]/);
  return { date: `${y}-${pad(m)}-${pad(d)}`, slug: `${date.replace(/-/g, '/')}/${folder}${text}`.replace(/\/+$/, '') };
}

/**
 * The day a `date` front-matter value names, `YYYY-MM-DD`, or null when it
 * names none. YAML gives a date as text (`2024-05-02`, `2024-05-02T10:00:00Z`,
 * `2024-5-2 10:00`); the day is the one written, whatever the time and zone.
 */
export function frontmatterDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:$|[Tt ])/.exec(value.trim());
  if (!match) return null;
  const [, y = '', m = '', d = ''] = match;
  const day = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  // 2024-02-31 is no day: Date would roll it over into March.
  return day.getUTCMonth() === Number(m) - 1 && day.getUTCDate() === Number(d) ? `${y}-${pad(m)}-${pad(d)}` : null;
}
