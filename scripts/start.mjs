// `npm start`: build whatever is missing or stale, then run the gateway in this very
// process (no nested npm), so Ctrl-C and SIGTERM reach it and it stops PostgreSQL.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--if-needed'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

process.chdir(root);
createRequire(import.meta.url)(join(root, 'gateway', 'dist', 'main.js'));

// npm does not pass SIGTERM on to the script it runs: when npm goes away, this process is
// re-parented. Under `npm start`, treat that as SIGTERM, so the gateway still drains and stops
// PostgreSQL. Started any other way (`nohup node scripts/start.mjs &` from a shell that then
// exits, a service manager), a parent that goes away is no reason to stop.
if (process.env.npm_lifecycle_event === 'start') {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
  }, 500).unref();
}
