// The files the devnet writes hold secrets (the data file the wallet key, the conf file the RPC password): 0600,
// from the moment they exist.
import { describe, expect, test, vi } from 'vitest'
import * as fs from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startTestDevnet } from '../_util/devnet.js'
import { writeFileAtomic } from '../../src/devnet/persist.js'

// every call passes through to the real file system; the spies only watch how files are created
vi.mock('node:fs', async (importOriginal) => {
  const m = await importOriginal<typeof import('node:fs')>()
  return {
    ...m,
    openSync: vi.fn(m.openSync),
    chmodSync: vi.fn(m.chmodSync),
    fchmodSync: vi.fn(m.fchmodSync),
    writeFileSync: vi.fn(m.writeFileSync),
  }
})

const mode = (path: string): number => fs.statSync(path).mode & 0o777
const tmp = () => fs.mkdtempSync(join(tmpdir(), 'devnet-mode-'))

describe('devnet files are 0600', () => {
  test('the data file and the conf file are 0600 while the devnet runs, also over older 0644 files', async () => {
    const dir = tmp()
    const dataFile = join(dir, 'chain.json')
    const a = await startTestDevnet({ dataFile, dataDir: dir, chain: 'MODES' })
    try {
      expect(mode(dataFile)).toBe(0o600)
      expect(mode(a.confPath)).toBe(0o600)
      await a.mine(1)
      expect(mode(dataFile)).toBe(0o600)
    } finally {
      await a.stop()
    }
    expect(mode(dataFile)).toBe(0o600)
    // files left 0644 by an older version are replaced by 0600 ones
    fs.chmodSync(dataFile, 0o644)
    fs.chmodSync(a.confPath, 0o644)
    const b = await startTestDevnet({ dataFile, dataDir: dir, chain: 'MODES' })
    try {
      expect(mode(b.confPath)).toBe(0o600)
      expect(mode(dataFile)).toBe(0o600)
    } finally {
      await b.stop()
    }
  })
  test('every write creates a fresh temporary file exclusively (wx) with mode 0600: nothing is chmod-ed afterwards, no file is written in place', async () => {
    const dir = tmp()
    const dataFile = join(dir, 'chain.json')
    const openSync = vi.mocked(fs.openSync)
    openSync.mockClear()
    vi.mocked(fs.chmodSync).mockClear()
    vi.mocked(fs.fchmodSync).mockClear()
    vi.mocked(fs.writeFileSync).mockClear()
    const dev = await startTestDevnet({ dataFile, dataDir: dir, chain: 'FRESH', sync: true })
    await dev.mine(1)
    await dev.stop()
    const creations = openSync.mock.calls.filter(([p]) => String(p).includes('.tmp-'))
    const paths = creations.map(([p]) => String(p))
    // the conf file, the data file at start, after the block and at stop
    expect(paths.filter((p) => p.startsWith(`${dataFile}.tmp-`))).toHaveLength(3)
    expect(paths.filter((p) => p.startsWith(`${dev.confPath}.tmp-`))).toHaveLength(1)
    expect(new Set(paths).size).toBe(paths.length)
    for (const [, flags, m] of creations) expect([flags, m]).toEqual(['wx', 0o600])
    expect(fs.chmodSync).not.toHaveBeenCalled()
    expect(fs.fchmodSync).not.toHaveBeenCalled()
    expect(fs.writeFileSync).not.toHaveBeenCalled()
    expect(fs.readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([])
  })
  test('writeFileAtomic: a failed write leaves the old content and no temporary file, and says why with DEVNET', () => {
    const dir = tmp()
    const path = join(dir, 'f.json')
    writeFileAtomic(path, 'old', { sync: true })
    expect(fs.readFileSync(path, 'utf8')).toBe('old')
    fs.mkdirSync(join(dir, 'blocker'))
    // renaming a file over a directory fails
    expect(() => writeFileAtomic(join(dir, 'blocker'), 'new')).toThrow(
      expect.objectContaining({ code: 'DEVNET', details: expect.objectContaining({ reason: 'EISDIR' }) }),
    )
    expect(fs.readdirSync(dir).sort()).toEqual(['blocker', 'f.json'])
    expect(fs.readFileSync(path, 'utf8')).toBe('old')
  })
})
