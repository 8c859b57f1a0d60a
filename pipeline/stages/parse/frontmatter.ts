/** `---` frontmatter at the start of a Markdown file, apart from its body. */

const frontmatterPattern = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?^---[ \t]*(\r?\n|$)/m;

/**
 * Splits `---` frontmatter from the body. The body keeps its line numbers
 * (the frontmatter's lines become empty lines), so positions in its tree are
 * positions in the file; `yamlLine` is the file line the YAML starts on.
 */
export function splitFrontmatter(text: string): { yaml: string; yamlLine: number; body: string } {
  const match = frontmatterPattern.exec(text);
  if (!match || match.index !== 0) return { yaml: '', yamlLine: 2, body: text };
  const blank = match[0].replace(/[^\n]/g, '');
  return { yaml: match[1] ?? '', yamlLine: 2, body: blank + text.slice(match[0].length) };
}
