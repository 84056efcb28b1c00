import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    pool: 'forks',
    // A worker process runs its test files one after another in one module graph instead of a
    // fresh process each: importing the app (sharp, pdf-lib, Kysely, Fastify…) once per worker
    // rather than once per file halves the suite's time. Each file still builds its own app,
    // database and data dir (test/helpers/app.ts), and nothing in the suite mocks modules.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
