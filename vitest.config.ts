import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Four suites: pure units (node), UI components (jsdom), the API suite
// against a real Directus started once by its global setup, and the
// production topology (nginx, two Directus, PostgreSQL, Redis).
export default defineConfig({
  test: {
    // A forgotten `.only` must not shrink the suite in CI.
    allowOnly: !process.env.CI,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['domain/**/*.test.ts', 'directus/**/*.test.ts', 'scripts/**/*.test.ts', 'ops/**/*.test.ts', 'builder/**/*.test.ts', 'edge/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['site/src/**/*.test.{ts,tsx}', 'admin/src/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          setupFiles: ['tests/support/ui-setup.ts'],
          // Typing into the editor with userEvent takes seconds on a busy machine (CI runs the
          // PostgreSQL API suite beside this one): a time limit is not what these tests prove.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/global-setup.ts'],
          // One Directus for all files; sequential files keep counts (likes, builds) exact.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'prod',
          environment: 'node',
          include: ['tests/prod/**/*.test.ts'],
          globalSetup: ['tests/prod/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
