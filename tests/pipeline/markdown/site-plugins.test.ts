import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { toHtml } from 'hast-util-to-html';
import type { Root as HastRoot } from 'hast';
import type { Heading, Root } from 'mdast';
import { renderMarkdown, type MarkdownContext } from '../../../pipeline/stages/markdown.ts';
import { heldToSafety, PluginTreePending, type PluginStep, type SitePluginSteps } from '../../../pipeline/stages/markdown/site-plugins.ts';
import { parseMarkdownBody } from '../../../pipeline/stages/parse.ts';
import type { MarkdownPlace } from '../../../pipeline/types.ts';

const test = suite('markdown: the site\'s remark and rehype plugins as steps');

const ctx: MarkdownContext = { permalinks: new Map(), drafts: new Set(), assets: new Map(), highlighter: null, diagrams: new Map() };

/** Steps that change the tree as a plugin would, and record the order they were asked in. */
function steps(places: ReadonlyArray<MarkdownPlace>, change: Partial<Record<PluginStep, (tree: Root | HastRoot) => Root | HastRoot>>, asked: PluginStep[] = []): SitePluginSteps {
  return { places: new Set(places), at: (step, tree) => { asked.push(step); return { tree: change[step]?.(tree) ?? tree, problems: [] }; } };
}

const render = (md: string, sitePlugins?: SitePluginSteps) =>
  renderMarkdown({ tree: parseMarkdownBody(md), path: 'docs/a.md', display: 'content/docs/a.md', permalink: '/docs/a', tocMin: 2, tocMax: 3 }, { ...ctx, ...(sitePlugins ? { sitePlugins } : {}) });

test('the steps are asked in Docusaurus\' order, the rehype ones for body and excerpt', () => {
  const asked: PluginStep[] = [];
  render('Intro.\n\n<!-- truncate -->\n\nRest.\n', steps(['beforeDefaultRemarkPlugins', 'remarkPlugins', 'beforeDefaultRehypePlugins', 'rehypePlugins'], {}, asked));
  assert.equal(asked, ['beforeDefaultRemarkPlugins', 'remarkPlugins', 'beforeDefaultRehypePlugins:body', 'rehypePlugins:body', 'beforeDefaultRehypePlugins:excerpt', 'rehypePlugins:excerpt']);
});

test('only the places the area has plugins for are asked', () => {
  const asked: PluginStep[] = [];
  render('Tekst.\n', steps(['rehypePlugins'], {}, asked));
  assert.equal(asked, ['rehypePlugins:body']);
});

test('a heading changed before our steps gets its id from the new text; one changed after keeps the old id', () => {
  const prefix = (tree: Root | HastRoot) => {
    const heading = (tree as Root).children.find((n): n is Heading => n.type === 'heading');
    heading?.children.unshift({ type: 'text', value: 'Stap 1: ' });
    return tree;
  };
  assert.equal(render('## Begin\n', steps(['beforeDefaultRemarkPlugins'], { beforeDefaultRemarkPlugins: prefix })).content.anchors, ['stap-1-begin']);
  const after = render('## Begin\n', steps(['remarkPlugins'], { remarkPlugins: prefix })).content;
  assert.equal(after.anchors, ['begin']);
  assert.match(toHtml(after.body), 'Stap 1: Begin');
});

test('a missing tree throws PluginTreePending with the step and the tree it was asked for', () => {
  const pending: SitePluginSteps = { places: new Set(['remarkPlugins']), at: (step, tree) => { throw new PluginTreePending(step, tree); } };
  try {
    render('Tekst.\n', pending);
    assert.unreachable();
  } catch (err) {
    assert.instance(err, PluginTreePending);
    assert.is((err as PluginTreePending).step, 'remarkPlugins');
    assert.is(((err as PluginTreePending).tree as Root).type, 'root');
  }
});

test('plugin output is held to site code\'s rules: script, handlers and script addresses go, each with a problem', () => {
  const tree: HastRoot = { type: 'root', children: [
    { type: 'element', tagName: 'script', properties: {}, children: [{ type: 'text', value: 'alert(1)' }] },
    { type: 'element', tagName: 'a', properties: { href: 'javascript:alert(2)', onClick: 'x()', className: ['knop'] }, children: [{ type: 'text', value: 'Klik' }] },
    { type: 'raw', value: '<iframe src="https://example.org"></iframe>' },
    { type: 'raw', value: '<b>vet</b>' },
  ] };
  const held = heldToSafety(tree, 'content/docs/a.md');
  assert.is(toHtml(held.tree, { allowDangerousHtml: true }), '<a class="knop">Klik</a><b>vet</b>');
  assert.is(held.problems.length, 4);
  assert.ok(held.problems.every((p) => p.code === 'site-markdown-plugin-failed' && p.file === 'content/docs/a.md'));
});

test('MDX a plugin makes after our MDX job shows its children in a plain element, its expressions left out, with one warning', () => {
  const addMdx = (tree: Root | HastRoot) => {
    (tree as Root).children.push(
      { type: 'mdxJsxFlowElement', name: 'Tabs', attributes: [{ type: 'mdxJsxAttribute', name: 'groupId', value: 'talen' }, { type: 'mdxJsxAttribute', name: 'x', value: { type: 'mdxJsxAttributeValueExpression', value: 'geheim()' } }], children: [{ type: 'paragraph', children: [{ type: 'text', value: 'Binnen' }] }] },
      { type: 'mdxFlowExpression', value: 'process.exit()' },
    );
    return tree;
  };
  const { content, problems } = render('Tekst.\n', steps(['remarkPlugins'], { remarkPlugins: addMdx }));
  const tabs = content.body.children.find((n) => n.type === 'mdxJsxFlowElement') as unknown as { name: string; attributes: Array<{ name: string }> };
  assert.is(tabs.name, 'Unknown$Tabs');
  assert.equal(tabs.attributes.map((a) => a.name), ['groupId']);
  assert.not.ok(content.body.children.some((n) => (n.type as string) === 'mdxFlowExpression'));
  assert.equal(problems.map((p) => [p.severity, p.code]), [['warning', 'site-markdown-plugin-failed']]);
  assert.match(problems[0]!.message, '<Tabs>');
});

test('a page whose plugins add nothing unsafe comes out of heldToSafety as it went in (property)', () => {
  fc.assert(fc.property(fc.array(fc.stringMatching(/^[a-z ]{0,12}$/), { maxLength: 6 }), (words) => {
    const { content } = render(words.map((w) => `Tekst ${w}.`).join('\n\n') || 'Leeg.', steps(['rehypePlugins'], {}));
    const plain = render(words.map((w) => `Tekst ${w}.`).join('\n\n') || 'Leeg.').content;
    assert.is(toHtml(content.body), toHtml(plain.body));
  }), { numRuns: 30 });
});

test.run();
