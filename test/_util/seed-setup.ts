// Prints the seed when a test that drew on it fails, with the command that replays the run (test/_util/seed.ts).
import { beforeEach } from 'vitest'
import { seedDrawn, TEST_SEED } from './seed.js'

beforeEach(({ onTestFailed, task }) => {
  onTestFailed(() => {
    if (seedDrawn())
      console.error(
        `\n${task.name}: failed under seed ${TEST_SEED}; replay with KOMODO_CC_SEED=${TEST_SEED} npx vitest run ${task.file.filepath}\n`,
      )
  })
})
