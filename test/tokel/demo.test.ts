// `npm run demo`'s Tokel step: an NFT's life on a TKLTEST devnet (create with data, transfer, ask, fill with the
// royalty paid, ask, cancel), every step behaving; the chain is judged by Tokel's oracle after the file.
import { expect, test } from 'vitest'
import { runTokelNftDemo } from '../../src/devnet/tokel-demo.js'

test('the NFT step runs and prints each step, the royalty paid to the creator', async () => {
  let out = ''
  const r = await runTokelNftDemo({ stdout: (t) => void (out += t), stderr: (t) => void (out += t) })
  expect(r.ok).toBe(true)
  for (const step of ['tokenv2createtokel', 'tokenv2transfer', 'tokenv2ask', 'tokenv2fillask', 'tokenv2cancelask'])
    expect(out).toContain(step)
  expect(out).toContain('1.80000000 to alice, royalty 0.20000000 to the creator')
}, 60_000)
