/**
 * The content model: every io-ts codec in one place. Codecs describe what an
 * author may write; the types after validation describe what later stages get.
 */
import * as t from 'io-ts';
import { disguisedHost, schemeOf } from './safety/urls.ts';

// ---------------------------------------------------------------------------
// Addresses

/**
 * An address an author writes in the configuration or authors.yml: a path, or
 * one of `schemes`. A `javascript:` or `data:` address would run script or
 * open a document of its own where it is clicked; React defuses them at
 * render, but they are a mistake in the content, reported at their line.
 * `name` says what the address may be instead (it is the problem message's "moet … zijn").
 */
const address = (schemes: ReadonlyArray<string>, name: string): t.Type<string, string, unknown> => {
  const is = (u: unknown): u is string => {
    if (typeof u !== 'string') return false;
    const scheme = schemeOf(u);
    return scheme === null ? !disguisedHost(u) : schemes.includes(scheme);
  };
  return new t.Type<string, string, unknown>(name, is, (u, c) => (is(u) ? t.success(u) : t.failure(u, c)), t.identity);
};

/** A link's target: a page of the site or an address elsewhere, never script. */
const Href = address(['https', 'http', 'mailto', 'tel'],
  'een pad op de site (zoals /blog) of een https://-, http://-, mailto:- of tel:-adres');
/** An image to show (an author's picture): a file beside the content or an address on the web. */
const ImageHref = address(['https', 'http'],
  'een pad naar een afbeelding (zoals ./img/ada.png) of een https://-adres');
/**
 * A social profile as Docusaurus takes it: a user name on the network (no `/`;
 * a number for a Stack Overflow id, which YAML reads as a number), or a
 * `https://`, `http://` or `mailto:` address; given as text.
 */
const profileOf = (u: unknown): string | null => {
  const value = typeof u === 'number' && Number.isFinite(u) ? String(u) : u;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const scheme = schemeOf(value);
  return (scheme === null ? !value.includes('/') : ['https', 'http', 'mailto'].includes(scheme)) ? value : null;
};
const ProfileHref = new t.Type<string, string, unknown>(
  'een gebruikersnaam zonder / (zoals ada-jansen) of een https://- of mailto:-adres',
  (u): u is string => typeof u === 'string' && profileOf(u) === u,
  (u, c) => { const value = profileOf(u); return value === null ? t.failure(u, c) : t.success(value); },
  t.identity,
);

// ---------------------------------------------------------------------------
// Frontmatter

const HeadingLevel = t.union([t.literal(2), t.literal(3), t.literal(4), t.literal(5), t.literal(6)]);
const StringList = t.array(t.string);
/** YAML gives `2024-05-02` as a string with the core schema; a full timestamp also stays a string. */
const DateString = t.string;

/**
 * A URL path an author chooses (`slug`, a tag's `permalink`): it becomes a folder
 * in dist/, so no `.` or `..` segment, no backslash, no control characters,
 * and no `?` or `#` (they would never reach the page).
 */
const isUrlPath = (u: unknown): u is string => typeof u === 'string' && u.trim() !== ''
  && !/[\u0000-\u001f\u007f\\?#%]/.test(u) && !u.split('/').some((s) => s === '.' || s === '..');
export const UrlPath = new t.Type<string, string, unknown>(
  'een URL-pad zonder `.`- of `..`-delen, backslash, %, ? of # (bijvoorbeeld /mijn-pagina)',
  isUrlPath,
  (u, c) => (isUrlPath(u) ? t.success(u) : t.failure(u, c)),
  t.identity,
);

/**
 * A tag in front matter: a key of the tags file, or (Docusaurus' inline tag)
 * any text or an object with its own label and permalink.
 */
export const InlineTag = t.intersection([t.type({ label: t.string }), t.partial({ permalink: UrlPath, description: t.string })]);
export type InlineTag = t.TypeOf<typeof InlineTag>;
export const FrontmatterTag = t.union([t.string, InlineTag]);
export type FrontmatterTag = t.TypeOf<typeof FrontmatterTag>;

const CommonFrontmatter = t.partial({
  description: t.string,
  slug: UrlPath,
  tags: t.array(FrontmatterTag),
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
    /** The page's own edit link instead of the site's `editUrl`; null or '' shows none (Docusaurus). */
    custom_edit_url: t.union([Href, t.null]),
    sidebar_custom_props: t.record(t.string, t.unknown),
    /** `false` keeps number prefixes (`01-intro`) in the doc's id and URL. */
    parse_number_prefixes: t.boolean,
  }),
]);
export type DocFrontmatter = t.TypeOf<typeof DocFrontmatter>;

/**
 * An author written in a post itself (Docusaurus' inline author): at least a
 * name, or a `key` of authors.yml whose fields this one overrides.
 */
export const InlineAuthor = t.intersection([
  t.union([t.type({ name: t.string }), t.type({ key: t.string })]),
  t.partial({
    key: t.string,
    name: t.string,
    title: t.string,
    url: Href,
    image_url: ImageHref,
    imageURL: ImageHref,
    email: t.string,
    socials: t.record(t.string, ProfileHref),
  }),
]);
export type InlineAuthor = t.TypeOf<typeof InlineAuthor>;
const PostAuthor = t.union([t.string, InlineAuthor]);

export const BlogFrontmatter = t.intersection([
  t.type({ title: t.string }),
  CommonFrontmatter,
  t.partial({
    date: DateString,
    /** Keys of authors.yml or inline authors; one may stand without a list, as in Docusaurus. */
    authors: t.union([PostAuthor, t.array(PostAuthor)]),
    // Docusaurus' older one-author fields, read as one inline author.
    author: t.string,
    author_title: t.string,
    author_url: Href,
    author_image_url: ImageHref,
    authorTitle: t.string,
    authorURL: Href,
    authorImageURL: ImageHref,
    sidebar_label: t.string,
    /** The post's own edit link instead of the blog's `editUrl`; null or '' shows none (Docusaurus). */
    custom_edit_url: t.union([Href, t.null]),
  }),
]);
export type BlogFrontmatter = t.TypeOf<typeof BlogFrontmatter>;

export const PageFrontmatter = t.intersection([t.type({ title: t.string }), CommonFrontmatter, t.partial({ wrapperClassName: t.string })]);
export type PageFrontmatter = t.TypeOf<typeof PageFrontmatter>;

/** Every key some content kind accepts; used for the unknown-key warning and its "did you mean". */
export const knownFrontmatterKeys: ReadonlyArray<string> = [
  'title', 'description', 'slug', 'tags', 'keywords', 'draft', 'unlisted', 'image', 'hide_table_of_contents',
  'hide_title', 'toc_min_heading_level', 'toc_max_heading_level', 'last_update', 'id', 'sidebar_position',
  'sidebar_label', 'sidebar_class_name', 'displayed_sidebar', 'pagination_next', 'pagination_prev',
  'pagination_label', 'authors', 'date', 'sidebar_custom_props', 'parse_number_prefixes',
  // Docusaurus' `mdx: { format: md | mdx | detect }`: the parser of this page (pipeline/stages/parse/format.ts).
  'mdx',
];

// ---------------------------------------------------------------------------
// Shared files: tags.yml, authors.yml, _category_.json

const OpenTag = t.partial({ label: t.string, description: t.string, permalink: UrlPath });
/** A tag as a tags file gives it; without a label its key is the label (Docusaurus' rule). */
export type TagDefinition = t.TypeOf<typeof OpenTag>;
/** A tag of the portal's own tags file: its label is required. */
export const TagDefinition = t.intersection([t.type({ label: t.string }), OpenTag]);
/** A tag of a Docusaurus site's tags file: every field optional, and a key without a value (`ci:`) is a tag too. */
export const DocusaurusTagDefinition = new t.Type<TagDefinition, unknown, unknown>(
  'DocusaurusTagDefinition',
  OpenTag.is,
  (u, c) => (u === null ? t.success({}) : OpenTag.validate(u, c)),
  t.identity,
);

export const AuthorDefinition = t.intersection([
  t.type({ name: t.string }),
  t.partial({
    title: t.string,
    url: Href,
    image_url: ImageHref,
    /** Docusaurus' spelling of `image_url`. */
    imageURL: ImageHref,
    email: t.string,
    description: t.string,
    socials: t.record(t.string, ProfileHref),
    /** false: no author page; `{ permalink }`: the page's own path under the blog's `authors/` (Docusaurus). */
    page: t.union([t.boolean, t.type({ permalink: UrlPath })]),
  }),
]);
export type AuthorDefinition = t.TypeOf<typeof AuthorDefinition>;
export const AuthorsFile = t.record(t.string, AuthorDefinition);

/** Free data a sidebar item carries for the theme (`customProps`, `sidebar_custom_props`). */
const CustomProps = t.record(t.string, t.unknown);

/**
 * Where a category links: nowhere (`null`), to one of its docs, or to a page
 * the build makes with a card per item (`generated-index`, at
 * `/{routeBasePath}/category/{label}` unless it has its own `slug`).
 */
export const CategoryLink = t.union([
  t.null,
  t.type({ type: t.literal('doc'), id: t.string }),
  t.intersection([
    t.type({ type: t.literal('generated-index') }),
    t.partial({ slug: UrlPath, title: t.string, description: t.string, keywords: StringList, image: t.string }),
  ]),
]);
export type CategoryLink = t.TypeOf<typeof CategoryLink>;

/** `_category_.json` or `_category_.yml`: a folder as a category of an autogenerated sidebar. */
export const CategoryFile = t.partial({
  label: t.string,
  position: t.number,
  collapsed: t.boolean,
  collapsible: t.boolean,
  className: t.string,
  description: t.string,
  customProps: CustomProps,
  link: CategoryLink,
});
export type CategoryFile = t.TypeOf<typeof CategoryFile>;

// ---------------------------------------------------------------------------
// Sidebars file: the Docusaurus sidebars object as data (`{ sidebarId: [items] }`).
// A string item is a doc id; an object with one key and a list (`{ Label: [...] }`) is a category.

const ItemCommon = t.partial({ className: t.string, customProps: CustomProps, key: t.string });

/** `doc` and `ref` items: a doc by id; a `ref` links to it without making the doc's sidebar this one. */
export const SidebarDocItem = t.intersection([
  t.type({ type: t.union([t.literal('doc'), t.literal('ref')]), id: t.string }),
  t.partial({ label: t.string }),
  ItemCommon,
]);
export const SidebarLinkItem = t.intersection([
  t.type({ type: t.literal('link'), href: Href, label: t.string }),
  t.partial({ description: t.string }),
  ItemCommon,
]);
/** Its `value` is HTML, held to the raw HTML rules of Markdown. */
export const SidebarHtmlItem = t.intersection([
  t.type({ type: t.literal('html'), value: t.string }),
  t.partial({ defaultStyle: t.boolean }),
  ItemCommon,
]);
/** The docs of a folder of the area (`dirName`, '.' for all of it), as an autogenerated sidebar lists them. */
export const SidebarAutogeneratedItem = t.type({ type: t.literal('autogenerated'), dirName: t.string });
/** A category; its `items` are decoded one by one, so a mistake points at its own line. */
export const SidebarCategoryItem = t.intersection([
  t.type({ type: t.literal('category'), label: t.string, items: t.unknown }),
  t.partial({ collapsed: t.boolean, collapsible: t.boolean, link: CategoryLink, description: t.string }),
  ItemCommon,
]);
/** The item types a sidebars file may use. */
export const sidebarItemTypes = ['doc', 'ref', 'link', 'html', 'category', 'autogenerated'] as const;

// ---------------------------------------------------------------------------
// Site configuration (dist-config/site.yml)

const Link = t.type({ label: t.string, href: Href });

const NavbarBase = t.partial({ label: t.string, position: t.union([t.literal('left'), t.literal('right')]) });

/** The nine navbar item types, as Docusaurus names them. */
export const navbarItemTypes = [
  'link', 'dropdown', 'localeDropdown', 'search', 'html', 'doc', 'docSidebar', 'docsVersion', 'docsVersionDropdown',
] as const;

export const NavbarLinkItem = t.intersection([NavbarBase, t.type({ type: t.literal('link'), label: t.string, href: Href })]);
/** `docsPluginId` picks the docs area by its id; the first docs area when left out. */
const DocsPluginRef = t.partial({ docsPluginId: t.string });
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

/** A limit that counts something: a whole number of 1 or more. */
const Count = new t.Type<number, number, unknown>(
  'een geheel getal van 1 of meer',
  (u): u is number => typeof u === 'number' && Number.isInteger(u) && u >= 1,
  (u, c) => (typeof u === 'number' && Number.isInteger(u) && u >= 1 ? t.success(u) : t.failure(u, c)),
  t.identity,
);

/** Width or height of an image in CSS pixels: a whole number from 1 to 2000. */
const Pixels = new t.Type<number, number, unknown>(
  'een geheel aantal pixels van 1 tot en met 2000',
  (u): u is number => typeof u === 'number' && Number.isInteger(u) && u >= 1 && u <= 2000,
  (u, c) => (typeof u === 'number' && Number.isInteger(u) && u >= 1 && u <= 2000 ? t.success(u) : t.failure(u, c)),
  t.identity,
);

/**
 * The government's logo, centred at the top of the header: a file in theme/static/ and its alt text.
 * The header shows it at the emblem strip's height; `width` and `height` (default 44 × 80, the theme's
 * own strip) give its aspect ratio, so the page does not shift while it loads.
 */
const GovernmentLogo = t.intersection([Image, t.partial({ width: Pixels, height: Pixels })]);

/** An absolute https address: analytics scripts and endpoints are never loaded over plain http. */
const HttpsUrl = new t.Type<string, string, unknown>(
  'een https-adres (https://…)',
  (u): u is string => typeof u === 'string' && /^https:\/\/[a-z0-9.-]+(:\d+)?(\/\S*)?$/i.test(u),
  (u, c) => (typeof u === 'string' && /^https:\/\/[a-z0-9.-]+(:\d+)?(\/\S*)?$/i.test(u) ? t.success(u) : t.failure(u, c)),
  t.identity,
);
/** A bare host name (`apis.developer.overheid.nl`), optionally with a leading `*.` wildcard. */
const HostName = new t.Type<string, string, unknown>(
  'een domeinnaam zonder https:// (bijvoorbeeld apis.developer.overheid.nl)',
  (u): u is string => typeof u === 'string' && /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(u),
  (u, c) => (typeof u === 'string' && /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(u) ? t.success(u) : t.failure(u, c)),
  t.identity,
);

/**
 * Two analytics scripts: a page counter and a tracker. Each is optional; leaving one out
 * removes it from every page. Neither is ever loaded in a development build.
 * `name` is the service the privacy statement names.
 */
export const Analytics = t.partial({
  /** A cookieless page counter (GoatCounter protocol: `count.js` posting to `endpoint`). */
  counter: t.type({ name: t.string, script: HttpsUrl, endpoint: HttpsUrl }),
  /** A tracker with cross-domain linking (Matomo protocol: `_paq`, `matomo.js`, `matomo.php`). */
  tracker: t.intersection([
    t.type({ name: t.string, url: HttpsUrl, siteId: t.union([t.string, t.number]), domains: t.array(HostName) }),
    t.partial({ cookieMinutes: t.number }),
  ]),
});
export type Analytics = t.TypeOf<typeof Analytics>;

/** A date and time with a time zone (RFC 3339), as security.txt's `Expires` needs: `2027-10-31T23:00:00Z`. */
const DateTime = new t.Type<string, string, unknown>(
  'een datum en tijd met tijdzone (bijvoorbeeld "2027-10-31T23:00:00Z")',
  (u): u is string => typeof u === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(u) && !Number.isNaN(Date.parse(u)),
  (u, c) => (typeof u === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(u) && !Number.isNaN(Date.parse(u)) ? t.success(u) : t.failure(u, c)),
  t.identity,
);
/** A security contact: an https page, an e-mail address or a phone number (RFC 9116, section 2.5.3). */
const ContactUri = new t.Type<string, string, unknown>(
  'een https://-, mailto:- of tel:-adres',
  (u): u is string => typeof u === 'string' && /^(https:\/\/[a-z0-9.-]+(:\d+)?(\/\S*)?|mailto:[^\s@]+@[^\s@]+|tel:\+?[\d-]+)$/i.test(u),
  (u, c) => (typeof u === 'string' && /^(https:\/\/[a-z0-9.-]+(:\d+)?(\/\S*)?|mailto:[^\s@]+@[^\s@]+|tel:\+?[\d-]+)$/i.test(u) ? t.success(u) : t.failure(u, c)),
  t.identity,
);

/**
 * `/.well-known/security.txt` (RFC 9116), written by the build. `Canonical` is
 * derived from `url`. The build fails once `expires` has passed.
 */
export const SecurityTxt = t.intersection([
  t.type({ contact: t.array(ContactUri), expires: DateTime, preferredLanguages: t.array(t.string) }),
  t.partial({ policy: HttpsUrl, acknowledgments: HttpsUrl, hiring: HttpsUrl, encryption: HttpsUrl }),
]);
export type SecurityTxt = t.TypeOf<typeof SecurityTxt>;

/** A tile's label ("beta", "uitgelicht", "tutorial"): one short line, so it fits beside the pictogram. */
const TileBadge = new t.Type<string, string, unknown>(
  'een kort label op één regel van hoogstens 20 tekens (zoals "beta", "uitgelicht" of "tutorial")',
  (u): u is string => typeof u === 'string' && u.trim() !== '' && u.length <= 20 && !/[\r\n]/.test(u),
  (u, c) => (typeof u === 'string' && u.trim() !== '' && u.length <= 20 && !/[\r\n]/.test(u) ? t.success(u) : t.failure(u, c)),
  t.identity,
);

/** The pictograms the theme draws for home tiles (`theme/pages/pictograms.tsx`). */
export const tilePictograms = ['kennisbank', 'tutorial', 'api', 'opensource', 'communities', 'blog'] as const;
export type TilePictogram = (typeof tilePictograms)[number];

/** A tile on the home page (and the not-found page): a pictogram, a title, a short text and an optional badge. */
export const HomeTile = t.intersection([
  t.type({ title: t.string, href: Href, text: t.string }),
  t.partial({
    pictogram: t.keyof(Object.fromEntries(tilePictograms.map((p) => [p, null])) as Record<TilePictogram, null>),
    badge: TileBadge,
  }),
]);
export type HomeTile = t.TypeOf<typeof HomeTile>;

/**
 * A folder under the content root as the configuration names it: relative,
 * forward slashes, no `.` or `..` segment (it must stay inside the root).
 */
const isFolder = (u: unknown): u is string => typeof u === 'string' && u.trim() !== '' && !/^\//.test(u)
  && !/[\u0000-\u001f\u007f\\]/.test(u) && !u.replace(/\/+$/, '').split('/').some((s) => s === '.' || s === '..' || s === '');
const Folder = new t.Type<string, string, unknown>(
  'een map binnen de contentmap, zonder . of .. (bijvoorbeeld docs of src/pages)',
  isFolder,
  (u, c) => (isFolder(u) ? t.success(u) : t.failure(u, c)),
  t.identity,
);

/** A URL prefix: '' (the site root) or path segments, slashes at either end allowed. */
const isRouteBase = (u: unknown): u is string => typeof u === 'string'
  && !/[\u0000-\u001f\u007f\\?#%\s]/.test(u) && !u.split('/').some((s) => s === '.' || s === '..');
const RouteBasePath = new t.Type<string, string, unknown>(
  'een URL-pad zonder spaties, %, ?, # of `.`/`..`-delen (bijvoorbeeld docs, of / voor de root van de site)',
  isRouteBase,
  (u, c) => (isRouteBase(u) ? t.success(u) : t.failure(u, c)),
  t.identity,
);

/** A docs area's id, as Docusaurus takes a plugin id: letters, digits, `_` and `-` (it names files and folders). */
const isPluginId = (u: unknown): u is string => typeof u === 'string' && /^[A-Za-z0-9_-]+$/.test(u);
const PluginId = new t.Type<string, string, unknown>(
  'een gewone naam van letters, cijfers, _ en - (bijvoorbeeld default of community)',
  isPluginId,
  (u, c) => (isPluginId(u) ? t.success(u) : t.failure(u, c)),
  t.identity,
);

/**
 * A data file beside the site configuration (a sidebars file), relative to its folder and inside it: the
 * build reads nothing outside the site through the configuration.
 */
const ConfigDataFile = new t.Type<string, string, unknown>(
  'een bestand in de map van de siteconfiguratie, zonder / vooraan en zonder . of .. (bijvoorbeeld sidebars-default.yml)',
  isFolder,
  (u, c) => (isFolder(u) && !u.endsWith('/') ? t.success(u) : t.failure(u, c)),
  t.identity,
);

/** A file of the site's own code, relative to the content root and inside it (`plugins/leestijd.js`). */
const SiteCodeFile = new t.Type<string, string, unknown>(
  'een bestand in de map van de site, zonder / vooraan en zonder . of .. (bijvoorbeeld plugins/leestijd.js)',
  (u): u is string => isFolder(u) && !u.endsWith('/'),
  (u, c) => (isFolder(u) && !u.endsWith('/') ? t.success(u) : t.failure(u, c)),
  t.identity,
);

/**
 * A remark or rehype plugin of the site (Docusaurus' `remarkPlugins: [[plugin, options]]`): a package from
 * the site's `node_modules` or a file of the site, its default export or the named `export`, with its
 * options as data. Site code: it runs in the plugin box (pipeline/io/markdown-plugins.ts).
 */
const MarkdownPlugin = t.intersection([
  t.union([t.type({ package: t.string }), t.type({ path: SiteCodeFile })]),
  t.partial({ export: t.string, options: t.unknown }),
]);

/** The four places Docusaurus runs a content plugin's Markdown plugins, per area. */
const MarkdownPlugins = t.partial({
  beforeDefaultRemarkPlugins: t.array(MarkdownPlugin),
  remarkPlugins: t.array(MarkdownPlugin),
  beforeDefaultRehypePlugins: t.array(MarkdownPlugin),
  rehypePlugins: t.array(MarkdownPlugin),
});

/** A docs plugin as the configuration writes it; see `Layout` in pipeline/types.ts for what each field means. */
export const DocsPluginConfig = t.intersection([
  t.type({ id: PluginId, path: Folder }),
  t.partial({
    routeBasePath: RouteBasePath,
    label: t.string,
    sidebarPath: ConfigDataFile,
    sidebars: t.union([t.literal('autogenerated'), t.literal('wrapped'), t.literal('per-folder')]),
    /** Relative to the area's folder, as Docusaurus resolves it (`../tags.yml`); it must stay inside the content root. */
    tags: t.union([t.string, t.null]),
    editUrl: Href,
    markdown: MarkdownPlugins,
    /** Docusaurus' `sidebarItemsGenerator`: a file of the site whose function makes the autogenerated items (in the plugin box). */
    sidebarItemsGenerator: SiteCodeFile,
  }),
]);
export type DocsPluginConfig = t.TypeOf<typeof DocsPluginConfig>;

/** `content:` in the site configuration: where the content lives. Every key is optional; see pipeline/layout.ts for the defaults. */
export const ContentConfig = t.partial({
  docs: t.array(DocsPluginConfig),
  blog: t.union([t.null, t.partial({ path: Folder, routeBasePath: RouteBasePath, tags: t.union([t.string, t.null]), authors: t.string, editUrl: Href, markdown: MarkdownPlugins })]),
  /** `exclude`: globs inside the folder of files that are no page, as the pages plugin's option (its defaults always apply). */
  pages: t.union([t.null, t.partial({ path: Folder, exclude: t.array(t.string), markdown: MarkdownPlugins })]),
  static: t.array(Folder),
});
export type ContentConfig = t.TypeOf<typeof ContentConfig>;

/** Docusaurus' `onInlineTags` / `onInlineAuthors`: `log` prints like `warn` here (a build has only warnings and errors). */
const InlinePolicy = t.union([t.literal('ignore'), t.literal('log'), t.literal('warn'), t.literal('throw')]);

export const SiteConfig = t.intersection([
  t.type({
    product: t.string,
    siteName: t.string,
    tagline: t.string,
    url: t.string,
    locale: t.type({ lang: t.string, label: t.string, direction: t.union([t.literal('ltr'), t.literal('rtl')]), calendar: t.string }),
    logo: Image,
    governmentLogo: GovernmentLogo,
    navbar: t.type({ items: t.array(t.unknown) }),
    footer: t.intersection([
      t.type({ style: t.union([t.literal('columns'), t.literal('row')]), copyright: t.string }),
      t.partial({ columns: t.array(t.type({ title: t.string, items: t.array(Link) })), links: t.array(Link), logo: t.intersection([Image, t.partial({ srcDark: t.string })]) }),
    ]),
    colorMode: t.type({ defaultMode: t.union([t.literal('light'), t.literal('dark')]), disableSwitch: t.boolean, respectPrefersColorScheme: t.boolean }),
    blog: t.intersection([
      t.type({ postsPerPage: t.number, wordsPerMinute: t.number, sidebarCount: t.number, sidebarTitle: t.string }),
      /** Docusaurus' `onUntruncatedBlogPosts`: what a post without a truncation marker is (default `warn`; `log` warns too). */
      t.partial({ onUntruncatedBlogPosts: InlinePolicy }),
    ]),
    docs: t.type({ versions: t.array(t.unknown) }),
    search: t.intersection([
      t.type({ backend: t.union([t.literal('embedded'), t.literal('typesense')]) }),
      t.partial({
        page: t.string,
        // The search-only key is public (it ships in every page); the admin key never is: see docs/search.md.
        // `collection` defaults to the alias `developer_{product}` that `npm run search:index` maintains.
        typesense: t.intersection([
          t.type({ host: t.string, port: t.number, protocol: t.string, searchOnlyKey: t.string }),
          t.partial({ collection: t.string }),
        ]),
        externalHosts: t.array(t.string),
        /** Filter on the docs version tags (`docusaurus_tag`) of the site, as Docusaurus does; default off. */
        contextualSearch: t.boolean,
      }),
    ]),
  }),
  t.partial({
    announcementBar: t.intersection([t.type({ id: t.string, content: t.string }), t.partial({ isCloseable: t.boolean })]),
    editUrl: Href,
    ideaUrl: Href,
    blogIdeaUrl: Href,
    /** At most 16 characters: OpenSearch `ShortName` and the web app manifest's `short_name`. */
    shortName: t.string,
    analytics: Analytics,
    securityTxt: SecurityTxt,
    /** The home page's tiles, in this order; the not-found page shows them too. */
    home: t.type({ tiles: t.array(HomeTile) }),
    /** Where the content lives; left out, the portal's own folders (pipeline/layout.ts). */
    content: ContentConfig,
    mdx: t.partial({
      /** What an MDX component that cannot be resolved is: an error (default), or a warning and its children in a plain element. */
      unknownComponents: t.union([t.literal('error'), t.literal('warn')]),
      /** The folder with the site's own `.tsx`/`.jsx` components, relative to the content root; left out, no site code runs. */
      components: t.string,
      /** What a page's templates and partials may make (pipeline/stages/markdown/expansion-budget.ts): nodes (default 100 000) and depth (default 32). */
      expansionLimit: t.partial({ nodes: Count, depth: Count }),
      /**
       * The theme's component map (Docusaurus' `src/theme/MDXComponents.tsx`), relative to the content root:
       * its own entries are components every MDX page may use without an import. Site code: left out, it does not run.
       */
      componentMap: t.string,
    }),
    /**
     * The site's own stylesheets (Docusaurus' `theme.customCss`), relative to the content root: they load
     * after the theme's stylesheet on every page. `load: false` keeps them out (the theme's own look).
     */
    customCss: t.intersection([t.type({ files: t.array(t.string) }), t.partial({ load: t.boolean })]),
    /**
     * Files of the static folders: an `.html` file is published as it is (as Docusaurus does), with one
     * warning that lists them (`warn`, the default), or refused, an error per file (`error`).
     */
    static: t.partial({ html: t.union([t.literal('warn'), t.literal('error')]) }),
    /** The limits of the box site code runs in (pipeline/io/component-box.ts): seconds per module load and render, MB of heap, and variables of the environment it may see. */
    siteCode: t.partial({ timeLimit: t.number, memoryLimit: t.number, env: t.array(t.string), pluginTimeLimit: t.number }),
    /**
     * The site's local plugins (Docusaurus' `plugins: ['./plugins/x.js']`), relative to the content root, with
     * their options as data: site code that runs at build time in the plugin box (pipeline/io/site-plugins.ts),
     * `siteCode.pluginTimeLimit` seconds per plugin (default 30). Left out, no plugin runs.
     */
    plugins: t.array(t.intersection([t.type({ path: t.string }), t.partial({ options: t.record(t.string, t.unknown) })])),
    /** Docusaurus' `customFields`: free data for site code (`useDocusaurusContext().siteConfig.customFields`). */
    customFields: t.record(t.string, t.unknown),
    /** Which parser reads a page, as Docusaurus' `markdown.format`: `mdx` (the default, for `.md` too), `md` (CommonMark), or `detect` (by extension). */
    markdown: t.partial({ format: t.union([t.literal('mdx'), t.literal('md'), t.literal('detect')]) }),
    /**
     * Front-matter rules: keys this site uses beyond Docusaurus' own (no unknown-key warning for them),
     * and what inline tags and authors do, with Docusaurus' option names and values (default `warn`).
     */
    frontmatter: t.partial({ allowedKeys: t.array(t.string), onInlineTags: InlinePolicy, onInlineAuthors: InlinePolicy }),
    /**
     * Old URLs that move to new ones, as Docusaurus' client-redirects plugin has them: `rules` from one path
     * (or several) to another; `fromExtensions` (`php`: /x.php → /x) and `toExtensions` over every page.
     * The build writes a page at each old path, `npm run server-config` a 301 rule (pipeline/stages/publish/redirects.ts).
     */
    redirects: t.partial({
      rules: t.array(t.type({ from: t.union([t.string, t.array(t.string)]), to: t.string })),
      fromExtensions: t.array(t.string),
      toExtensions: t.array(t.string),
    }),
  }),
]);
export type SiteConfig = t.TypeOf<typeof SiteConfig>;
