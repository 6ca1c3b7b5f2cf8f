// The journal is checked before anything is sent (issue 28, findings 5 and 6, and "a journal restored from an older
// copy re-publishes later samples"): an entry is re-sent only when it is this publisher's own oraclesdata for the
// record it names; a second publisher on one journal file is refused in the same process too; a journal older than
// the chain is refused with a message saying so.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { sha256 } from '../../src/hash/index.js'
import { parseTransaction, serializeTransaction, txidOfBytes } from '../../src/tx/codec.js'
import { KomodoCcError } from '../../src/errors.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { createOraclePublisher, memoryJournalStorage } from '../../src/publisher/index.js'
import { fileJournal } from '../../src/publisher/file-journal.js'
import type { WalletResult } from '../../src/wallet/index.js'
import { fundedKey, registeredOracle, subscribe, type Publisher } from './_setup.js'

let dev: Devnet
let P: Publisher
let Q: Publisher
let A: string // format L, P and Q both registered
const record = (n: number) => {
  const b = new Uint8Array(8)
  new DataView(b.buffer).setBigUint64(0, BigInt(n), true)
  return bytesToHex(b)
}
const hashOf = (hex: string) => bytesToHex(sha256(hexToBytes(hex)))
/** A journal of P on A with one signed entry. */
const journalWith = (entry: { txid: string; hex: string; hash: string }) =>
  memoryJournalStorage(
    JSON.stringify({
      version: 1,
      oracletxid: A,
      pubkey: P.pub,
      next: 1,
      compacted: 0,
      entries: [{ seq: 0, ...entry, state: 'signed' }],
    }),
  )
const refused = async (p: Promise<unknown>, code: string) => {
  const e = await p.then(
    (x) => x,
    (x: unknown) => x,
  )
  expect(e).toBeInstanceOf(KomodoCcError)
  expect((e as KomodoCcError).code).toBe(code)
  return e as KomodoCcError
}
const start = (journal: ReturnType<typeof memoryJournalStorage>) =>
  createOraclePublisher({ oracletxid: A, privateKey: P.priv, view: dev.view, journal, pollMs: 0 })

beforeAll(async () => {
  dev = await startTestDevnet({ privateKey: '41'.repeat(32) })
  P = await fundedKey(dev, 'journal P')
  Q = await fundedKey(dev, 'journal Q')
  A = await registeredOracle(dev, P, 'L')
  await Q.wallet.oraclesfund(A)
  await dev.mine(1)
  await Q.wallet.oraclesregister(A, 10000n)
  await dev.mine(1)
  await subscribe(dev, A, P, 20)
  await subscribe(dev, A, Q, 20)
}, 60_000)
afterAll(() => dev.stop())

describe("an entry is re-sent only when it is this publisher's oraclesdata for its record", () => {
  test("another key's oraclesdata for the same oracle: JOURNAL_INVALID, nothing sent", async () => {
    const r = (await Q.wallet.oraclesdata(A, record(1), { broadcast: false })) as WalletResult
    const e = await refused(
      start(journalWith({ txid: r.txid, hex: r.hex, hash: hashOf(record(1)) })),
      'JOURNAL_INVALID',
    )
    expect(e.details).toMatchObject({ seq: 0, txid: r.txid })
    expect(dev.chain.txs.has(r.txid)).toBe(false)
  })

  test('hex that does not hash to the txid, a record that is not the one hashed: JOURNAL_INVALID, nothing sent', async () => {
    const r = (await P.wallet.oraclesdata(A, record(2), { broadcast: false })) as WalletResult
    await refused(start(journalWith({ txid: 'ab'.repeat(32), hex: r.hex, hash: hashOf(record(2)) })), 'JOURNAL_INVALID')
    await refused(start(journalWith({ txid: r.txid, hex: r.hex, hash: hashOf(record(3)) })), 'JOURNAL_INVALID')
    expect(dev.chain.txs.has(r.txid)).toBe(false)
  })

  test('a signature that does not verify (one byte of the fee input changed): JOURNAL_INVALID, nothing sent', async () => {
    const r = (await P.wallet.oraclesdata(A, record(4), { broadcast: false })) as WalletResult
    const tx = parseTransaction(hexToBytes(r.hex))
    const sig = tx.vin[0]!.scriptSig.slice()
    sig[10] = sig[10]! ^ 1
    const forged = serializeTransaction({ ...tx, vin: tx.vin.map((v, i) => (i === 0 ? { ...v, scriptSig: sig } : v)) })
    const txid = txidOfBytes(forged)
    const e = await refused(
      start(journalWith({ txid, hex: bytesToHex(forged), hash: hashOf(record(4)) })),
      'JOURNAL_INVALID',
    )
    expect(e.message).toMatch(/not signed/)
    expect(dev.chain.txs.has(txid)).toBe(false)
  })

  test('its own signed entry is sent at start (the same bytes)', async () => {
    const r = (await P.wallet.oraclesdata(A, record(5), { broadcast: false })) as WalletResult
    const pub = await start(journalWith({ txid: r.txid, hex: r.hex, hash: hashOf(record(5)) }))
    expect(dev.chain.mempool).toContain(r.txid)
    await pub.close()
    await dev.mine(1)
  })
})

describe('a journal older than the chain', () => {
  test('restored from an older copy: refused with a message saying so, nothing re-published', async () => {
    const journal = memoryJournalStorage()
    const pub = await start(journal)
    await pub.publish({ record: record(10) })
    const older = journal.text!
    await pub.publish({ record: record(11) })
    await pub.publish({ record: record(12) })
    await pub.close()
    await dev.mine(1)
    const mempool = [...dev.chain.mempool]
    const e = await refused(start(memoryJournalStorage(older)), 'JOURNAL_INVALID')
    expect(e.message).toMatch(/older than the chain/)
    expect(e.details).toMatchObject({ ahead: 2 })
    expect(dev.chain.mempool).toEqual(mempool)
    // the newest journal starts
    const newest = await start(memoryJournalStorage(journal.text!))
    await newest.close()
  })
})

describe('one journal, one publisher', () => {
  test('a second publisher on the same journal file in the same process: JOURNAL_LOCKED until the first closes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'journal-lock-'))
    try {
      const path = join(dir, 'pub.json')
      const first = await createOraclePublisher({
        oracletxid: A,
        privateKey: P.priv,
        view: dev.view,
        journal: fileJournal(path),
        pollMs: 0,
      })
      await refused(
        createOraclePublisher({
          oracletxid: A,
          privateKey: P.priv,
          view: dev.view,
          journal: fileJournal(path),
          pollMs: 0,
        }),
        'JOURNAL_LOCKED',
      )
      await first.close()
      const second = await createOraclePublisher({
        oracletxid: A,
        privateKey: P.priv,
        view: dev.view,
        journal: fileJournal(path),
        pollMs: 0,
      })
      await second.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
