import { runBuild } from '../pipeline/schedule/schedule.ts';
import fs from 'node:fs';
const dir = process.argv[2]!;
const built = await runBuild({ content: dir + '/content', config: dir + '/dist-config/site.yml', mode: 'production', render: true, cacheDir: dir + '/.cache' });
console.log(built.problems.map((p) => `${p.code} ${p.file} ${p.message}`).join('\n'));
console.log(built.files.map((f) => f.path).filter((p) => /them|alle/.test(p)));
console.log(String(built.files.find((f) => f.path === 'alle-documenten/index.html')?.data).match(/<main.*<\/main>/s)?.[0].slice(0, 1500));
