// A pool of publishers in one process (issue 34): several oracles, one journal each, members of one key sharing its
// coins without spending one twice, one source call per sample in steady state, and a member that fails (at start,
// or its journal's storage later) failing alone, then recovering from its journal.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { batonPubkey, ccAddress } from '../../src/cc/address.js'
import { countingView } from '../../src/cctx/counting-view.js'
import { KomodoCcError } from '../../src/errors.js'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { createPublisherPool, memoryJournalStorage, type JournalStorage } from '../../src/publisher/index.js'
import { fundedKey, registeredOracle, subscribe, type Publisher } from './_setup.js'

let dev: Devnet
let A: Publisher
let B: Publisher
let oracles: { key: Publisher; id: string }[]

const onChain = async (oracle: string, p: Publisher): Promise<string[]> =>
  (
    (await dev.rpc.call('oraclessamples', [oracle, ccAddress(0xec, batonPubkey(p.priv)), '0'])) as {
      samples: { data: string[] }[]
    }
  ).samples
    .map((s) => s.data[0]!)
    .reverse()

beforeAll(async () => {
  dev = await startTestDevnet()
  A = await fundedKey(dev, 'pool A')
  B = await fundedKey(dev, 'pool B')
  oracles = []
  for (const [key, name] of [
    [A, 'POOLA1'],
    [A, 'POOLA2'],
    [B, 'POOLB1'],
  ] as const) {
    const id = await registeredOracle(dev, key, 'L', name)
    await subscribe(dev, id, key, 40, 2)
    oracles.push({ key, id })
  }
}, 120_000)
afterAll(async () => {
  await dev.stop()
})

describe('createPublisherPool', () => {
  test('three oracles (two of one key) published at once: each sample once, in order, one source call each; a member that cannot start fails alone', async () => {
    const c = countingView(dev.view)
    const bad = memoryJournalStorage('not a journal')
    const pool = await createPublisherPool({
      view: c.view,
      members: [
        ...oracles.map((o) => ({ oracletxid: o.id, privateKey: o.key.priv, pollMs: 0 })),
        // a fourth member on a journal that does not read: JOURNAL_INVALID at its start, the others run
        { oracletxid: oracles[0]!.id.replace(/^./, (d) => (d === '0' ? '1' : '0')), privateKey: B.priv, journal: bad },
      ],
    })
    expect([...pool.oracles].sort()).toEqual(oracles.map((o) => o.id).sort())
    expect(pool.failures.size).toBe(1)
    expect([...pool.failures.values()][0]).toBeInstanceOf(KomodoCcError)
    await Promise.all(oracles.map((o) => pool.publish(o.id, [0n]))) // the first of each
    c.reset()
    // bursts interleaved across the members: the two of key A share its coins and never spend one twice
    await Promise.all(oracles.flatMap((o) => [1, 2, 3, 4, 5].map((i) => pool.publish(o.id, [BigInt(i)]))))
    expect(c.counts.broadcast).toBe(15)
    expect(c.total()).toBe(15)
    await dev.mine(1)
    for (const o of oracles) expect(await onChain(o.id, o.key)).toEqual(['0', '1', '2', '3', '4', '5'])
    const st = await pool.status()
    expect(Object.keys(st).sort()).toEqual(oracles.map((o) => o.id).sort())
    for (const s of Object.values(st)) expect(s).toMatchObject({ published: 6, confirmed: 6 })
    await pool.close()
  }, 120_000)

  test("a member whose journal storage fails: its samples are refused, the others' go on; re-added on its journal, it resumes where it was", async () => {
    const journals = oracles.map(() => memoryJournalStorage())
    let failing = false
    const inner = journals[2]!
    const flaky: JournalStorage = {
      ...inner,
      read: () => inner.read(),
      write: (t) => {
        if (failing) throw new KomodoCcError('ARG_INVALID', 'EIO (test): the disk went away')
        return inner.write(t)
      },
    }
    const members = oracles.map((o, i) => ({
      oracletxid: o.id,
      privateKey: o.key.priv,
      journal: i === 2 ? flaky : journals[i]!,
      pollMs: 0,
    }))
    const pool = await createPublisherPool({ view: dev.view, members })
    const C = oracles[2]!
    await Promise.all(oracles.map((o) => pool.publish(o.id, [10n], { seq: 0 })))
    failing = true
    const results = await Promise.allSettled(
      oracles.flatMap((o) => [1, 2].map((i) => pool.publish(o.id, [BigInt(10 + i)], { seq: i }))),
    )
    // C's two are refused (nothing signed for them stays), the four others went out
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
    ])
    failing = false
    await pool.remove(C.id)
    expect(pool.oracles).not.toContain(C.id)
    expect(await pool.publish(oracles[0]!.id, [13n], { seq: 3 })).toMatchObject({ seq: 3, duplicate: false })
    // the member again, on its journal: it replays from where its journal says
    await pool.add(members[2]!)
    expect(await pool.publish(C.id, [10n], { seq: 0 })).toMatchObject({ duplicate: true })
    for (const i of [1, 2, 3]) await pool.publish(C.id, [BigInt(10 + i)], { seq: i })
    await pool.publish(oracles[1]!.id, [13n], { seq: 3 })
    await pool.close()
    await dev.mine(1)
    const tail = (xs: string[]) => xs.slice(-4)
    expect(tail(await onChain(oracles[0]!.id, A))).toEqual(['10', '11', '12', '13'])
    expect(tail(await onChain(oracles[1]!.id, A))).toEqual(['10', '11', '12', '13'])
    expect(tail(await onChain(C.id, B))).toEqual(['10', '11', '12', '13'])
  }, 120_000)

  test('two members for one oracle are refused (one journal per oracle)', async () => {
    const m = { oracletxid: oracles[0]!.id, privateKey: A.priv }
    await expect(createPublisherPool({ view: dev.view, members: [m, m] })).rejects.toMatchObject({
      code: 'ARG_INVALID',
    })
  })
})
