// The publisher's own samples are read back by the inspector once per shape (issue 34): the wallet's checks that
// depend only on the form of a sample (the inspector's reading: the method, change only to this key) are made once
// for the scripts its inputs spend and its outputs pay, while what depends on each sample (the fee bound, the relay
// policy — sizes, dust —, the opret's exact bytes) is still checked on every one (counts, not times).
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { createOraclePublisher } from '../../src/publisher/index.js'
import { fundedKey, registeredOracle, type Publisher } from './_setup.js'

const inspections = vi.hoisted(() => ({ count: 0 }))
const perSample = vi.hoisted(() => ({ fee: 0, policy: 0 }))
vi.mock('../../src/rpc/flow.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/rpc/flow.js')>()
  return {
    ...real,
    checkFee: (...a: Parameters<typeof real.checkFee>) => {
      perSample.fee++
      return real.checkFee(...a)
    },
  }
})
vi.mock('../../src/tx/policy.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/tx/policy.js')>()
  return {
    ...real,
    checkRelayPolicy: (...a: Parameters<typeof real.checkRelayPolicy>) => {
      perSample.policy++
      return real.checkRelayPolicy(...a)
    },
  }
})
vi.mock('../../src/inspect-build.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/inspect-build.js')>()
  return {
    ...real,
    inspectBuild: (...a: Parameters<typeof real.inspectBuild>) => {
      inspections.count++
      return real.inspectBuild(...a)
    },
  }
})

let dev: Devnet
let P: Publisher
beforeAll(async () => {
  dev = await startTestDevnet()
  P = await fundedKey(dev, 'checks once')
}, 60_000)
afterAll(async () => {
  await dev.stop()
})

/** One subscription by the devnet's wallet of `sats` to `oracle` (confirmed). */
async function subscribeSats(oracle: string, sats: number): Promise<void> {
  const r = (await dev.rpc.call('oraclessubscribe', [oracle, P.pub, (sats / 1e8).toFixed(8)])) as { hex: string }
  await dev.rpc.sendrawtransaction(r.hex)
  await dev.mine(1)
}

describe("the wallet's checks of the publisher's own samples", () => {
  test('20 samples in a row: the inspector reads one of each shape (3 here), not each sample; all accepted', async () => {
    const O = await registeredOracle(dev, P, 'L', 'ONCE')
    await subscribeSats(O, 30 * 10000)
    const pub = await createOraclePublisher({ oracletxid: O, privateKey: P.priv, view: dev.view, pollMs: 0 })
    inspections.count = 0
    for (let i = 0; i < 20; i++) expect((await pub.publish([BigInt(i)])).state).toBe('sent')
    // the shapes: the funding coin (P2PKH) with the baton and a subscription, then 4 or 3 inputs as the fee is paid
    // from two 10000-sat datafee coins or from the P2PK change (the builder's choice of normal inputs)
    expect(inspections.count).toBeGreaterThanOrEqual(1)
    expect(inspections.count).toBeLessThanOrEqual(3)
    await pub.close()
    await dev.mine(1)
  }, 60_000)

  test('the checks of each sample itself still run on every one: the fee bound and the relay policy, 20 of each', async () => {
    const O = await registeredOracle(dev, P, 'L', 'EACH')
    await subscribeSats(O, 30 * 10000)
    const pub = await createOraclePublisher({ oracletxid: O, privateKey: P.priv, view: dev.view, pollMs: 0 })
    await pub.publish([0n])
    perSample.fee = 0
    perSample.policy = 0
    for (let i = 1; i <= 20; i++) await pub.publish([BigInt(i)])
    expect(perSample).toEqual({ fee: 20, policy: 20 })
    await pub.close()
    await dev.mine(1)
  }, 60_000)
})
