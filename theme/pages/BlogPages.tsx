/** Blog page types: list, post, archive, tags list, tag posts, authors list, author posts. */
import type { ReactNode } from 'react';
import type { Author, Post, TagRef, Pagination, TagSummary } from '../../pipeline/types.ts';
import { blogPath, feedPaths, publishedPosts } from '../../pipeline/published.ts';
import type { PageContext } from '../../renderer/context.ts';
import { Markdown } from '../../renderer/markdown.tsx';
import { blogPosting } from '../../renderer/structured-data.ts';
import { bodyTheme } from '../shell/body-theme.tsx';
import { socialCard } from '../shell/PublishingHead.tsx';
import { Layout } from '../shell/Layout.tsx';
import { siteHosts } from '../shell/site-text.ts';
import { labels } from '../client/labels.ts';
import { AuthorSocials, authorImage } from './author-links.tsx';
import { dutchDate } from './dutch-date.ts';
import { Banner, Breadcrumbs, EditPageLink, Paginator, PostMeta, TableOfContents, TagList, editUrlOf } from './parts.tsx';

function PostSummary({ ctx, post }: { ctx: PageContext; post: Post }) {
  const content = ctx.contents.get(post.permalink);
  return (
    <article className="post-summary">
      <h2 className="post-title"><a href={post.permalink}>{post.title}</a></h2>
      <PostMeta ctx={ctx} post={post} />
      {/* A post without a truncation marker is listed whole, as Docusaurus lists it: there is nothing more to read. */}
      <Markdown tree={content?.excerpt ?? content?.body} siteHosts={siteHosts(ctx)} bodyTheme={bodyTheme(ctx)} />
      <footer className="post-summary-footer">
        <TagList tags={post.tags} />
        {content?.excerpt === null ? null : <a className="read-more" href={post.permalink} aria-label={labels.readMoreAbout(post.title)}>{labels.readMore}</a>}
      </footer>
    </article>
  );
}

function ListPaginator({ pagination }: { pagination: Pagination<Post> }) {
  return (
    <Paginator label={labels.blogListNav}
      previous={pagination.previous ? { href: pagination.previous, title: labels.newerEntries } : null}
      next={pagination.next ? { href: pagination.next, title: labels.olderEntries } : null}
      previousLabel="" nextLabel="" />
  );
}

/** A path of the blog's pages under the site's blog prefix (`/blog`, `/blog/tags`). */
const blog = (ctx: PageContext, rest = '') => blogPath(ctx.site.config.layout, rest);

const pageSuffix = (p: Pagination<Post>) => (p.page > 1 ? ` (pagina ${p.page} van ${p.pages})` : '');

function BlogIdea({ ctx }: { ctx: PageContext }) {
  const url = ctx.site.config.blogIdeaUrl;
  return url ? <p className="blog-idea"><a href={url} target="_blank" rel="noopener noreferrer">{labels.blogIdea}<span className="visually-hidden"> {labels.opensInNewTab}</span></a></p> : null;
}

/** Words only the blog's server-rendered pages use; kept out of labels.ts, which ships in the browser bundle. */
const words = {
  sidebar: 'Blog',
  popularTags: 'Veelgebruikte tags',
  follow: 'Volg de blog',
  feeds: [['rss', 'RSS-feed'], ['atom', 'Atom-feed'], ['json', 'JSON Feed']] as const,
} as const;

/** How many tags the sidebar shows: the ones with the most posts. */
const sidebarTags = 12;

/** The blog's tags with the most published posts, most first (ties by name). */
function popularTags(posts: ReadonlyArray<Post>, limit: number): ReadonlyArray<{ tag: TagRef; count: number }> {
  const counts = new Map<string, { tag: TagRef; count: number }>();
  for (const post of posts) for (const tag of post.tags) {
    const seen = counts.get(tag.key);
    counts.set(tag.key, { tag, count: (seen?.count ?? 0) + 1 });
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.tag.label.localeCompare(b.tag.label, 'nl')).slice(0, limit);
}

/**
 * Beside the blog's lists (below them on narrow screens): the blog's own pages, the recent posts
 * when the configuration asks for them (`blog.sidebarCount`, grouped by year), the most used tags,
 * the feeds and the invitation to write.
 */
function BlogSidebar({ ctx }: { ctx: PageContext }) {
  const posts = publishedPosts(ctx.site);
  const { sidebarCount, sidebarTitle } = ctx.site.config.blog;
  const recent = sidebarCount > 0 ? posts.slice(0, sidebarCount) : [];
  const years = [...new Set(recent.map((p) => p.date.slice(0, 4)))];
  const tags = popularTags(posts, sidebarTags);
  const here = ctx.route.path;
  const { layout } = ctx.site.config;
  const pages = [[blogPath(layout), labels.allPosts], [blogPath(layout, 'archive'), labels.archive], [blogPath(layout, 'tags'), labels.tagsTitle], [blogPath(layout, 'authors'), labels.authors]] as const;
  const feeds = feedPaths(layout);
  return (
    <div className="blog-sidebar">
      <nav className="blog-sidebar-section" aria-label={words.sidebar}>
        <ul className="blog-sidebar-links">
          {pages.map(([href, label]) => <li key={href}><a href={href} aria-current={here === href ? 'page' : undefined}>{label}</a></li>)}
        </ul>
      </nav>
      {recent.length ? (
        <section className="blog-sidebar-section" aria-labelledby="blog-recent-title">
          <h2 id="blog-recent-title" className="blog-sidebar-title">{sidebarTitle}</h2>
          {years.map((year) => (
            <div key={year}>
              <h3 className="blog-sidebar-year">{year}</h3>
              <ul className="blog-sidebar-links">
                {recent.filter((p) => p.date.startsWith(year)).map((p) => <li key={p.permalink}><a href={p.permalink} aria-current={here === p.permalink ? 'page' : undefined}>{p.title}</a></li>)}
              </ul>
            </div>
          ))}
        </section>
      ) : null}
      {tags.length ? (
        <section className="blog-sidebar-section" aria-labelledby="blog-tags-title">
          <h2 id="blog-tags-title" className="blog-sidebar-title">{words.popularTags}</h2>
          <ul className="tags">
            {tags.map(({ tag, count }) => <li key={tag.key}><a className="tag" href={tag.permalink}>{tag.label} <span className="tag-count">({count})</span></a></li>)}
          </ul>
        </section>
      ) : null}
      <section className="blog-sidebar-section" aria-labelledby="blog-follow-title">
        <h2 id="blog-follow-title" className="blog-sidebar-title">{words.follow}</h2>
        <ul className="blog-sidebar-links">
          {words.feeds.map(([kind, label]) => <li key={kind}><a href={feeds[kind]}>{label}</a></li>)}
        </ul>
        <BlogIdea ctx={ctx} />
      </section>
    </div>
  );
}

/** A blog list page: the list in the main column, the blog sidebar beside it from 997 px, below it on narrower screens. */
function BlogColumns({ ctx, children }: { ctx: PageContext; children: ReactNode }) {
  return (
    <div className="blog-layout">
      <div className="blog-page">{children}</div>
      <BlogSidebar ctx={ctx} />
    </div>
  );
}

export function BlogListPage({ ctx, pagination }: { ctx: PageContext; pagination: Pagination<Post> }) {
  return (
    <Layout ctx={ctx} title={`Blog${pageSuffix(pagination)}`} description="Nieuws, achtergronden en verhalen van ontwikkelaars bij de overheid.">
      <BlogColumns ctx={ctx}>
        <h1>Blog{pageSuffix(pagination)}</h1>
        <p className="blog-links"><a href={blog(ctx, 'archive')}>{labels.archive}</a> · <a href={blog(ctx, 'tags')}>{labels.tagsTitle}</a> · <a href={blog(ctx, 'authors')}>{labels.authors}</a></p>
        {pagination.items.map((post) => <PostSummary key={post.permalink} ctx={ctx} post={post} />)}
        <ListPaginator pagination={pagination} />
      </BlogColumns>
    </Layout>
  );
}

export function BlogPostPage({ ctx, post, newer, older }: { ctx: PageContext; post: Post; newer: Post | null; older: Post | null }) {
  const content = ctx.contents.get(post.permalink);
  const fm = post.entry.frontmatter;
  const showToc = !fm.hide_table_of_contents && (content?.toc.length ?? 0) > 0;
  // The blog's `editUrl` (Docusaurus' option) plus the post's path from the site root; `custom_edit_url` replaces it, null or '' hides it.
  const blogEditUrl = ctx.site.config.layout.blog?.editUrl;
  const editHref = fm.custom_edit_url !== undefined ? fm.custom_edit_url || null : blogEditUrl ? editUrlOf(blogEditUrl, post.entry.file.path) : null;
  return (
    <Layout ctx={ctx} title={post.title} description={post.description ?? content?.firstParagraph ?? null} ogType="article" robots={post.unlisted ? 'noindex, nofollow' : undefined}
      structuredData={blogPosting(ctx, post, { description: post.description ?? content?.firstParagraph ?? null, image: socialCard(ctx).url, wordCount: content?.words ?? 0 })}>
      <div className={`doc-container${showToc ? ' with-toc' : ''}`}>
        <article className="blog-post">
          {post.draft ? <Banner kind="draft">{labels.draftBanner}</Banner> : null}
          {post.unlisted ? <Banner kind="unlisted">{labels.unlistedBanner}</Banner> : null}
          <Breadcrumbs crumbs={[{ label: 'Blog', href: blog(ctx) }, { label: post.title, href: null }]} />
          <header>
            <h1>{post.title}</h1>
            <PostMeta ctx={ctx} post={post} />
          </header>
          <Markdown tree={content?.body} siteHosts={siteHosts(ctx)} bodyTheme={bodyTheme(ctx)} />
          <footer className="doc-footer">
            <TagList tags={post.tags} />
            {editHref ? <ul className="edit-links"><li><EditPageLink href={editHref} /></li></ul> : null}
            <BlogIdea ctx={ctx} />
          </footer>
          <Paginator label={labels.blogPostNav}
            previous={newer ? { href: newer.permalink, title: newer.title } : null}
            next={older ? { href: older.permalink, title: older.title } : null}
            previousLabel={labels.newerPost} nextLabel={labels.olderPost} />
        </article>
        {showToc && content ? <TableOfContents toc={content.toc} /> : null}
      </div>
    </Layout>
  );
}

export function BlogArchivePage({ ctx, years }: { ctx: PageContext; years: ReadonlyArray<{ year: string; posts: ReadonlyArray<Post> }> }) {
  return (
    <Layout ctx={ctx} title={labels.archive} description={labels.archiveDescription}>
      <BlogColumns ctx={ctx}>
        <Breadcrumbs crumbs={[{ label: 'Blog', href: blog(ctx) }, { label: labels.archive, href: null }]} />
        <h1>{labels.archive}</h1>
        <p className="lead">{labels.archiveDescription}</p>
        {years.map(({ year, posts }) => (
          <section key={year} aria-labelledby={`jaar-${year}`}>
            <h2 id={`jaar-${year}`}>{year}</h2>
            <ul className="archive-list">
              {posts.map((p) => <li key={p.permalink}><time dateTime={p.date}>{dutchDate(p.date)}</time> – <a href={p.permalink}>{p.title}</a></li>)}
            </ul>
          </section>
        ))}
      </BlogColumns>
    </Layout>
  );
}

export function BlogTagsPage({ ctx, tags }: { ctx: PageContext; tags: ReadonlyArray<TagSummary> }) {
  return (
    <Layout ctx={ctx} title={`${labels.tagsTitle} | Blog`} description="Alle onderwerpen op de blog.">
      <BlogColumns ctx={ctx}>
        <Breadcrumbs crumbs={[{ label: 'Blog', href: blog(ctx) }, { label: labels.tagsTitle, href: null }]} />
        <h1>{labels.tagsTitle}</h1>
        <ul className="tag-index">
          {tags.map((t) => <li key={t.key}><a className="tag" href={t.permalink}>{t.label} <span className="tag-count">({t.count})</span></a></li>)}
        </ul>
      </BlogColumns>
    </Layout>
  );
}

export function BlogTagPostsPage({ ctx, tag, pagination }: { ctx: PageContext; tag: TagSummary; pagination: Pagination<Post> }) {
  const title = labels.postsTagged(tag.count, tag.label);
  return (
    <Layout ctx={ctx} title={`${title}${pageSuffix(pagination)}`} description={tag.description || title}>
      <BlogColumns ctx={ctx}>
        <Breadcrumbs crumbs={[{ label: 'Blog', href: blog(ctx) }, { label: labels.tagsTitle, href: blog(ctx, 'tags') }, { label: tag.label, href: null }]} />
        <h1>{title}{pageSuffix(pagination)}</h1>
        <p><a href={blog(ctx, 'tags')}>{labels.showAllTags}</a></p>
        {pagination.items.map((post) => <PostSummary key={post.permalink} ctx={ctx} post={post} />)}
        <ListPaginator pagination={pagination} />
      </BlogColumns>
    </Layout>
  );
}

function AuthorCard({ ctx, author, count, heading }: { ctx: PageContext; author: Author; count: number | null; heading: 'h1' | 'h2' }) {
  const Heading = heading;
  const image = authorImage(ctx, author);
  return (
    <div className="author-card">
      {image ? <img src={image} alt="" width="96" height="96" className="avatar avatar-large" /> : null}
      <div>
        <Heading className="author-name">{heading === 'h2' && author.permalink ? <a href={author.permalink}>{author.name}</a> : author.name}</Heading>
        {author.title ? <p className="author-title">{author.title}</p> : null}
        {count !== null ? <p className="author-count">{labels.postCount(count)}</p> : null}
        {/* The description belongs on the author's own page, as Docusaurus shows it; the list stays short. */}
        {heading === 'h1' && author.description ? <p className="author-description">{author.description}</p> : null}
        <AuthorSocials author={author} />
      </div>
    </div>
  );
}

export function BlogAuthorsPage({ ctx, authors }: { ctx: PageContext; authors: ReadonlyArray<{ author: Author; count: number }> }) {
  return (
    <Layout ctx={ctx} title={labels.authors} description="De mensen en teams die voor de blog schrijven.">
      <BlogColumns ctx={ctx}>
        <Breadcrumbs crumbs={[{ label: 'Blog', href: blog(ctx) }, { label: labels.authors, href: null }]} />
        <h1>{labels.authors}</h1>
        <ul className="author-list">
          {authors.map(({ author, count }) => <li key={author.key}><AuthorCard ctx={ctx} author={author} count={count} heading="h2" /></li>)}
        </ul>
      </BlogColumns>
    </Layout>
  );
}

export function BlogAuthorPostsPage({ ctx, author, pagination }: { ctx: PageContext; author: Author; pagination: Pagination<Post> }) {
  return (
    <Layout ctx={ctx} title={`${labels.postsBy(author.name)}${pageSuffix(pagination)}`} description={`${author.name}${author.title ? `, ${author.title}` : ''}: berichten op de blog.`}>
      <BlogColumns ctx={ctx}>
        <Breadcrumbs crumbs={[{ label: 'Blog', href: blog(ctx) }, { label: labels.authors, href: blog(ctx, 'authors') }, { label: author.name, href: null }]} />
        <AuthorCard ctx={ctx} author={author} count={null} heading="h1" />
        <h2>{labels.postsBy(author.name)}</h2>
        {pagination.items.map((post) => <PostSummary key={post.permalink} ctx={ctx} post={post} />)}
        <ListPaginator pagination={pagination} />
      </BlogColumns>
    </Layout>
  );
}
