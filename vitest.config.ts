import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    pool: 'threads',
    setupFiles: [
      'test/_util/env-setup.ts',
      'test/_util/fc-setup.ts',
      'test/_util/komodod-judge.ts',
      'test/_util/seed-setup.ts',
    ],
  },
  bench: {
    include: ['bench/**/*.bench.ts'],
  },
})
