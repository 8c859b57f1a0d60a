/**
 * Components a page defines itself (pipeline/stages/markdown/mdx-local-components.ts):
 * filled in as templates at each use, never run; what is no template stays
 * an mdx-export error at its statement, and what the template makes is held
 * to the page's own rules.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { codes, html, render } from './mdx-page.ts';
import fc from 'fast-check';
import { parseFragment } from 'parse5';

const local = suite('mdx: components a page defines');

local('should fill in props, props.x, defaults and Markdown children, in text and on a line of its own', () => {
  const { content, problems } = render(`export const Label = ({children, soort = 'info'}) => <span className={\`label label-\${soort}\`}>{children}</span>;

export function Blok(props) {
  return (
    <div aria-label={props.titel}>
      <h2>{props.titel}</h2>
      {props.children}
    </div>
  );
}

Een <Label>gewoon</Label> en een <Label soort="let-op">**vet**</Label> label.

<Blok titel="Over dit blok">

Tekst met een [link](./doel.md).

</Blok>
`);
  assert.equal(codes(problems), []);
  assert.is(html(content.body),
    '<p>Een <span class="label label-info">gewoon</span> en een <span class="label label-let-op"><strong>vet</strong></span> label.</p>\n'
    + '<div aria-label="Over dit blok"><h2>Over dit blok</h2><p>Tekst met een <a href="/docs/doel">link</a>.</p></div>');
});

local('should pass a template\'s components on to the page\'s imports, and a prop as a static attribute', () => {
  const { content, problems } = render(`import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

export const Twee = ({eerste, tweede}) => (
  <Tabs values={[{label: eerste, value: 'a'}, {label: tweede, value: 'b'}]}>
    <TabItem value="a">{eerste}</TabItem>
    <TabItem value="b">{tweede}</TabItem>
  </Tabs>
);

<Twee eerste="Links" tweede="Rechts" />
`);
  assert.equal(codes(problems), []);
  assert.is(html(content.body), '<Tabs values={[{"label":"Links","value":"a"},{"label":"Rechts","value":"b"}]}><TabItem value="a">Links</TabItem><TabItem value="b">Rechts</TabItem></Tabs>');
});

local('should refuse what is no template as before: code in the body, a second statement, a spread, a call', () => {
  const { problems } = render(`export const Reken = ({a}) => <span>{a + 1}</span>;

export const Twee = ({a}) => { const b = a; return <span>{b}</span>; };

export const Spreid = (props) => <span {...props} />;

export const Roep = ({a}) => <span title={String(a)}>x</span>;

export const Hook = () => { return useState(0); };
`);
  assert.equal(codes(problems), ['1:1 error mdx-export', '3:1 error mdx-export', '5:1 error mdx-export', '7:1 error mdx-export', '9:1 error mdx-export']);
  assert.match(problems[0]!.message, /Deze export \(een functie\) wordt niet ondersteund/);
});

local('should hold what a template makes to the page\'s rules, at each use', () => {
  const { content, problems } = render(`export const Kwaad = ({naar}) => <a href={naar} onClick={() => 1} style={{color: 'red'}}>klik</a>;

<Kwaad naar="javascript:alert(1)" />

Goed: <Kwaad naar="./doel.md" />
`);
  assert.equal(codes(problems), ['3:1 warning mdx-handler-dropped', '3:1 warning mdx-style-ignored', '3:1 error unsafe-html', '5:7 warning mdx-handler-dropped', '5:7 warning mdx-style-ignored']);
  assert.not.match(html(content.body), /javascript|onclick|style/i);
});

local('should refuse a component that makes itself again, at its use, instead of filling it in forever', () => {
  const { problems } = render(`export const Zelf = ({children}) => <em><Zelf>{children}</Zelf></em>;

<Zelf>tekst</Zelf>
`);
  assert.equal(codes(problems), ['3:1 error mdx-expression']);
  assert.match(problems[0]!.message, /<Zelf> kan hier niet gemaakt worden: <Zelf> maakt zichzelf opnieuw \(Zelf → Zelf\)/);
});

local('should never run or throw, and keep a prop\'s text as text, whatever the props and the template hold (property)', () => {
  const trap = globalThis as { gevangen?: boolean };
  const values = fc.oneof(fc.string(), fc.constantFrom('<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', 'javascript:alert(1)', '${globalThis.gevangen = true}', '{', '}', '</Kaart>'));
  const attributeOf = fc.constantFrom('title={kleur}', 'title={`${kleur}-${soort}`}', 'className={soort}', 'style={{color: kleur}}', 'onClick={() => { globalThis.gevangen = true; }}', 'href={kleur}', 'data-x={[kleur, 1]}', 'title={String(kleur)}', '{...rest}');
  const bodyOf = fc.constantFrom('{children}', '{kleur}', '<b>{children}</b>', '{kleur}{soort}{children}', '{globalThis.gevangen = true}', '{children.length}');
  fc.assert(fc.property(values, values, values, attributeOf, bodyOf, fc.boolean(), (kleur, soort, tekst, attribute, inner, flow) => {
    const prop = (v: string) => JSON.stringify(v);
    const use = `<Sjabloon kleur={${prop(kleur)}} soort={${prop(soort)}}>{${prop(tekst)}}</Sjabloon>`;
    const md = `export const Sjabloon = ({children, kleur, soort, ...rest}) => <span ${attribute}>${inner}</span>;\n\n${flow ? use : `Tekst ${use} tekst.`}\n`;
    const { content, problems } = render(md);
    assert.is(trap.gevangen, undefined);
    // Read back as a browser parses it: no script, no event attribute, no script address.
    const elements: { tagName: string; attrs: { name: string; value: string }[] }[] = [];
    const walkTree = (node: { tagName?: string; attrs?: { name: string; value: string }[]; childNodes?: unknown[] }) => {
      if (node.tagName) elements.push({ tagName: node.tagName, attrs: node.attrs ?? [] });
      for (const child of node.childNodes ?? []) walkTree(child as never);
    };
    walkTree(parseFragment(html(content.body)) as never);
    assert.not.ok(elements.some((e) => e.tagName === 'script' || e.tagName === 'img'));
    assert.not.ok(elements.some((e) => e.attrs.some((a) => /^on/i.test(a.name) || /^\s*javascript:/i.test(a.value))));
    for (const p of problems) assert.ok(p.line >= 1 && p.line <= 3, `${p.code} at ${p.line}`);
    assert.not.ok(problems.some((p) => p.code === 'content-unprocessable'));
  }), { numRuns: 300 });
});

local.run();
