import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests: the production build served by the real gateway, in Debian's Chromium. Each worker starts a gateway
 * of its own on a fresh demo database (the `gateway` fixture of e2e/fixtures.ts), on port `E2E_PORT` + its index.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: './.output/results',
  fullyParallel: false,
  workers: Number.parseInt(process.env.E2E_WORKERS ?? '', 10) || 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Generous: two workers share this machine's 2 CPUs with their gateways, and a test's first page waits on the other
  // worker's gateway starting up. The longest journey (sign-up to password change) took 31 to 36 s in CI runs on a slow
  // 2-CPU machine; before traces dropped their screencast, 52 to 57 s, and once over 60 s on a slower day. A passing
  // test takes no longer for it.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { outputFolder: './.output/report', open: 'never' }]],
  use: {
    ...devices['Desktop Chrome'],
    // A failed test keeps its trace: every action with the page's DOM before and after, its network and console. Not
    // the screencast: recording it for every test cost a quarter of the browser stage's CPU on a 2-CPU machine (the
    // failure's screenshot is still taken).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
