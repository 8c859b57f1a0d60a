/**
 * The content model: every io-ts codec in one place. Codecs describe what an
 * author may write; the types after validation describe what later stages get.
 */
import * as t from 'io-ts';

// ---------------------------------------------------------------------------
// Frontmatter

const HeadingLevel = t.union([t.literal(2), t.literal(3), t.literal(4), t.literal(5), t.literal(6)]);
const StringList = t.array(t.string);
/** YAML gives `2024-05-02` as a string with the core schema; a full timestamp also stays a string. */
const DateString = t.string;

const CommonFrontmatter = t.partial({
  description: t.string,
  slug: t.string,
  tags: StringList,
  keywords: StringList,
  draft: t.boolean,
  unlisted: t.boolean,
  image: t.string,
  hide_table_of_contents: t.boolean,
  hide_title: t.boolean,
  toc_min_heading_level: HeadingLevel,
  toc_max_heading_level: HeadingLevel,
  last_update: t.partial({ date: DateString, author: t.string }),
});

export const DocFrontmatter = t.intersection([
  t.type({ title: t.string }),
  CommonFrontmatter,
  t.partial({
    id: t.string,
    sidebar_position: t.number,
    sidebar_label: t.string,
    sidebar_class_name: t.string,
    displayed_sidebar: t.union([t.string, t.null]),
    pagination_next: t.union([t.string, t.null]),
    pagination_prev: t.union([t.string, t.null]),
    pagination_label: t.string,
  }),
]);
export type DocFrontmatter = t.TypeOf<typeof DocFrontmatter>;

export const BlogFrontmatter = t.intersection([
  t.type({ title: t.string, authors: StringList }),
  CommonFrontmatter,
  t.partial({ date: DateString }),
]);
export type BlogFrontmatter = t.TypeOf<typeof BlogFrontmatter>;

export const PageFrontmatter = t.intersection([t.type({ title: t.string }), CommonFrontmatter]);
export type PageFrontmatter = t.TypeOf<typeof PageFrontmatter>;

/** Every key some content kind accepts; used for the unknown-key warning and its "did you mean". */
export const knownFrontmatterKeys: ReadonlyArray<string> = [
  'title', 'description', 'slug', 'tags', 'keywords', 'draft', 'unlisted', 'image', 'hide_table_of_contents',
  'hide_title', 'toc_min_heading_level', 'toc_max_heading_level', 'last_update', 'id', 'sidebar_position',
  'sidebar_label', 'sidebar_class_name', 'displayed_sidebar', 'pagination_next', 'pagination_prev',
  'pagination_label', 'authors', 'date',
];

// ---------------------------------------------------------------------------
// Shared files: tags.yml, authors.yml, _category_.json

export const TagDefinition = t.intersection([
  t.type({ label: t.string }),
  t.partial({ description: t.string, permalink: t.string }),
]);
export type TagDefinition = t.TypeOf<typeof TagDefinition>;
export const TagsFile = t.record(t.string, TagDefinition);

export const AuthorDefinition = t.intersection([
  t.type({ name: t.string }),
  t.partial({
    title: t.string,
    url: t.string,
    image_url: t.string,
    email: t.string,
    socials: t.record(t.string, t.string),
    page: t.boolean,
  }),
]);
export type AuthorDefinition = t.TypeOf<typeof AuthorDefinition>;
export const AuthorsFile = t.record(t.string, AuthorDefinition);

export const CategoryFile = t.partial({
  label: t.string,
  position: t.number,
  collapsed: t.boolean,
  collapsible: t.boolean,
  description: t.string,
  link: t.union([t.null, t.type({ type: t.literal('generated-index') }), t.type({ type: t.literal('doc'), id: t.string })]),
});
export type CategoryFile = t.TypeOf<typeof CategoryFile>;

// ---------------------------------------------------------------------------
// Site configuration (dist-config/site.yml)

const Link = t.type({ label: t.string, href: t.string });

const NavbarBase = t.partial({ label: t.string, position: t.union([t.literal('left'), t.literal('right')]) });

/** The nine navbar item types of spec section 2. */
export const navbarItemTypes = [
  'link', 'dropdown', 'localeDropdown', 'search', 'html', 'doc', 'docSidebar', 'docsVersion', 'docsVersionDropdown',
] as const;
export type NavbarItemType = (typeof navbarItemTypes)[number];

export const NavbarLinkItem = t.intersection([NavbarBase, t.type({ type: t.literal('link'), label: t.string, href: t.string })]);
/** `docsPluginId` picks the docs area (kennisbank or communities); kennisbank when left out. */
const DocsPluginRef = t.partial({ docsPluginId: t.union([t.literal('kennisbank'), t.literal('communities')]) });
export const NavbarDocItem = t.intersection([NavbarBase, DocsPluginRef, t.type({ type: t.literal('doc'), label: t.string, docId: t.string })]);
export const NavbarDocSidebarItem = t.intersection([NavbarBase, DocsPluginRef, t.type({ type: t.literal('docSidebar'), label: t.string, sidebarId: t.string })]);
export const NavbarDropdownItem = t.intersection([
  NavbarBase,
  t.type({ type: t.literal('dropdown'), label: t.string, items: t.array(Link) }),
]);
export const NavbarSearchItem = t.intersection([NavbarBase, t.type({ type: t.literal('search') })]);
export const NavbarHtmlItem = t.intersection([NavbarBase, t.type({ type: t.literal('html'), value: t.string })]);
export const NavbarLocaleItem = t.intersection([NavbarBase, t.type({ type: t.literal('localeDropdown') })]);
export const NavbarVersionItem = t.intersection([NavbarBase, t.type({ type: t.literal('docsVersion') })]);
export const NavbarVersionDropdownItem = t.intersection([NavbarBase, t.type({ type: t.literal('docsVersionDropdown') })]);
export const NavbarItem = t.union([
  NavbarLinkItem, NavbarDocItem, NavbarDocSidebarItem, NavbarDropdownItem, NavbarSearchItem, NavbarHtmlItem,
  NavbarLocaleItem, NavbarVersionItem, NavbarVersionDropdownItem,
]);
export type NavbarItem = t.TypeOf<typeof NavbarItem>;

export const DocsVersion = t.intersection([
  t.type({ name: t.string, label: t.string, path: t.string, mainDocId: t.string }),
  t.partial({ unmaintained: t.boolean }),
]);
export type DocsVersion = t.TypeOf<typeof DocsVersion>;

const Image = t.type({ src: t.string, alt: t.string });

export const SiteConfig = t.intersection([
  t.type({
    product: t.string,
    siteName: t.string,
    tagline: t.string,
    url: t.string,
    locale: t.type({ lang: t.string, label: t.string, direction: t.union([t.literal('ltr'), t.literal('rtl')]), calendar: t.string }),
    logo: Image,
    governmentLogo: Image,
    navbar: t.type({ items: t.array(t.unknown) }),
    footer: t.intersection([
      t.type({ style: t.union([t.literal('columns'), t.literal('row')]), copyright: t.string }),
      t.partial({ columns: t.array(t.type({ title: t.string, items: t.array(Link) })), links: t.array(Link), logo: t.intersection([Image, t.partial({ srcDark: t.string })]) }),
    ]),
    colorMode: t.type({ defaultMode: t.union([t.literal('light'), t.literal('dark')]), disableSwitch: t.boolean, respectPrefersColorScheme: t.boolean }),
    blog: t.type({ postsPerPage: t.number, wordsPerMinute: t.number, sidebarCount: t.number, sidebarTitle: t.string }),
    docs: t.type({ versions: t.array(t.unknown) }),
    search: t.intersection([
      t.type({ backend: t.union([t.literal('embedded'), t.literal('typesense')]) }),
      t.partial({
        page: t.string,
        typesense: t.type({ host: t.string, port: t.number, protocol: t.string, searchOnlyKey: t.string, collection: t.string }),
        externalHosts: t.array(t.string),
      }),
    ]),
  }),
  t.partial({
    announcementBar: t.intersection([t.type({ id: t.string, content: t.string }), t.partial({ isCloseable: t.boolean })]),
    editUrl: t.string,
    ideaUrl: t.string,
    blogIdeaUrl: t.string,
    analytics: t.unknown,
  }),
]);
export type SiteConfig = t.TypeOf<typeof SiteConfig>;

/** The site configuration after its navbar and versions have been checked item by item. */
export interface Config extends Omit<SiteConfig, 'navbar' | 'docs'> {
  readonly navbar: { readonly items: ReadonlyArray<NavbarItem> };
  readonly docs: { readonly versions: ReadonlyArray<DocsVersion> };
}
