// `npm run dev`: the gateway recompiled and restarted on change (tsc --watch + node --watch)
// and Vite's dev server (http://localhost:VITE_PORT, default 5173) proxying /graphql, /api and /uploads to it
// (http://localhost:PORT, default 4000).
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const first = spawnSync(npm, ['run', 'build', '-w', 'gateway', '--silent'], { cwd: root, stdio: 'inherit' });
if (first.status !== 0) process.exit(first.status ?? 1);

const children = [
  spawn(npm, ['run', 'dev', '-w', 'gateway', '--silent'], { cwd: root, stdio: 'inherit' }),
  spawn(process.execPath, ['--watch-path=gateway/dist', 'gateway/dist/main.js'], { cwd: root, stdio: 'inherit' }),
  spawn(npm, ['run', 'dev', '-w', 'web', '--silent'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, GATEWAY_URL: `http://localhost:${process.env.PORT || 4000}` },
  }),
];

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill(signal);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) child.on('exit', () => stop('SIGTERM'));
