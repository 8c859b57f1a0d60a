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

import { error, startOfFile, warning, type Place } from '../../problem.ts';
import { failed, ok, withProblems, type Result } from '../../result.ts';
import type { FieldPath } from '../../types.ts';

export interface BlogFileName {
  /** `YYYY-MM-DD` (padded), or null when the path holds no date. */
  readonly date: string | null;
  /** The post's path under the blog's route, without slashes at either end. */
  readonly slug: string;
  /** The date as the path writes it when it names no day (`2024-02-31`); Docusaurus stops on it. */
  readonly impossibleDate?: string;
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
  const slug = `${date.replace(/-/g, '/')}/${folder}${text}`.replace(/\/+$/, '');
  const day = dayOf(y, m, d);
  return day ? { date: day, slug } : { date: null, slug, impossibleDate: date };
}

/** `YYYY-MM-DD` when year, month and day name a day (2024-02-31 does not: Date would roll it into March). */
function dayOf(y: string, m: string, d: string): string | null {
  const day = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return day.getUTCFullYear() === Number(y) && day.getUTCMonth() === Number(m) - 1 && day.getUTCDate() === Number(d) ? `${y}-${pad(m)}-${pad(d)}` : null;
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
  return dayOf(y, m, d);
}

/** A post's day and slug, as its entry holds them; `date` is null only for a draft without one. */
export interface PostDating {
  readonly date: string | null;
  readonly slug: string;
}

/**
 * The day and slug of the post at `rest` (its path inside the blog folder):
 * the front matter's `date` first, then the date in the path. A post without
 * either is dated by Docusaurus with the file's creation time; the build has
 * no clock and reads no file times (the same content must give the same
 * site), so a published post without a date is an error that asks for one,
 * and a draft without one is built in development with a warning.
 */
export function postDating(rest: string, frontmatter: { readonly date?: string | undefined; readonly draft?: boolean | undefined }, file: string, locate: (path: FieldPath) => Place): Result<PostDating> {
  const name = blogFileName(rest);
  if (name.impossibleDate !== undefined) {
    return failed([error('blog-file-name', file, startOfFile,
      `De datum ${name.impossibleDate} in het pad van deze blogpost bestaat niet. Zet een echte datum in de bestands- of mapnaam (JJJJ-MM-DD, maand en dag mogen één cijfer zijn).`)]);
  }
  if (frontmatter.date !== undefined) {
    const day = frontmatterDate(frontmatter.date);
    if (!day) {
      return failed([error('frontmatter-field', file, locate(['date']),
        `Het veld \`date\` moet een datum zijn (JJJJ-MM-DD, eventueel met een tijd erachter), maar is "${frontmatter.date}". Pas de waarde aan.`)]);
    }
    return ok({ date: day, slug: name.slug });
  }
  if (name.date) return ok({ date: name.date, slug: name.slug });
  const advice = 'Zet `date: JJJJ-MM-DD` in de frontmatter, of de datum vooraan in de bestands- of mapnaam (JJJJ-MM-DD-titel.md).';
  return frontmatter.draft === true
    ? withProblems({ date: null, slug: name.slug }, [warning('blog-post-undated', file, startOfFile,
      `Deze draft heeft geen datum. In npm start staat hij bij de nieuwste berichten, met hun datum; gepubliceerd kan hij zo niet worden. ${advice}`)])
    : failed([error('blog-post-undated', file, startOfFile,
      `Deze blogpost heeft geen datum: niet in de frontmatter en niet in zijn pad. Docusaurus neemt dan de aanmaakdatum van het bestand, maar de build kent geen bestandsdatums. ${advice}`)]);
}
