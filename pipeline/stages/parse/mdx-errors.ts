/**
 * MDX syntax errors as problems. The MDX parser stops at the first thing it
 * cannot read and throws a message with its place (micromark's line and
 * column, or, for an unclosed tag, the tag's place in the message text);
 * this turns it into a problem at that place, explained in Dutch: what MDX
 * read there, and how to write it so that it is text or valid JSX.
 */
import { error, startOfFile, type Place, type Problem } from '../../problem.ts';

interface ParserMessage {
  readonly reason: string;
  readonly ruleId?: string | null;
  readonly source?: string | null;
  readonly line?: number | null;
  readonly column?: number | null;
}

/** Whether a thrown value is a message of one of MDX's parsers. */
const isMdxMessage = (err: unknown): err is ParserMessage =>
  err instanceof Error && typeof (err as { source?: unknown }).source === 'string'
  && /^(micromark-extension-mdx|micromark-factory-mdx|micromark-util-events-to-acorn|mdast-util-mdx)/.test((err as unknown as { source: string }).source);

/** The place of a message: its own, else the first `line:column` in its text. */
function placeOf(message: ParserMessage): Place {
  if (message.line && message.column) return { line: message.line, column: message.column };
  const found = /\((\d+):(\d+)/.exec(message.reason);
  return found ? { line: Number(found[1]), column: Number(found[2]) } : startOfFile;
}

/** The character a micromark JSX message is about (`Unexpected character \`!\``), if any. */
const unexpectedCharacter = (reason: string): string | null => /^Unexpected character `(.+?)` \(U\+/.exec(reason)?.[1] ?? null;

/** A tag named in a message (`<Tabs>`), if any. */
const tagIn = (reason: string): string => /`(<\/?[^`]*>)`/.exec(reason)?.[1] ?? 'dit element';

const escapeHint = 'Is het tekst, schrijf dan `\\<` of `&lt;` voor `<` en `\\{` voor `{`.';

/** The Dutch explanation of one message. */
function explanation(message: ParserMessage): string {
  const rule = message.ruleId ?? '';
  const reason = message.reason;
  switch (rule) {
    case 'unexpected-character': {
      const ch = unexpectedCharacter(reason) ?? '?';
      if (ch === '!' && /before name/.test(reason)) {
        return 'Hier begint een HTML-commentaar (`<!--`) dat niet met `-->` gesloten wordt, of iets anders na `<!`. Sluit het commentaar met `-->`, of schrijf `{/* … */}`.';
      }
      if (/before name/.test(reason)) {
        return `MDX leest \`<\` als het begin van een JSX-element, maar daarna staat \`${ch}\`, waarmee geen elementnaam kan beginnen. ${escapeHint}`;
      }
      if (/attribute value/.test(reason)) {
        return `MDX verwacht hier de waarde van een attribuut (tussen aanhalingstekens of \`{ }\`), maar vindt \`${ch}\`. Zet de waarde tussen aanhalingstekens.`;
      }
      return `MDX leest hier een JSX-element, maar vindt het teken \`${ch}\` waar dat niet kan staan (na de naam komen attributen, dan \`>\` of \`/>\`). Controleer de tag. ${escapeHint}`;
    }
    case 'unexpected-eof':
      return /expression/.test(reason)
        ? 'Hier opent een `{` een expressie die niet gesloten wordt. Sluit haar met `}`, of schrijf `\\{` als de accolade tekst is.'
        : 'Het bestand eindigt midden in een JSX-element. Sluit de tag af met `>` of `/>`.';
    case 'acorn':
      return message.source?.includes('esm')
        ? 'Een regel die met `import` of `export` begint, leest MDX als JavaScript, maar dit is geen geldige import of export. Is het tekst, begin de regel dan anders (of schrijf `\\import`).'
        : 'Tussen `{` en `}` verwacht MDX een JavaScript-expressie, maar dit is geen geldige expressie. Schrijf `\\{` als de accolade tekst is.';
    case 'non-esm':
      return 'Een blok dat met `import` of `export` begint, mag in MDX alleen imports en exports bevatten. Zet een lege regel tussen de imports en de tekst.';
    case 'unexpected-empty-expression':
      return 'Hier staat een lege expressie `{}`. Haal haar weg, of schrijf `\\{}` als het tekst is.';
    case 'unexpected-lazy':
      return 'Een expressie in een citaat of lijst loopt door op een regel zonder `>` of inspringing. Zet het teken van het citaat of de inspringing voor elke regel.';
    case 'non-spread':
    case 'spread-extra':
      return 'Tussen `{` en `}` in een tag staat iets anders dan een attribuut. Schrijf attributen als `naam="waarde"`.';
    case 'end-tag-mismatch':
      return /^Expected a closing tag/.test(reason)
        ? `${tagIn(reason)} wordt niet gesloten. Sluit het element met de bijbehorende sluittag, of schrijf het als \`<Naam />\`. ${escapeHint}`
        : `De sluittag ${tagIn(reason)} past niet bij het element dat open staat. Sluit elementen in omgekeerde volgorde van openen.`;
    case 'unexpected-closing-slash':
      return `Deze sluittag hoort bij geen enkel geopend element. Haal hem weg, of schrijf \`\\<\` als het tekst is.`;
    case 'unexpected-attribute':
    case 'unexpected-self-closing-slash':
      return 'Een sluittag (`</Naam>`) heeft geen attributen en geen `/` aan het eind.';
    default:
      return `MDX kan deze plek niet lezen. ${escapeHint}`;
  }
}

/**
 * The problem for an error the MDX parser threw, or null when the error is
 * not one of its syntax messages (the caller then reports it as it does any).
 */
export function mdxSyntaxProblem(file: string, err: unknown): Problem | null {
  if (!isMdxMessage(err)) return null;
  return error('mdx-syntax', file, placeOf(err), `${explanation(err)}`);
}
