import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { isolatedFiles } from './scripts/test-groups.mjs'

// The files that take longest (most of it in child processes, the komodod judge and devnet work), started first so
// that no worker is left with one of them at the end of the run (docs/testing.md, "Suite time"). Longest first.
const LONG_FIRST = [
  'test/package/packed.test.ts',
  'test/publisher/crash.test.ts',
  'test/komodod/mutations.test.ts',
  'test/wallet/all-methods.test.ts',
  'test/devnet/cli-process.test.ts',
  'test/devnet/demo-remote.test.ts',
  'test/devnet/load.test.ts',
  'test/modules/tokens/resolve.test.ts',
  'test/wallet/discover.test.ts',
  'test/devnet/explorer.test.ts',
  'test/komodod/demo.test.ts',
  'test/devnet/dice.test.ts',
]

class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const rank = (f: TestSpecification): number => {
      const i = LONG_FIRST.findIndex((l) => f.moduleId.endsWith(l))
      return i < 0 ? LONG_FIRST.length : i
    }
    return sorted
      .map((f, i) => ({ f, i }))
      .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
      .map((x) => x.f)
  }
}

const isolated = isolatedFiles()

export default defineConfig({
  test: {
    testTimeout: 60_000,
    pool: 'threads',
    // vitest's default on 2 cores is 1 worker; most of a devnet test's time is spent waiting (child processes, the
    // judge, sockets), so 3 workers keep both cores busy
    maxWorkers: 3,
    sequence: { sequencer: LongFirst },
    setupFiles: [
      'test/_util/env-setup.ts',
      'test/_util/fc-setup.ts',
      'test/_util/komodod-judge.ts',
      'test/_util/seed-setup.ts',
    ],
    projects: [
      // most files share their worker's module graph (the library is imported once a worker, not once a file)
      {
        extends: true,
        test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: isolated, isolate: false },
      },
      // a file that mocks, fakes timers or spies gets a fresh module graph (scripts/test-groups.mjs)
      { extends: true, test: { name: 'isolated', include: isolated, isolate: true } },
    ],
  },
  bench: {
    include: ['bench/**/*.bench.ts'],
  },
})
