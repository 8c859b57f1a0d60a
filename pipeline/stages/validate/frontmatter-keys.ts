/**
 * Front-matter keys the site does not know. Docusaurus' docs, blog and pages
 * plugins accept the keys below (their validation schemas); a site may use
 * more of its own (`frontmatter.allowedKeys` in the site configuration). Any
 * other key is most likely a typo: one warning per key, however many files
 * use it, naming the files, so that a migrated site with a key of its own in
 * five hundred pages gets one line, not five hundred.
 */
import { warning, type Place, type Problem } from '../../problem.ts';
import { closest, fileList } from '../shared/text.ts';

/** Every key Docusaurus' docs, blog or pages plugin accepts in front matter. */
export const docusaurusFrontmatterKeys: ReadonlyArray<string> = [
  // All three plugins
  'title', 'description', 'keywords', 'image', 'hide_table_of_contents', 'toc_min_heading_level', 'toc_max_heading_level',
  'draft', 'unlisted',
  // Docs and blog
  'id', 'slug', 'tags', 'last_update',
  // Docs
  'hide_title', 'sidebar_key', 'sidebar_label', 'sidebar_position', 'sidebar_class_name', 'sidebar_custom_props',
  'displayed_sidebar', 'pagination_label', 'pagination_next', 'pagination_prev', 'custom_edit_url', 'parse_number_prefixes',
  // Blog
  'date', 'authors', 'author', 'author_title', 'author_url', 'author_image_url', 'authorTitle', 'authorURL', 'authorImageURL',
  // Pages
  'wrapperClassName',
];

/** A file's top-level front-matter keys, where they are written. */
export interface FileKeys {
  readonly file: string;
  readonly keys: ReadonlyArray<{ readonly key: string; readonly place: Place }>;
}

/**
 * One warning per key that is neither Docusaurus' nor in `allowed`, at its
 * first use, naming the files that use it; with the nearest known key when
 * it looks like a typo of one.
 */
export function unknownKeyProblems(files: ReadonlyArray<FileKeys>, known: ReadonlyArray<string>, allowed: ReadonlyArray<string>): Problem[] {
  const accepted = new Set([...known, ...allowed]);
  const byKey = new Map<string, { file: string; place: Place; files: string[] }>();
  for (const { file, keys } of files) {
    for (const { key, place } of keys) {
      if (accepted.has(key)) continue;
      const seen = byKey.get(key);
      if (!seen) byKey.set(key, { file, place, files: [file] });
      else if (!seen.files.includes(file)) seen.files.push(file);
    }
  }
  return [...byKey.entries()].map(([key, { file, place, files }]) => {
    const suggestion = closest(key, known);
    const where = files.length > 1 ? ` (in ${files.length} bestanden: ${fileList(files)})` : '';
    return warning('frontmatter-unknown-key', file, place,
      `Onbekend frontmatter-veld \`${key}\`${where}; de build negeert het.${suggestion ? ` Bedoel je \`${suggestion}\`?` : ''} Gebruikt de site dit veld bewust, zet het dan in \`frontmatter.allowedKeys\` in de siteconfiguratie.`);
  });
}
