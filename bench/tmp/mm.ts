import fs from 'node:fs';
import { renderDiagrams } from '../../pipeline/io/mermaid.ts';
import { contentHash } from '../../pipeline/assets.ts';
const diagrams: string[] = JSON.parse(fs.readFileSync('/tmp/mm/diagrams.json', 'utf8'));
fs.rmSync('/tmp/mm/cache', { recursive: true, force: true });
const t = performance.now();
const r = await renderDiagrams(new Map(diagrams.map((d) => [contentHash(d, 16), d])), '/tmp/mm/cache');
console.log(r?.size, Math.round(performance.now() - t), 'ms');
