// The faucet resolvers (issue 18) against the in-process devnet: key-local faucetfund and faucetget, the rules of
// AddFaucetInputs on a faucet built to reach them, the brand-new-address refusal before the proof of work, and views
// that lie.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { p2pkhAddress } from '../../../src/address/address.js'
import { formatCoins } from '../../../src/amount.js'
import { bytesToHex, hexToBytes } from '../../../src/bytes/hex.js'
import { ccAddress } from '../../../src/cc/address.js'
import { ccModule } from '../../../src/cc/eval.js'
import { StateReader } from '../../../src/cctx/resolve.js'
import type { ChainView } from '../../../src/cctx/types.js'
import { countingView } from '../../../src/cctx/counting-view.js'
import type { Devnet } from '../../../src/devnet/server.js'
import { startTestDevnet } from '../../_util/devnet.js'
import { KomodoCcError } from '../../../src/errors.js'
import { keySigner } from '../../../src/tx/sign.js'
import { buildFaucetGetAsync } from '../../../src/modules/faucet/build.js'
import { faucetUtxos } from '../../../src/modules/faucet/devnet.js'
import {
  faucetFunding,
  faucetResolvers,
  resolveFaucetFund,
  resolveFaucetGet,
} from '../../../src/modules/faucet/index.js'
import { faucetAddressIsOld, faucetInputs } from '../../../src/modules/faucet/resolve.js'
import { byUnspentIndex, sortedBy } from '../../_util/daemon-order.js'
import { lyingView } from '../../_util/lie.js'

type Key = { priv: Uint8Array; pub: string }
const keyOf = (n: number): Key => {
  const priv = hexToBytes(n.toString(16).padStart(64, '0'))
  return { priv, pub: bytesToHex(keySigner(priv).publicKey) }
}
const A = keyOf(0x3b01) // funds the faucet
const FAUCET_ADDR = ccAddress(0xe4, ccModule('Faucet').pubkey)
const outpoint = (u: { txid: string; vout: number }) => `${u.txid}:${u.vout}`
const ROUND_TRIPS: Record<string, number> = {}

/** A view that counts its calls (the round trips a resolver makes). */
function counted(view: ChainView): { view: ChainView; calls: () => number } {
  const c = countingView(view)
  return { view: c.view, calls: () => c.total() }
}

/** Runs a faucetget resolve, counting proof-of-work progress reports (0: the search never started). */
async function getWith(pubkey: string, view: ChainView, extra: Record<string, unknown> = {}) {
  let progress = 0
  const result = await resolveFaucetGet({}, { view, pubkey }, { onProgress: () => progress++, ...extra }).catch(
    (e: unknown) => e,
  )
  return { result, progress }
}

describe('faucetfund and faucetget, key-local', () => {
  let dev: Devnet
  const ctxOf = (k: Key, view: ChainView = dev.view) => ({ view, pubkey: k.pub, privateKey: k.priv })
  beforeAll(async () => {
    dev = await startTestDevnet()
    for (let i = 0; i < 3; i++) await dev.rpc.call('sendtoaddress', [p2pkhAddress(A.pub), '10'])
    await dev.mine(1)
  })
  afterAll(async () => {
    await dev.stop()
  })

  test('faucetfund: accepted; faucetinfo and faucetFunding agree', async () => {
    const c = counted(dev.view)
    const r = await resolveFaucetFund({ amount: '5' }, ctxOf(A, c.view))
    ROUND_TRIPS.faucetfund = c.calls()
    expect(r.tx.vout[0]!.value).toBe(500_000_000n)
    await dev.view.broadcast(r.hex)
    await dev.mine(1)
    const f = counted(dev.view)
    expect(await faucetFunding(new StateReader(f.view))).toBe(500_000_000n)
    ROUND_TRIPS.faucetinfo = f.calls()
    expect((await dev.rpc.faucetinfo()).funding).toBe(500_000_000n)
  })

  test('faucetfund uses local-mode AddNormalinputs: a coin still in the mempool pays', async () => {
    const N = keyOf(0x3b02)
    await dev.rpc.call('sendtoaddress', [p2pkhAddress(N.pub), '1'])
    const r = await resolveFaucetFund({ amount: 50_000_000n }, ctxOf(N))
    expect(dev.chain.txs.get(r.tx.vin[0]!.txid)!.height).toBe(-1) // the mempool coin
    expect(await dev.view.broadcast(r.hex)).toBe(r.txid)
    await dev.mine(1)
  })

  test("the devnet wallet's faucetfund RPC gives the resolver's bytes", async () => {
    const mine = await resolveFaucetFund(
      { amount: '1.5' },
      { view: dev.view, pubkey: dev.pubkey, privateKey: hexToBytes(dev.privateKey) },
    )
    expect((await dev.rpc.faucetfund('1.5')).hex).toBe(mine.hex)
  })

  test('faucetget to a brand-new key: proof of work, accepted, paid 0.1 coin', async () => {
    const NEW = keyOf(0x3b03)
    const c = counted(dev.view)
    const r = await resolveFaucetGet({}, { view: c.view, pubkey: NEW.pub })
    ROUND_TRIPS.faucetget = c.calls()
    expect(r.txid).toMatch(/^00[0-9a-f]{60}00$/)
    expect(await dev.view.broadcast(r.hex)).toBe(r.txid)
    await dev.mine(1)
    expect(dev.chain.walletUtxos(hexToBytes(NEW.pub)).map((u) => u.satoshis)).toEqual([10_000_000n])
  }, 60_000)

  test('the same inputs and bytes as the builder over the devnet chain (same start nonce)', async () => {
    const NEW = keyOf(0x3b04)
    const r = await resolveFaucetGet({}, { view: dev.view, pubkey: NEW.pub }, { startNonce: 7 })
    const b = await buildFaucetGetAsync(
      {},
      { pubkey: NEW.pub, utxos: [], height: dev.chain.height },
      { faucetUtxos: sortedBy(faucetUtxos(dev.chain), byUnspentIndex) },
      { startNonce: 7 },
    )
    expect(r.hex).toBe(b.hex)
  }, 60_000)

  test("an old address is refused before the proof of work, with the validator's text", async () => {
    const first = dev.chain.txs.get(dev.chain.walletUtxos(hexToBytes(A.pub)).find((u) => u.height! > 0)!.txid)!
    while (dev.chain.height - first.height <= 3) await dev.mine(1) // A's first receipt becomes 4 blocks deep
    const { result, progress } = await getWith(A.pub, dev.view)
    expect(result).toBeInstanceOf(KomodoCcError)
    expect(result).toMatchObject({
      code: 'BUILD_STATE',
      details: { daemonError: 'faucet is only for brand new addresses' },
    })
    expect(progress).toBe(0)
  })

  test('the boundary: history 3 blocks below the tip is still new, 4 is old', async () => {
    const E = keyOf(0x3b05)
    await dev.rpc.call('sendtoaddress', [p2pkhAddress(E.pub), '1'])
    await dev.mine(1)
    const h = dev.chain.height // E's receipt is at the tip
    await dev.mine(3)
    expect(dev.chain.height - h).toBe(3)
    const ok = await getWith(E.pub, dev.view, { maxAttempts: 1 }) // passes the check; one attempt of work at most
    expect(ok.progress).toBe(1)
    expect((ok.result as KomodoCcError).code ?? 'found').toMatch(/POW_NOT_FOUND|found/)
    await dev.mine(1)
    const old = await getWith(E.pub, dev.view)
    expect([(old.result as KomodoCcError).code, old.progress]).toEqual(['BUILD_STATE', 0])
  })

  test('the rule itself: the genesis block does not count (CCduration), strictly more than 3 blocks does', () => {
    expect(faucetAddressIsOld([{ height: 0 }], 100)).toBe(false)
    expect(faucetAddressIsOld([{ height: 96 }, { height: 97 }], 100)).toBe(true)
    expect(faucetAddressIsOld([{ height: 97 }, { height: 100 }], 100)).toBe(false)
    expect(faucetAddressIsOld([], 100)).toBe(false)
  })

  test("with times, komodod's CCduration: the tip must also be later in time than the block (duration > 0)", () => {
    const tip = { height: 100, time: 1_700_006_000 }
    expect(faucetAddressIsOld([{ height: 96, time: 1_700_000_000 }], tip)).toBe(true)
    // 4 blocks below, but the tip's time equal to or before the block's: CCduration is 0, the address is new
    expect(faucetAddressIsOld([{ height: 96, time: 1_700_006_000 }], tip)).toBe(false)
    expect(faucetAddressIsOld([{ height: 96, time: 1_700_009_000 }], tip)).toBe(false)
    expect(faucetAddressIsOld([{ height: 0, time: 1 }], tip)).toBe(false)
    expect(faucetAddressIsOld([{ height: 97, time: 1 }], tip)).toBe(false)
  })

  test('the devnet faucetget RPC still builds for an old address, as komodod does (refused when broadcast)', async () => {
    const r = await dev.rpc.faucetget()
    await expect(dev.view.broadcast(r.hex)).rejects.toMatchObject({
      message: expect.stringContaining('faucet is only for brand new addresses'),
    })
  }, 60_000)

  test('aborts: the context signal stops the look-ups, the options signal the work', async () => {
    const NEW = keyOf(0x3b06)
    const gone = AbortSignal.abort()
    await expect(resolveFaucetGet({}, { view: dev.view, pubkey: NEW.pub, signal: gone })).rejects.toMatchObject({
      code: 'ABORTED',
    })
    const w = await getWith(NEW.pub, dev.view, { signal: gone })
    expect([(w.result as KomodoCcError).code, w.progress]).toEqual(['ABORTED', 0])
  })

  test('faucetResolvers lists both methods with the daemon parameter names', async () => {
    expect(faucetResolvers.map((r) => [r.method, r.params])).toEqual([
      ['faucetfund', ['amount']],
      ['faucetget', []],
    ])
    const r = await faucetResolvers[0]!.resolve({ amount: 100_000_000n }, ctxOf(A))
    expect(r.tx.vout[0]!.value).toBe(100_000_000n)
  })

  describe('a lying view: a typed error before any work', () => {
    const NEW = keyOf(0x3b07)
    test("a normal coin listed under the faucet's CC address", async () => {
      const lie: ChainView = lyingView(dev.view, {
        listUnspent: async (a) =>
          a === FAUCET_ADDR
            ? [...(await dev.view.listUnspent(p2pkhAddress(A.pub))), ...(await dev.view.listUnspent(a))]
            : dev.view.listUnspent(a),
      }).view
      const w = await getWith(NEW.pub, lie)
      expect([(w.result as KomodoCcError).code, w.progress]).toEqual(['CHAIN_MISMATCH', 0])
    })
    test('a faucet output claimed with another value', async () => {
      const lie: ChainView = lyingView(dev.view, {
        listUnspent: async (a) =>
          (await dev.view.listUnspent(a)).map((u) => (a === FAUCET_ADDR ? { ...u, satoshis: u.satoshis * 10n } : u)),
      }).view
      const w = await getWith(NEW.pub, lie)
      expect([(w.result as KomodoCcError).code, w.progress]).toEqual(['CHAIN_MISMATCH', 0])
      await expect(faucetFunding(new StateReader(lie))).rejects.toMatchObject({ code: 'CHAIN_MISMATCH' })
    })
    test('a height that is not a height', async () => {
      const lie: ChainView = lyingView(dev.view, { getHeight: async () => -1 }).view
      const w = await getWith(NEW.pub, lie)
      expect([(w.result as KomodoCcError).code, w.progress]).toEqual(['CHAIN_MISMATCH', 0])
    })
  })
})

/**
 * The test's own AddFaucetInputs: over `outs` in the address-unspent index's order (txid, then index), skip those
 * below total/60 and those not strictly above 0.01 coin or spent in the mempool, take until the total is reached.
 */
function faucetRule(outs: { txid: string; vout: number; value: bigint }[], spent: Set<string>, total: bigint) {
  const picked: typeof outs = []
  let sum = 0n
  for (const o of sortedBy(outs, byUnspentIndex)) {
    if (o.value < total / 60n || o.value <= 1_000_000n || spent.has(outpoint(o))) continue
    picked.push(o)
    sum += o.value
    if (sum >= total || picked.length >= 60) break
  }
  return picked
}

describe("AddFaucetInputs' rules on a faucet built to reach them", () => {
  let dev: Devnet
  const fundIds: string[] = []
  // in one block, in this order: 1,000,000 (not strictly above 0.01), 900,000, then 1,000,001 and 3,000,000 × 8;
  // the daemon walks them by txid, not in this order
  const VALUES = [1_000_000n, 900_000n, 1_000_001n, ...Array.from({ length: 8 }, () => 3_000_000n)]
  const funds = () => fundIds.map((txid, i) => ({ txid, vout: 0, value: VALUES[i]! }))
  beforeAll(async () => {
    dev = await startTestDevnet()
    const ctx = { view: dev.view, pubkey: dev.pubkey, privateKey: hexToBytes(dev.privateKey) }
    for (const amount of VALUES) fundIds.push(await dev.view.broadcast((await resolveFaucetFund({ amount }, ctx)).hex))
    await dev.mine(1)
  })
  afterAll(async () => {
    await dev.stop()
  })
  let leftAfterGets = 0n

  test("the daemon's index order (txid, not block position), only outputs strictly above 0.01 coin, until 10,010,000 is reached", async () => {
    const want = faucetRule(funds(), new Set(), 10_010_000n)
    // 1,000,001 + 3 × 3,000,000 < 10,010,000: four or five outputs, whichever come first by txid
    expect(want.length).toBeGreaterThanOrEqual(4)
    expect(sortedBy(funds(), byUnspentIndex).map(outpoint)).not.toEqual(funds().map(outpoint)) // the orders differ
    expect((await faucetInputs(new StateReader(dev.view), 10_010_000n, 60)).map(outpoint)).toEqual(want.map(outpoint))
    expect(await faucetFunding(new StateReader(dev.view))).toBe(1_000_001n + 8n * 3_000_000n)
    expect((await dev.rpc.faucetinfo()).funding).toBe(1_000_001n + 8n * 3_000_000n)
  })

  test("a get's inputs; a second get skips what the first spends in the mempool and never sees its change", async () => {
    const want1 = faucetRule(funds(), new Set(), 10_010_000n)
    const first = await resolveFaucetGet({}, { view: dev.view, pubkey: keyOf(0x3b11).pub })
    expect(first.tx.vin.map(outpoint)).toEqual(want1.map(outpoint))
    const sum1 = want1.reduce((s, o) => s + o.value, 0n)
    expect(first.tx.vout[0]!.value).toBe(sum1 - 10_010_000n) // faucet change
    await dev.view.broadcast(first.hex)
    const want2 = faucetRule(funds(), new Set(want1.map(outpoint)), 10_010_000n)
    const second = await resolveFaucetGet({}, { view: dev.view, pubkey: keyOf(0x3b12).pub })
    expect(second.tx.vin.map(outpoint)).toEqual(want2.map(outpoint))
    const sum2 = want2.reduce((s, o) => s + o.value, 0n)
    await dev.view.broadcast(second.hex)
    await dev.mine(1)
    // what is left above 0.01 coin: the outputs neither took, and each change strictly above 0.01 coin
    const taken = new Set([...want1, ...want2].map(outpoint))
    const left = funds().filter((o) => o.value > 1_000_000n && !taken.has(outpoint(o)))
    const changes = [sum1 - 10_010_000n, sum2 - 10_010_000n].filter((v) => v > 1_000_000n)
    leftAfterGets = [...left.map((o) => o.value), ...changes].reduce((s, v) => s + v, 0n)
    expect(await faucetFunding(new StateReader(dev.view))).toBe(leftAfterGets)
  }, 120_000)

  test('a faucet that cannot pay 0.1 coin + fee is refused before the work; mempool funding does not count', async () => {
    const NEW = keyOf(0x3b13)
    const short = await getWith(NEW.pub, dev.view)
    expect([(short.result as KomodoCcError).code, short.progress]).toEqual(['INSUFFICIENT_FUNDS', 0])
    const ctx = { view: dev.view, pubkey: dev.pubkey, privateKey: hexToBytes(dev.privateKey) }
    await dev.view.broadcast((await resolveFaucetFund({ amount: '20' }, ctx)).hex) // mempool only
    const still = await getWith(NEW.pub, dev.view)
    expect([(still.result as KomodoCcError).code, still.progress]).toEqual(['INSUFFICIENT_FUNDS', 0])
    expect(formatCoins(await faucetFunding(new StateReader(dev.view)))).toBe(formatCoins(leftAfterGets))
  })

  test('an empty faucet: the daemon text', async () => {
    const fresh = await startTestDevnet()
    try {
      const w = await getWith(keyOf(0x3b14).pub, fresh.view)
      expect(w.result).toMatchObject({
        code: 'INSUFFICIENT_FUNDS',
        details: { daemonError: 'couldnt create faucet get transaction' },
      })
    } finally {
      await fresh.stop()
    }
  })

  test('round trips per method (JSON-RPC-shaped view calls)', () => {
    console.log('faucet round trips', ROUND_TRIPS)
    expect(ROUND_TRIPS.faucetfund).toBeLessThanOrEqual(5)
    expect(ROUND_TRIPS.faucetget).toBeLessThanOrEqual(6)
    expect(ROUND_TRIPS.faucetinfo).toBeLessThanOrEqual(3)
  })
})
