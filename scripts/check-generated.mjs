// CI: regenerate schema.graphql and web/src/gql/ and fail when the checked-in copies differ.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('npm', ['run', 'schema', '--silent']);
run('npm', ['run', 'codegen', '--silent']);
const diff = spawnSync('git', ['status', '--porcelain', '--', 'schema.graphql', 'web/src/gql'], {
  cwd: root,
  encoding: 'utf8',
});
if (diff.stdout.trim()) {
  console.error(
    '\nGenerated files are stale. Run `npm run schema && npm run codegen` and commit the result:\n' + diff.stdout,
  );
  spawnSync('git', ['--no-pager', 'diff', '--stat', '--', 'schema.graphql', 'web/src/gql'], {
    cwd: root,
    stdio: 'inherit',
  });
  process.exit(1);
}
console.log('schema.graphql and web/src/gql are up to date');
