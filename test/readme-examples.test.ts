// The README's wallet, publisher and Electrum examples, and docs/publisher.md's, run as written (imports from
// 'komodo-cc' pointed at the sources; a journal file goes to a temporary directory).
import { describe, expect, test } from 'vitest'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const tsBlocks = (file: string) =>
  [...readFileSync(resolve(__dirname, '..', file), 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!)
const blocks = tsBlocks('README.md').filter((b) => b.includes('createWallet') && !b.includes('createOraclePublisher'))
const publisherBlocks = [
  ...tsBlocks('README.md').filter((b) => b.includes('createOraclePublisher')),
  tsBlocks('docs/publisher.md')[0]!,
]
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

describe('the publisher examples (README, docs/publisher.md)', () => {
  test('there are two', () => expect(publisherBlocks.length).toBe(2))
  for (const [i, b] of publisherBlocks.entries())
    test(`example ${i + 1} publishes its samples, each confirmed once`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'komodo-cc-pub-'))
      const file = join(dir, `example-${i}.ts`)
      const logged: unknown[] = []
      const log = console.log
      console.log = (...a: unknown[]) => void logged.push(a)
      try {
        writeFileSync(
          file,
          b
            .replaceAll("from 'komodo-cc'", `from '${root}'`)
            .replaceAll("'pub.json'", JSON.stringify(join(dir, 'pub.json'))),
        )
        await import(pathToFileURL(file).href)
      } finally {
        console.log = log
        rmSync(dir, { recursive: true, force: true })
      }
      const status = logged.at(-1) as [{ published: number; confirmed: number }]
      expect(status[0].published).toBeGreaterThan(0)
      expect(status[0].confirmed).toBe(status[0].published)
    }, 60_000)
})
