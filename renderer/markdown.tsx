/**
 * hast → React through hast-util-to-jsx-runtime. The components map is where
 * the theme takes over elements: links, headings, code blocks, admonitions,
 * embeds and diagrams. No string post-processing of HTML.
 */
import type { ComponentProps, JSX, ReactNode } from 'react';
import { createContext, useContext } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import { toString } from 'hast-util-to-string';
import type { Element, Root } from 'hast';
import { ExternalIcon, AdmonitionIcon } from '../theme/shell/icons.tsx';
import { labels } from '../theme/labels.ts';

type WithNode<T extends keyof JSX.IntrinsicElements> = ComponentProps<T> & { node?: Element };

export interface MarkdownOptions {
  /** Hosts that count as this site (links to them are internal). */
  readonly siteHosts: ReadonlyArray<string>;
  /** What `::doc-card-list` shows: the cards of the page's folder (theme/pages/DocsPages.tsx). */
  readonly docCards?: ReactNode;
}

export const isExternal = (href: string | undefined, siteHosts: ReadonlyArray<string>): boolean => {
  if (!href || !/^(https?:)?\/\//i.test(href)) return false;
  try {
    return !siteHosts.includes(new URL(href, 'https://x.invalid').host);
  } catch {
    return true;
  }
};

/** A link that leaves the site opens in a new tab and says so (spec: "(opens in new tab)"). */
export function SmartLink({ href, children, siteHosts, className, ...rest }: ComponentProps<'a'> & { siteHosts: ReadonlyArray<string> }) {
  if (!isExternal(href, siteHosts)) return <a href={href} className={className} {...rest}>{children}</a>;
  return (
    <a {...rest} href={href} className={className ? `${className} external` : 'external'} target="_blank" rel="noopener noreferrer">
      {children}
      <ExternalIcon />
      <span className="visually-hidden"> {labels.opensInNewTab}</span>
    </a>
  );
}

function heading(level: 2 | 3 | 4 | 5 | 6) {
  const Tag = `h${level}` as const;
  return function Heading({ node, children, id, ...rest }: WithNode<typeof Tag>) {
    const text = node ? toString(node) : '';
    // A visually hidden heading (the footnotes' "Voetnoten") gets no anchor: it would be an invisible focus stop.
    const hidden = /(^|\s)(sr-only|visually-hidden)(\s|$)/.test(String(rest.className ?? ''));
    return (
      <Tag id={id} {...rest}>
        {children}
        {id && !hidden ? <a className="hash-link" href={`#${id}`} aria-label={labels.directLink(text)}>#</a> : null}
      </Tag>
    );
  };
}

function CodeBlock({ node: _node, children, ...props }: WithNode<'pre'>) {
  const p = props as Record<string, unknown>;
  const title = typeof p['data-title'] === 'string' ? p['data-title'] : null;
  const language = typeof p['data-language'] === 'string' ? p['data-language'] : null;
  const { ['data-title']: _t, ['data-language']: _l, ...preProps } = p;
  return (
    <figure className="code-block" data-language={language ?? undefined}>
      {title ? <figcaption className="code-block-title">{title}</figcaption> : null}
      {/* Focusable, so a long line can be scrolled into view by keyboard (WCAG 2.1.1). */}
      <pre {...(preProps as ComponentProps<'pre'>)} tabIndex={0}>{children}</pre>
      <button type="button" className="copy-button" data-copy hidden>{labels.copy}</button>
    </figure>
  );
}

/**
 * shiki's github-light token colours that fall below 4.5:1 on our code background (#fff) or on a
 * highlighted line (#fff3c4), each replaced by the nearest darker tone of the same hue.
 */
export const codeColours: Readonly<Record<string, string>> = {
  '#d73a49': '#c0283b', // keywords, operators: 4.11 → 5.23 on a highlighted line
  '#22863a': '#1d7a33', // tags, inserted lines: 4.16 → 4.86
  '#e36209': '#a84e00', // variables, parameters: 3.14 → 5.03
  '#6a737d': '#5f6670', // comments: 4.33 → 5.21
};

function Span({ node: _node, style, ...props }: WithNode<'span'>) {
  const colour = typeof style?.color === 'string' ? codeColours[style.color.toLowerCase()] : undefined;
  return <span {...props} style={colour ? { ...style, color: colour } : style} />;
}

/** The text of a task-list item, for its checkbox's accessible name. */
const TaskLabel = createContext<string | null>(null);

function ListItem({ node, children, ...props }: WithNode<'li'>) {
  if (!node || !String(props.className ?? '').includes('task-list-item')) return <li {...props}>{children}</li>;
  // The item's own text, without nested lists.
  const own = node.children.filter((c) => !(c.type === 'element' && (c.tagName === 'ul' || c.tagName === 'ol')));
  const text = own.map((c) => toString(c)).join('').replace(/\s+/g, ' ').trim();
  return <li {...props}><TaskLabel.Provider value={text || null}>{children}</TaskLabel.Provider></li>;
}

function Input({ node: _node, ...props }: WithNode<'input'>) {
  const label = useContext(TaskLabel);
  // GFM task-list checkboxes are disabled; their item text names them (WCAG 4.1.2).
  return <input {...props} aria-label={props['aria-label'] ?? (props.type === 'checkbox' && label ? label : undefined)} />;
}

function Aside({ node: _node, children, ...props }: WithNode<'aside'>) {
  const p = props as Record<string, unknown>;
  const type = typeof p['data-admonition'] === 'string' ? p['data-admonition'] : null;
  if (!type) return <aside {...(props as ComponentProps<'aside'>)}>{children}</aside>;
  const title = String(p['data-title'] ?? type);
  return (
    <aside className={`admonition admonition-${type}`} aria-label={title}>
      <p className="admonition-heading"><AdmonitionIcon type={type} />{title}</p>
      <div className="admonition-content">{children}</div>
    </aside>
  );
}

function Div({ node: _node, children, docCards, ...props }: WithNode<'div'> & { docCards?: ReactNode }) {
  const p = props as Record<string, unknown>;
  if (p['data-doc-card-list'] !== undefined) return docCards ? <div className="doc-card-list">{docCards}</div> : null;
  const provider = p['data-video'];
  if (provider === 'youtube' || provider === 'vimeo') {
    const id = String(p['data-video-id'] ?? '');
    const watch = provider === 'youtube' ? `https://www.youtube.com/watch?v=${encodeURIComponent(id)}` : `https://vimeo.com/${encodeURIComponent(id)}`;
    const title = typeof p['data-title'] === 'string' && p['data-title'] ? p['data-title'] : null;
    const embed = provider === 'youtube' ? `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1` : `https://player.vimeo.com/video/${encodeURIComponent(id)}?autoplay=1&dnt=1`;
    const name = provider === 'youtube' ? 'YouTube' : 'Vimeo';
    return (
      <div className="video-embed" data-embed-src={embed}>
        <a className="video-embed-link" href={watch} target="_blank" rel="noopener noreferrer">
          {labels.playVideo(name, title)}
          <span className="visually-hidden"> {labels.opensInNewTab}</span>
        </a>
        <p className="video-embed-note">{labels.videoPrivacy(name)}</p>
      </div>
    );
  }
  return <div {...(props as ComponentProps<'div'>)}>{children}</div>;
}

function Figure({ node: _node, children, ...props }: WithNode<'figure'>) {
  const p = props as Record<string, unknown>;
  if (!(p.className as string | undefined)?.includes('mermaid-diagram')) return <figure {...(props as ComponentProps<'figure'>)}>{children}</figure>;
  const svg = p['data-mermaid-svg'];
  const source = p['data-mermaid-source'];
  const label = String(p['data-label'] ?? 'Diagram');
  if (typeof svg === 'string') {
    // Trusted: rendered at build time by mermaid with securityLevel "strict".
    return <figure className="mermaid-diagram" role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: svg }} />;
  }
  // Not rendered at build time: the source is the text alternative until (and unless) the shell
  // draws it. `data-mermaid-lazy` is what makes the shell load mermaid, on this page only.
  const lazy = p['data-mermaid-lazy'] !== undefined;
  return (
    <figure className={lazy ? 'mermaid-diagram mermaid-lazy' : 'mermaid-diagram'} aria-label={label} data-mermaid-lazy={lazy ? '' : undefined}>
      <pre className="mermaid-source" tabIndex={0}>{String(source ?? '')}</pre>
    </figure>
  );
}

/** An image never gets `src=""` (a browser would fetch the page itself again): an unsafe URL the build refused is left out. */
function Img({ node: _node, src, ...props }: WithNode<'img'>) {
  return <img {...props} src={src || undefined} />;
}

function Table({ node: _node, children, ...props }: WithNode<'table'>) {
  // Wide tables scroll inside their own region so the page never scrolls sideways (WCAG 1.4.10).
  return <div className="table-wrapper" role="region" aria-label="Tabel" tabIndex={0}><table {...props}>{children}</table></div>;
}

export function markdownToReact(tree: Root, options: MarkdownOptions): ReactNode {
  const components: Partial<Components> = {
    a: ({ node: _node, children, ...props }: WithNode<'a'>) => <SmartLink {...props} siteHosts={options.siteHosts}>{children}</SmartLink>,
    h2: heading(2), h3: heading(3), h4: heading(4), h5: heading(5), h6: heading(6),
    pre: CodeBlock,
    aside: Aside,
    div: (props: WithNode<'div'>) => <Div {...props} docCards={options.docCards} />,
    figure: Figure,
    img: Img,
    table: Table,
    span: Span,
    li: ListItem,
    input: Input,
  };
  return toJsxRuntime(tree, { Fragment, jsx, jsxs, components, passNode: true });
}
