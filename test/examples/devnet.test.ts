import { expect, test } from 'vitest'
import { devnetExample } from '../../examples/devnet.js'

test('README devnet example runs: four confirmed setup steps, the sample read back from the mempool', async () => {
  const r = await devnetExample()
  expect(r).toEqual({ height: 4, sample: ['6512345'] })
})
