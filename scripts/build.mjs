// Builds the gateway (tsc) and the web app (vite), or only the parts named on the command line
// (`node scripts/build.mjs gateway`). With --if-needed, a part is rebuilt only when one of its
// sources is newer than its build output, or its dependencies changed, so `npm install` leaves a
// runnable product and `npm start` starts in seconds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
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

// The package manifests count by their content, not their time: `npm install` rewrites package-lock.json
// every time, even when no dependency changed. Their digest is kept next to the build output.
function manifestsDigest(part) {
  const hash = createHash('sha256');
  for (const file of part.manifests) {
    const path = join(root, file);
    hash.update(`${file}\0${existsSync(path) ? readFileSync(path, 'utf8') : ''}\0`);
  }
  return hash.digest('hex');
}

const manifests = ['package.json', 'package-lock.json'];
const parts = [
  {
    name: 'gateway',
    sources: ['gateway/src', 'gateway/tsconfig.json', 'gateway/tsconfig.build.json', 'tsconfig.json'],
    manifests: [...manifests, 'gateway/package.json'],
    output: 'gateway/dist/main.js',
    stamp: 'gateway/dist/.manifests.sha256',
    entry: 'gateway/src/main.ts',
  },
  {
    name: 'web',
    sources: [
      'web/src',
      'web/tools',
      'web/index.html',
      'web/public',
      'web/vite.config.ts',
      'web/tsconfig.json',
      'tsconfig.json',
    ],
    manifests: [...manifests, 'web/package.json'],
    output: 'web/dist/index.html',
    stamp: 'web/dist/.manifests.sha256',
    entry: 'web/index.html',
  },
];

const named = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const unknown = named.filter((name) => !parts.some((part) => part.name === name));
if (unknown.length > 0) {
  console.error(`[build] no part named ${unknown.join(', ')} (parts: ${parts.map((part) => part.name).join(', ')})`);
  process.exit(2);
}

for (const part of parts) {
  if (named.length > 0 && !named.includes(part.name)) continue;
  const output = join(root, part.output);
  const stamp = join(root, part.stamp);
  const digest = manifestsDigest(part);
  if (ifNeeded && existsSync(output)) {
    // The newest file of the output, not the entry alone: `npm run dev`'s tsc --watch rewrites only what changed, and
    // a rebuild of the whole gateway under it restarts the dev server (and races it for the database).
    const built = newestMtime(dirname(output));
    const changed = Math.max(...part.sources.map((s) => newestMtime(join(root, s))));
    const sameDependencies = existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === digest;
    if (changed <= built && sameDependencies) continue;
  }
  if (!existsSync(join(root, part.entry)) || !existsSync(join(root, 'node_modules'))) continue;
  console.log(`[build] ${part.name}`);
  const result = spawnSync('npm', ['run', 'build', '-w', part.name, '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(`${stamp}.tmp`, `${digest}\n`);
  renameSync(`${stamp}.tmp`, stamp);
}
