/**
 * HTML comments (`<!-- … -->`) in MDX. MDX turns HTML off, so `<!--` would
 * be a broken JSX tag; Docusaurus reads comments in MDX anyway (its
 * `mdx1Compat.comments`, on by default), and blog posts mark their excerpt
 * with `<!-- truncate -->` in `.md` and `.mdx` alike. These constructs read a
 * comment, and only a comment, as the `html` node CommonMark would make, so
 * the markdown stage treats it as it treats one in Markdown (dropped; the
 * truncation marker kept for the excerpt).
 */
import type { Code, Construct, Effects, Extension, State, TokenizeContext } from 'micromark-util-types';
import type { Extension as FromMarkdownExtension, CompileContext, Token } from 'mdast-util-from-markdown';
import type { Html } from 'mdast';

const lessThan = 60;
const exclamation = 33;
const dash = 45;
const greaterThan = 62;
const isLineEnding = (code: Code): boolean => code !== null && code < -2;
const isSpace = (code: Code): boolean => code === -2 || code === -1 || code === 32;

// micromark's token types are a closed list in its types; these are ours.
const commentToken = 'htmlComment' as never;
const dataToken = 'htmlCommentData' as never;
const lineEnding = 'lineEnding' as never;
const linePrefix = 'linePrefix' as never;

/**
 * The comment from its `<` to its `-->`: `<!--`, then anything up to the
 * first `-->`. `atEnd` says what may follow it (a block comment needs the
 * end of its line), `nextLine` how the comment goes on at a line ending.
 */
function comment(effects: Effects, nok: State, atEnd: State, nextLine: (after: State) => State): State {
  let dashes = 0;
  const opening = [lessThan, exclamation, dash, dash];
  let opened = 0;
  const open: State = (code) => {
    if (code !== opening[opened]) return nok(code);
    effects.consume(code);
    opened++;
    return opened === opening.length ? body : open;
  };
  const body: State = (code) => {
    if (code === null) return nok(code);
    if (isLineEnding(code)) {
      effects.exit(dataToken);
      return nextLine(resume)(code);
    }
    if (code === greaterThan && dashes >= 2) {
      effects.consume(code);
      effects.exit(dataToken);
      effects.exit(commentToken);
      return atEnd;
    }
    dashes = code === dash ? dashes + 1 : 0;
    effects.consume(code);
    return body;
  };
  const resume: State = (code) => {
    dashes = 0;
    effects.enter(dataToken);
    return body(code);
  };
  return (code) => {
    effects.enter(commentToken);
    effects.enter(dataToken);
    return open(code);
  };
}

/** Spaces and tabs at the start of a continued line, outside the comment's data. */
function skipPrefix(effects: Effects, next: State): State {
  let entered = false;
  const prefix: State = (code) => {
    if (isSpace(code)) {
      if (!entered) { effects.enter(linePrefix); entered = true; }
      effects.consume(code);
      return prefix;
    }
    if (entered) effects.exit(linePrefix);
    return next(code);
  };
  return prefix;
}

/** A comment that is a block of its own: nothing but blanks after it on its last line. */
const commentFlow: Construct = {
  name: 'mdxHtmlCommentFlow',
  concrete: true,
  tokenize(this: TokenizeContext, effects, ok, nok) {
    const self = this;
    const after: State = (code) => {
      if (isSpace(code)) { effects.consume(code); return after; }
      return code === null || isLineEnding(code) ? ok(code) : nok(code);
    };
    const afterComment: State = (code) => {
      if (isSpace(code)) {
        effects.enter(linePrefix);
        return trailing(code);
      }
      return after(code);
    };
    const trailing: State = (code) => {
      if (isSpace(code)) { effects.consume(code); return trailing; }
      effects.exit(linePrefix);
      return code === null || isLineEnding(code) ? ok(code) : nok(code);
    };
    // A following line that belongs to a container no longer (lazy) ends the attempt.
    const nextLine = (resume: State): State => (code) => {
      effects.enter(lineEnding);
      effects.consume(code);
      effects.exit(lineEnding);
      return (next: Code) => (self.parser.lazy[self.now().line] ? nok(next) : skipPrefix(effects, resume)(next));
    };
    return comment(effects, nok, afterComment, nextLine);
  },
};

/** A comment inside a paragraph or heading. */
const commentText: Construct = {
  name: 'mdxHtmlCommentText',
  tokenize(this: TokenizeContext, effects, ok, nok) {
    const nextLine = (resume: State): State => (code) => {
      effects.enter(lineEnding);
      effects.consume(code);
      effects.exit(lineEnding);
      return skipPrefix(effects, resume);
    };
    return comment(effects, nok, ok, nextLine);
  },
};

/** The micromark extension: tried before MDX's JSX, which would take the `<`. */
export const htmlCommentSyntax: Extension = {
  flow: { [lessThan]: { ...commentFlow, add: 'before' } as Construct },
  text: { [lessThan]: { ...commentText, add: 'before' } as Construct },
};

/** The mdast extension: the comment as written becomes an `html` node. */
export const htmlCommentFromMarkdown: FromMarkdownExtension = {
  enter: {
    [commentToken](this: CompileContext, token: Token) {
      this.enter({ type: 'html', value: '' } as Html, token);
    },
  },
  exit: {
    [commentToken](this: CompileContext, token: Token) {
      const node = this.stack[this.stack.length - 1] as Html;
      node.value = this.sliceSerialize(token);
      this.exit(token);
    },
  },
};
