// CI: regenerate schema.graphql and web/src/gql/ and fail when that changes them. On a clean checkout (CI) that is
// "the checked-in copies are stale"; locally, files regenerated and not committed yet pass, with a reminder.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const GENERATED = ['schema.graphql', 'web/src/gql'];
const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
/** Every generated file's text by path (a folder's files, one level: codegen writes no subfolders). */
const snapshot = () => {
  const files = new Map();
  for (const path of GENERATED) {
    const full = join(root, path);
    if (!existsSync(full)) continue;
    const names = path.endsWith('.graphql') ? [path] : readdirSync(full).map((name) => `${path}/${name}`);
    for (const name of names) files.set(name, readFileSync(join(root, name), 'utf8'));
  }
  return files;
};

const before = snapshot();
run('npm', ['run', 'schema', '--silent']);
run('npm', ['run', 'codegen', '--silent']);
const after = snapshot();
const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
  (path) => before.get(path) !== after.get(path),
);
if (changed.length > 0) {
  console.error(
    '\nGenerated files were stale: `npm run schema && npm run codegen` changed them (now regenerated; commit them):\n' +
      changed.map((path) => `  ${path}`).join('\n'),
  );
  process.exit(1);
}
const uncommitted = spawnSync('git', ['status', '--porcelain', '--', ...GENERATED], { cwd: root, encoding: 'utf8' });
if (uncommitted.stdout.trim()) {
  console.log(`Generated files are up to date but not committed yet:\n${uncommitted.stdout}`);
} else {
  console.log('schema.graphql and web/src/gql are up to date');
}
