// The README's wallet and Electrum examples run as written (imports from 'komodo-cc' pointed at the sources).
import { describe, expect, test } from 'vitest'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const readme = readFileSync(resolve(__dirname, '../README.md'), 'utf8')
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!).filter((b) => b.includes('createWallet'))
const root = pathToFileURL(resolve(__dirname, '../src/node.ts')).href

describe('README examples of the wallet and Electrum', () => {
  test('there are two', () => expect(blocks.length).toBe(2))
  for (const [i, b] of blocks.entries())
    test(`example ${i + 1} runs and prints what it says`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'komodo-cc-readme-'))
      const file = join(dir, `example-${i}.ts`)
      const logged: unknown[] = []
      const log = console.log
      console.log = (...a: unknown[]) => void logged.push(a)
      try {
        writeFileSync(file, b.replaceAll("from 'komodo-cc'", `from '${root}'`))
        await import(pathToFileURL(file).href)
      } finally {
        console.log = log
        rmSync(dir, { recursive: true, force: true })
      }
      expect(logged.length).toBe(1)
      if (i === 0) expect(logged[0]).toEqual([expect.objectContaining({ result: 'success', balance: 750n })])
      else expect(logged[0]).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/), expect.any(Number)])
    }, 60_000)
})
