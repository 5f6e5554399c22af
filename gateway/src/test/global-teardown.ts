import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const pg = (globalThis as { __checkpointPg?: { stop: () => Promise<void>; dataDir: string } }).__checkpointPg;
  if (!pg) return;
  await pg.stop();
  rmSync(pg.dataDir, { recursive: true, force: true });
}
