// Builds the gateway (tsc) and the web app (vite). With --if-needed, a part is
// rebuilt only when one of its sources is newer than its build output, so
// `npm install` leaves a runnable product and `npm start` starts in seconds.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ifNeeded = process.argv.includes('--if-needed');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const parts = [
  {
    name: 'gateway',
    sources: ['gateway/src', 'gateway/tsconfig.json', 'gateway/tsconfig.build.json', 'tsconfig.json'],
    output: 'gateway/dist/main.js',
    entry: 'gateway/src/main.ts',
  },
  {
    name: 'web',
    sources: ['web/src', 'web/tools', 'web/index.html', 'web/public', 'web/vite.config.ts', 'web/tsconfig.json'],
    output: 'web/dist/index.html',
    entry: 'web/index.html',
  },
];

for (const part of parts) {
  const output = join(root, part.output);
  if (ifNeeded && existsSync(output)) {
    const built = statSync(output).mtimeMs;
    const changed = Math.max(...part.sources.map((s) => newestMtime(join(root, s))));
    if (changed <= built) continue;
  }
  if (!existsSync(join(root, part.entry)) || !existsSync(join(root, 'node_modules'))) continue;
  console.log(`[build] ${part.name}`);
  const result = spawnSync('npm', ['run', 'build', '-w', part.name, '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
