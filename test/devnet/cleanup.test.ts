// What a stopped devnet leaves on disk: nothing of its own temporary directory (the conf file in it holds the RPC
// credentials of a server that is gone), and, with a caller's dataDir, the conf file only when not asked to remove it.
import { describe, expect, test } from 'vitest'
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startTestDevnet } from '../_util/devnet.js'

const tmp = () => mkdtempSync(join(tmpdir(), 'devnet-cleanup-'))
/** The devnet temporary directories in tmpdir() whose conf file holds `password`. */
const confsWith = (password: string): string[] =>
  readdirSync(tmpdir())
    .filter((d) => d.startsWith('komodo-cc-devnet-'))
    .flatMap((d) => {
      try {
        return readdirSync(join(tmpdir(), d)).map((f) => join(tmpdir(), d, f))
      } catch {
        return []
      }
    })
    .filter((f) => {
      try {
        return readFileSync(f, 'utf8').includes(`rpcpassword=${password}`)
      } catch {
        return false
      }
    })

describe('devnet cleanup', () => {
  test('without dataDir: a fresh temporary directory with the conf file while it runs, removed by stop()', async () => {
    const dev = await startTestDevnet()
    expect(dirname(dev.dataDir)).toBe(tmpdir())
    expect(basename(dev.dataDir)).toMatch(/^komodo-cc-devnet-/)
    expect(readFileSync(dev.confPath, 'utf8')).toContain(`rpcpassword=${dev.password}`)
    expect(confsWith(dev.password)).toEqual([dev.confPath])
    await dev.stop()
    expect(existsSync(dev.dataDir)).toBe(false)
    expect(confsWith(dev.password)).toEqual([])
  })
  test('without dataDir: the stop RPC removes it too', async () => {
    const dev = await startTestDevnet()
    expect(await dev.rpc.call('stop')).toBe('Komodo server stopping')
    await dev.closed
    expect(existsSync(dev.dataDir)).toBe(false)
  })
  test('without dataDir: a process that exits without stop() still removes it', async () => {
    const server = fileURLToPath(new URL('../../src/devnet/server.ts', import.meta.url))
    const script = `import { startDevnet } from ${JSON.stringify(server)}
const dev = await startDevnet()
process.stdout.write(dev.dataDir + '\\n', () => process.exit(0))`
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_OPTIONS: '' },
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (c: Buffer) => void (out += String(c)))
    child.stderr.on('data', (c: Buffer) => void (err += String(c)))
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)))
    expect({ code, err }).toEqual({ code: 0, err: '' })
    const dir = out.trim()
    expect(basename(dir)).toMatch(/^komodo-cc-devnet-/)
    expect(existsSync(dir)).toBe(false)
  }, 30_000)
  test("a caller's dataDir is never removed; its conf file stays unless removeConf", async () => {
    const dir = tmp()
    writeFileSync(join(dir, 'mine.txt'), 'the caller’s file')
    const a = await startTestDevnet({ dataDir: dir, chain: 'KEEP', dataFile: join(dir, 'chain.json') })
    await a.stop()
    expect(readdirSync(dir).sort()).toEqual(['KEEP.conf', 'chain.json', 'mine.txt'])
    const b = await startTestDevnet({
      dataDir: dir,
      chain: 'KEEP',
      dataFile: join(dir, 'chain.json'),
      removeConf: true,
    })
    expect(readFileSync(b.confPath, 'utf8')).toContain(`rpcpassword=${b.password}`)
    await b.stop()
    expect(readdirSync(dir).sort()).toEqual(['chain.json', 'mine.txt'])
  })
  test('removeConf leaves a conf file another devnet has written since', async () => {
    const dir = tmp()
    const a = await startTestDevnet({ dataDir: dir, chain: 'TWICE', removeConf: true })
    const b = await startTestDevnet({ dataDir: dir, chain: 'TWICE', removeConf: true })
    try {
      await a.stop()
      expect(readFileSync(b.confPath, 'utf8')).toContain(`rpcpassword=${b.password}`)
    } finally {
      await b.stop()
    }
    expect(readdirSync(dir)).toEqual([])
  })
  test('removeConf must be a boolean', async () => {
    await expect(startTestDevnet({ removeConf: 'yes' as unknown as boolean })).rejects.toMatchObject({ code: 'DEVNET' })
  })
})
