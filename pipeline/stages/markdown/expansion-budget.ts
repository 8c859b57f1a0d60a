/**
 * What a page may make of itself. A page's templates (./mdx-local-components.ts)
 * and partials (./partials.ts) are filled in where they are used, and what
 * they make may use them again: ten uses per level, nine levels deep, is a
 * billion nodes from a file of under 1 KB. So every node such a use makes (a
 * template's elements and text, each copy of a use's children, each node of a
 * placed partial) is paid for from one budget per page, before it is made,
 * and a use nested deeper than the depth limit is refused. The use that
 * crosses a limit is one `mdx-expansion-limit` error; every later use on the
 * page is left out without another. The work a page costs is thus bounded by
 * the budget, not by what its source multiplies to.
 */
import { error, type Place, type Problem } from '../../problem.ts';

export interface ExpansionLimits {
  /** Nodes the uses of templates and partials on one page may make together. */
  readonly nodes: number;
  /** Uses of templates and partials inside each other's output. */
  readonly depth: number;
}

export const defaultExpansionLimits: ExpansionLimits = { nodes: 100_000, depth: 32 };

/** The budget of one page, shared by the page and every partial it places. */
export interface ExpansionBudget {
  readonly limits: ExpansionLimits;
  /** Pays for `count` nodes; false when they do not fit, and from then on the budget is spent. */
  readonly spend: (count: number) => boolean;
  /** Nodes made so far. */
  readonly made: () => number;
  /** Whether a use crossed a limit: every later use is left out. */
  readonly spent: () => boolean;
  /** The error for the use that crossed a limit: one per page, none after the first. */
  readonly refuse: (file: string, place: Place, use: string, limit: 'nodes' | 'depth') => Problem[];
}

export function expansionBudget(limits: ExpansionLimits = defaultExpansionLimits): ExpansionBudget {
  let made = 0;
  let spent = false;
  let reported = false;
  return {
    limits,
    spend: (count) => {
      if (spent) return false;
      if (made + count > limits.nodes) { spent = true; return false; }
      made += count;
      return true;
    },
    made: () => made,
    spent: () => spent,
    refuse: (file, place, use, limit) => {
      spent = true;
      if (reported) return [];
      reported = true;
      const why = limit === 'nodes'
        ? `maakt de pagina groter dan ${thousands(limits.nodes)} elementen en tekstdelen`
        : `staat meer dan ${limits.depth} niveaus diep in wat sjablonen en gedeelde stukken maken`;
      return [error('mdx-expansion-limit', file, place,
        `${use} ${why}: sjablonen (\`export const\`), gedeelde stukken en herhaalde \`{children}\` die elkaar gebruiken, vermenigvuldigen wat ze maken. De build maakt deze pagina niet verder af. Gebruik ze minder vaak in elkaar, of verhoog \`mdx.expansionLimit\` in de siteconfiguratie als de pagina echt zo groot is.`)];
    },
  };
}

/** 100000 as 100.000, whatever the machine's locale. */
const thousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** A budget without limits: for trying out a template's body once, at its export. */
export const unlimited: ExpansionBudget = expansionBudget({ nodes: Infinity, depth: Infinity });

/**
 * The syntax nodes in `value` (objects with a `type`: Markdown and JSX nodes,
 * and the expressions their attributes hold): what copying it makes. Walked
 * with a stack of its own, so a deep tree cannot overflow the call stack.
 */
export function nodeCount(value: object): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item !== 'object' || item === null) continue;
    if (Array.isArray(item)) { for (const x of item) stack.push(x); continue; }
    const record = item as Record<string, unknown>;
    if (typeof record.type === 'string') count++;
    for (const key in record) if (key !== 'position' && key !== 'loc' && key !== 'range') stack.push(record[key]);
  }
  return count;
}
