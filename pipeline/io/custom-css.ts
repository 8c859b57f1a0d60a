/**
 * Effect edge: the site's own stylesheets (`customCss` in the site
 * configuration, Docusaurus' `theme.customCss`). They are read, joined into
 * one file under `assets/` (content-hashed) and linked on every page after
 * the theme's stylesheet, so the site keeps its brand. CSS is data: it is
 * read, never run; what it can still do is in docs/security.md.
 *
 * - The Infima custom properties sites set most (`--ifm-color-primary` and
 *   `--ifm-color-primary-dark`, the font families, the code font size, the
 *   navbar and footer backgrounds) are mapped onto our tokens (theme/tokens.css):
 *   only those the site sets, after its own rules. The link and heading colours
 *   take the primary colour in light mode only; dark mode keeps ours.
 * - Selectors aimed at Docusaurus class names our theme does not have
 *   (`.navbar__brand`, `.hero`, `.menu__link`) do nothing here: one warning
 *   lists them.
 * - `customCss.load: false` leaves the files out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { contentHash } from '../content-hash.ts';
import { startOfFile, warning, type Problem } from '../problem.ts';
import type { OutputFile } from '../types.ts';
import { mapPreludes } from './site-css.ts';

/** An Infima property and what it sets: tokens on `:root` in both modes, tokens in light mode only, or a rule of ours. */
const infima: ReadonlyArray<{ readonly property: string; readonly always?: ReadonlyArray<string>; readonly light?: ReadonlyArray<string>; readonly rule?: (value: string) => string }> = [
  { property: '--ifm-color-primary', always: ['--op-color-primary', '--op-color-background-primary'], light: ['--op-color-foreground-heading', '--op-color-foreground-accent', '--op-color-link-default'] },
  { property: '--ifm-color-primary-dark', light: ['--op-color-link-hover'] },
  { property: '--ifm-font-family-base', always: ['--op-text-font-family-default'] },
  { property: '--ifm-font-family-monospace', always: ['--op-text-font-family-monospace'] },
  { property: '--ifm-code-font-size', always: ['--op-code-font-size'] },
  { property: '--ifm-navbar-background-color', always: ['--op-navbar-background-color'] },
  { property: '--ifm-footer-background-color', rule: (value) => `.footer { background: ${value}; }` },
];

/** Our tokens set from the Infima properties `css` declares, as CSS to put after it; empty when it declares none. */
export function infimaTokens(css: string): string {
  const declared = new Set([...css.matchAll(/(--ifm-[\w-]+)\s*:/g)].map((m) => m[1]!));
  const found = infima.filter((entry) => declared.has(entry.property));
  if (found.length === 0) return '';
  const declarations = (key: 'always' | 'light'): string =>
    found.flatMap((entry) => (entry[key] ?? []).map((token) => `  ${token}: var(${entry.property});`)).join('\n');
  const always = declarations('always');
  const light = declarations('light');
  const rules = found.flatMap((entry) => (entry.rule ? [entry.rule(`var(${entry.property})`)] : []));
  return [
    '/* Infima-eigenschappen van de site op de tokens van het thema (pipeline/io/custom-css.ts). */',
    // `html:root` weighs as much as the theme's dark mode (`html[data-theme="dark"]`) and comes later.
    ...(always ? [`html:root {\n${always}\n}`] : []),
    ...(light ? [`:root:not([data-theme="dark"]) {\n${light}\n}`] : []),
    ...rules,
  ].join('\n');
}

/** Docusaurus' and Infima's class names (their start): selectors on these were written for Docusaurus' theme. */
const docusaurusClass = /^(navbar|footer|menu|hero|main-wrapper|theme-|docusaurus|pagination-nav|table-of-contents|breadcrumbs|admonition|alert|button|badge|card|avatar|container|row|col(--|$)|dropdown|tabs|DocSearch|prism-code|token|clean-btn|announcementBar|docMainContainer|docItem|docSidebar|docPage|blog|sidebar|markdown)/;

/** The class names in a stylesheet's selectors. */
export function selectorClasses(css: string): Set<string> {
  const classes = new Set<string>();
  mapPreludes(css.replace(/\/\*[\s\S]*?\*\//g, ''), (prelude) => {
    if (!/^\s*@/.test(prelude)) for (const m of prelude.matchAll(/(?<!\\)\.(-?[_a-zA-Z][\w-]*)/g)) classes.add(m[1]!);
    return prelude;
  });
  return classes;
}

/** The selectors of `css` that name a Docusaurus class `ours` (the theme's classes) lacks, each once, in order. */
export function foreignSelectors(css: string, ours: ReadonlySet<string>): string[] {
  const found: string[] = [];
  mapPreludes(css.replace(/\/\*[\s\S]*?\*\//g, ''), (prelude) => {
    if (/^\s*@/.test(prelude)) return prelude;
    for (const selector of prelude.split(',').map((s) => s.trim().replace(/\s+/g, ' '))) {
      const classes = [...selector.matchAll(/(?<!\\)\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!);
      if (classes.some((c) => docusaurusClass.test(c) && !ours.has(c)) && !found.includes(selector)) found.push(selector);
    }
    return prelude;
  });
  return found;
}

export interface CustomCssOptions {
  /** The content root, and how messages name it. */
  readonly content: string;
  readonly display: string;
  /** `customCss` from the site configuration. */
  readonly config: { readonly files: ReadonlyArray<string>; readonly load?: boolean } | undefined;
  /** The theme's stylesheet: its classes are the ones a selector may name. */
  readonly themeCss: string;
}

/** Shown in full up to this many; then a count. */
const listed = 12;

/** The site's customCss as one file, with its problems; no file when there is none or `load: false`. */
export function loadCustomCss(options: CustomCssOptions): { file: OutputFile | null; problems: Problem[] } {
  const { config, display } = options;
  if (!config || config.load === false || config.files.length === 0) return { file: null, problems: [] };
  const problems: Problem[] = [];
  const parts: string[] = [];
  const foreign: string[] = [];
  const ours = selectorClasses(options.themeCss);
  for (const rel of config.files) {
    const shown = path.posix.join(display, rel);
    let css: string;
    try {
      css = fs.readFileSync(path.resolve(options.content, rel), 'utf8');
    } catch {
      problems.push(warning('custom-css', 'dist-config/site.yml', startOfFile, `Het bestand ${shown} uit customCss bestaat niet of is niet leesbaar. Herstel het pad, of haal het uit customCss.`));
      continue;
    }
    parts.push(`/* ${rel.replaceAll('*/', '* /')} */\n${css}`);
    foreign.push(...foreignSelectors(css, ours).map((s) => `${s} (${shown})`));
  }
  if (parts.length === 0) return { file: null, problems };
  const mapped = infimaTokens(parts.join('\n'));
  const css = `${parts.join('\n')}\n${mapped}\n`;
  if (foreign.length > 0) {
    const list = foreign.length > listed ? `${foreign.slice(0, listed).join(', ')} en ${foreign.length - listed} meer` : foreign.join(', ');
    problems.push(warning('custom-css-unmatched', path.posix.join(display, config.files[0]!), startOfFile,
      `${foreign.length === 1 ? 'Deze selector is' : `Deze ${foreign.length} selectors zijn`} geschreven voor klassen van het Docusaurus-thema die dit thema niet heeft, en ${foreign.length === 1 ? 'doet' : 'doen'} niets: ${list}. De kleuren en lettertypen van Infima (--ifm-…) werken wel. Haal ze weg, of zet ze om naar de klassen en tokens in docs/theme.md.`));
  }
  return { file: { path: `assets/custom-${contentHash(css, 10)}.css`, data: css }, problems };
}
