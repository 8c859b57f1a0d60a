/**
 * What the ESM of an MDX page binds: each local name an `import` (or an
 * `export const` of a static value) introduces, resolved to one of our
 * components, a site component, a static value, or nothing we know. Docusaurus
 * authors import built-ins from `@theme/…` and `@docusaurus/…`, their own
 * components from `@site/src/components/…` or relatively, and images as
 * modules; the local name they choose does not matter, the canonical name
 * does (`import Tabbladen from '@theme/Tabs'` is `Tabs`).
 */
import { posix } from 'node:path';
import type { Node, Program } from 'estree';
import type { MdxjsEsm } from 'mdast-util-mdx';
import type { Root } from 'mdast';
import { error, placeOf, type Place, type Problem } from '../../problem.ts';
import { keyOfImport, siteComponentName } from '../site-component-keys.ts';
import { evaluate, type StaticScope, type ValueBinding } from '../../safety/static-value.ts';
import { localComponent, type LocalComponent } from './mdx-local-components.ts';

/** The components built in, by the module Docusaurus authors import them from. */
export const builtInModules: Readonly<Record<string, string>> = {
  '@theme/Tabs': 'Tabs',
  '@theme/TabItem': 'TabItem',
  '@theme/DocCardList': 'DocCardList',
  '@theme/DocCard': 'DocCard',
  '@theme/Admonition': 'Admonition',
  '@theme/Details': 'Details',
  '@theme/CodeBlock': 'CodeBlock',
  '@theme/TOCInline': 'TOCInline',
  '@docusaurus/Link': 'Link',
  '@docusaurus/BrowserOnly': 'BrowserOnly',
};

/**
 * Components Docusaurus' MDX provides without an import (its MDXComponents):
 * a page may use them as they are.
 */
const providedComponents: ReadonlySet<string> = new Set(['Details', 'Admonition']);

/** What a local name stands for. */
export type Binding =
  | ValueBinding
  /** A component: a built-in by its canonical name, or `Site$<key>`. */
  | { readonly kind: 'component'; readonly name: string }
  /** An import nothing resolves: using it as a component is an unknown component. */
  | { readonly kind: 'unresolved'; readonly source: string }
  /** A component the page defines itself as a template (./mdx-local-components.ts). */
  | { readonly kind: 'template'; readonly component: LocalComponent };

export interface PageModules {
  /** The components folder (`mdx.components`), relative to the content root. */
  readonly componentsFolder: string;
  /** The keys of the site's components (pipeline/stages/site-component-keys.ts); those of the theme's component map start with `$`. */
  readonly siteComponents: ReadonlySet<string>;
  /** The URL of a content file (an image beside the page), by its content path. */
  readonly assetUrl: (contentPath: string) => string | null;
  /** The static folders (published at the site root), relative to the content root. */
  readonly staticFolders: ReadonlyArray<string>;
}

/** The URL of a file by its path under the content root: a hashed asset, or a file of a static folder at its site path. */
function fileUrl(contentPath: string, modules: PageModules): string | null {
  const asset = modules.assetUrl(contentPath);
  if (asset !== null) return asset;
  const folder = modules.staticFolders.find((f) => contentPath.startsWith(`${f}/`));
  return folder === undefined ? null : `/${contentPath.slice(folder.length + 1)}`;
}

export interface PageBindings {
  readonly bindings: ReadonlyMap<string, Binding>;
  /** What the page's exports do that is not supported, by the ESM node they stand in. */
  readonly problems: ReadonlyMap<MdxjsEsm, ReadonlyArray<Problem>>;
  readonly scope: StaticScope;
}

const assetExtensions = /\.(png|jpe?g|gif|svg|webp|avif|ico|pdf|mp4|webm|zip|ods|odt|xlsx?|docx?|csv|json|ya?ml|txt)$/i;

/** The content path a relative module path names from the page at `path`, or null when it leaves the content root. */
const contentPathOf = (path: string, source: string): string | null => {
  const joined = posix.normalize(posix.join(posix.dirname(path), source));
  return joined.startsWith('../') || joined === '..' ? null : joined;
};

/** What a default import from `source` gives, for a page at `path`. */
function defaultImport(source: string, path: string, modules: PageModules): Binding {
  const builtIn = builtInModules[source];
  if (builtIn) return { kind: 'component', name: builtIn };
  if (source === '@docusaurus/useBaseUrl') return { kind: 'baseUrl' };
  const inSite = source.startsWith('@site/') ? posix.normalize(source.slice('@site/'.length))
    : source.startsWith('.') ? contentPathOf(path, source) : null;
  if (inSite === null) return { kind: 'unresolved', source };
  const folder = `${posix.normalize(modules.componentsFolder).replace(/\/+$/, '')}/`;
  if (inSite.startsWith(folder)) {
    const key = keyOfImport(inSite.slice(folder.length), modules.siteComponents);
    if (key) return { kind: 'component', name: siteComponentName(key) };
  }
  if (assetExtensions.test(inSite)) {
    const url = fileUrl(inSite, modules);
    if (url !== null) return { kind: 'value', value: url };
  }
  return { kind: 'unresolved', source };
}

/** What a named import (`import {x} from …`) gives. */
function namedImport(source: string, imported: string): Binding {
  if (source === '@docusaurus/theme-common' && imported === 'useCurrentSidebarCategory') return { kind: 'sidebarCategory' };
  if (source === '@docusaurus/useBaseUrl' && imported === 'default') return { kind: 'baseUrl' };
  return { kind: 'unresolved', source };
}

/** The place of one statement of an ESM block (acorn's positions are the file's), else the block's. */
const statementPlace = (node: MdxjsEsm, statement: Node): Place =>
  statement.loc ? { line: statement.loc.start.line, column: statement.loc.start.column + 1 } : placeOf(node);

const exportProblem = (file: string, node: MdxjsEsm, statement: Node, what: string): Problem =>
  error('mdx-export', file, statementPlace(node, statement), `${what} wordt niet ondersteund: de build voert geen code uit de content uit. Alleen \`export const naam = <vaste waarde>\` (tekst, getal, lijst of object daarvan) kan, om die waarde in attributen te gebruiken. Zet code in een component in de componentenmap van de site.`);

/** The bindings of a page's ESM (its `mdxjsEsm` nodes at the top level), with the problems of its exports. */
export function pageBindings(tree: Root, page: { readonly path: string; readonly display: string }, modules: PageModules): PageBindings {
  const bindings = new Map<string, Binding>();
  for (const name of providedComponents) bindings.set(name, { kind: 'component', name });
  // The theme's component map gives its entries (keys `$<name>`) to every page, as Docusaurus' MDXComponents does.
  for (const key of modules.siteComponents) if (key.startsWith('$')) bindings.set(key.slice(1), { kind: 'component', name: siteComponentName(key) });
  const problems = new Map<MdxjsEsm, Problem[]>();
  const report = (node: MdxjsEsm, problem: Problem) => problems.set(node, [...(problems.get(node) ?? []), problem]);
  const scope: StaticScope = {
    bindings: bindings as Map<string, ValueBinding>,
    asset: (relative) => {
      const contentPath = relative.startsWith('@site/') ? posix.normalize(relative.slice('@site/'.length)) : contentPathOf(page.path, relative);
      return contentPath === null ? null : fileUrl(contentPath, modules);
    },
  };
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    const program = node.data?.estree as Program | undefined;
    for (const statement of program?.body ?? []) {
      if (statement.type === 'ImportDeclaration') {
        const source = String(statement.source.value);
        for (const specifier of statement.specifiers) {
          bindings.set(specifier.local.name, specifier.type === 'ImportDefaultSpecifier' ? defaultImport(source, page.path, modules)
            : specifier.type === 'ImportSpecifier' ? namedImport(source, specifier.imported.type === 'Identifier' ? specifier.imported.name : String(specifier.imported.value))
              : { kind: 'unresolved', source });
        }
      } else if (statement.type === 'ExportNamedDeclaration' && statement.declaration?.type === 'VariableDeclaration' && statement.declaration.kind === 'const') {
        for (const declarator of statement.declaration.declarations) {
          const name = declarator.id.type === 'Identifier' ? declarator.id.name : null;
          const template = name && declarator.init ? localComponent(name, declarator.init, scope) : null;
          const value = declarator.init ? evaluate(declarator.init, scope) : { refused: 'een constante zonder waarde' };
          if (template) bindings.set(template.name, { kind: 'template', component: template });
          else if (name && 'value' in value) bindings.set(name, { kind: 'value', value: value.value });
          else report(node, exportProblem(page.display, node, statement, `Deze export (${'refused' in value ? value.refused : 'een patroon'})`));
        }
      } else if (statement.type === 'ExportNamedDeclaration' && statement.declaration?.type === 'FunctionDeclaration') {
        const template = localComponent(statement.declaration.id.name, statement.declaration, scope);
        if (template) bindings.set(template.name, { kind: 'template', component: template });
        else report(node, exportProblem(page.display, node, statement, 'Deze export (een functie)'));
      } else if (statement.type === 'ExportDefaultDeclaration') {
        report(node, exportProblem(page.display, node, statement, '`export default`'));
      } else if (statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportAllDeclaration') {
        report(node, exportProblem(page.display, node, statement, 'Deze export'));
      }
    }
  }
  return { bindings, problems, scope };
}
