// The tokens resolvers (issue 18) against the in-process devnet: key-local tokencreate and tokentransfer, each
// selection rule of AddTokenCCInputs on a chain built to reach it, the daemon's refusals, and views that lie.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { p2pkhAddress } from '../../../src/address/address.js'
import { bytesToHex, hexToBytes } from '../../../src/bytes/hex.js'
import { ccAddress, tokensCcAddress } from '../../../src/cc/address.js'
import { cc1of1, tokensCc1of1 } from '../../../src/cc/condition.js'
import { EVAL, TOKENS_CC } from '../../../src/cc/eval.js'
import { completeBuild } from '../../../src/cctx/complete.js'
import { checkContext } from '../../../src/cctx/context.js'
import { finalizeCcTx } from '../../../src/cctx/finalize.js'
import { StateReader } from '../../../src/cctx/resolve.js'
import type { ChainView, InputPlan, Utxo } from '../../../src/cctx/types.js'
import { countingView } from '../../../src/cctx/counting-view.js'
import type { Devnet } from '../../../src/devnet/server.js'
import { startTestDevnet } from '../../_util/devnet.js'
import { KomodoCcError } from '../../../src/errors.js'
import { ccScript } from '../../../src/script/cc.js'
import { keySigner, type Signer } from '../../../src/tx/sign.js'
import { encodeTokensPayload } from '../../../src/modules/tokens/opret.js'
import {
  resolveTokenCreate,
  resolveTokenTransfer,
  tokenBalance,
  tokenInputs,
  tokensResolvers,
} from '../../../src/modules/tokens/index.js'
import { byTxid, byUnspentIndex, sortedBy } from '../../_util/daemon-order.js'
import { lyingView } from '../../_util/lie.js'

type Key = { priv: Uint8Array; pub: string; signer: Signer }
const keyOf = (n: number): Key => {
  const priv = hexToBytes(n.toString(16).padStart(64, '0'))
  const signer = keySigner(priv)
  return { priv, pub: bytesToHex(signer.publicKey), signer }
}
const A = keyOf(0x2a01)
const B = keyOf(0x2a02)
const POOR = keyOf(0x2a03) // no coins at all

let dev: Devnet
const ctxOf = (k: Key, view: ChainView = dev.view) => ({ view, pubkey: k.pub, privateKey: k.priv })
const outpoint = (u: { txid: string; vout: number }) => `${u.txid}:${u.vout}`
const ROUND_TRIPS: Record<string, number> = {}

/** A view that counts its calls (the round trips a resolver makes). */
function counted(view: ChainView): { view: ChainView; calls: () => number } {
  const c = countingView(view)
  return { view: c.view, calls: () => c.total() }
}

/** A signer that records whether it was asked to sign. */
function spySigner(k: Key): Signer & { calls: number } {
  const s = {
    publicKey: k.signer.publicKey,
    calls: 0,
    sign(d: Uint8Array) {
      s.calls++
      return k.signer.sign(d)
    },
  }
  return s
}

/**
 * A hand-built 't' transaction by `k`: a normal coin pays the fee, `tokens` are its token inputs (CC1(0xf2, k)),
 * `parts` its token outputs to CC1(0xf2, k), opret naming `k`. Broadcast through the view.
 */
async function handTransfer(k: Key, tokenid: string, tokens: Utxo[], parts: bigint[]): Promise<string> {
  const ctx = checkContext({ pubkey: k.pub, utxos: [], height: dev.chain.height, privateKey: k.priv })
  const coin = dev.chain.walletUtxos(hexToBytes(k.pub)).find((u) => u.satoshis >= 100_000n)!
  const inputs: InputPlan[] = [
    { kind: coin.script.length === 35 ? 'p2pk' : 'p2pkh', utxo: coin, role: 'caller' },
    ...tokens.map((u): InputPlan => ({
      kind: 'cc',
      utxo: u,
      role: 'caller',
      condition: cc1of1(EVAL.TOKENS, k.pub),
      evalCode: EVAL.TOKENS,
    })),
  ]
  const fin = finalizeCcTx({
    inputs,
    outputs: parts.map((value) => ({ value, script: ccScript(cc1of1(EVAL.TOKENS, k.pub)) })),
    opret: encodeTokensPayload({ funcid: 't', evalCode: 0xf2, tokenid, pubkeys: [k.pub], blobs: [] }),
    changePubkey: ctx.pubkey,
    fee: ctx.fee,
    expiryHeight: ctx.expiryHeight,
  })
  return dev.view.broadcast(completeBuild(fin, ctx, TOKENS_CC).hex)
}

/** Confirmed outputs of `txid` paying CC1(0xf2, k), as UTXOs, in vout order. */
function outputsTo(txid: string, k: Key): Utxo[] {
  const script = bytesToHex(ccScript(cc1of1(EVAL.TOKENS, k.pub)))
  return dev.chain.txs
    .get(txid)!
    .tx.vout.map((o, vout) => ({ txid, vout, satoshis: o.value, script: o.script }))
    .filter((u) => bytesToHex(u.script) === script)
}

let X: string // A's token, split into many small outputs
let Y: string // A's second token on the same address
let split: string // the split of X: [4, 4, 4, 10 × 70, rest]
const SPLIT = [4n, 4n, 4n, ...Array.from({ length: 70 }, () => 10n)]

beforeAll(async () => {
  dev = await startTestDevnet()
  for (const k of [A, B]) for (let i = 0; i < 4; i++) await dev.rpc.call('sendtoaddress', [p2pkhAddress(k.pub), '2'])
  await dev.mine(1)
  // X: 10000 units, key-local (the first test checks this path); Y: 500 units
  X = await dev.view.broadcast(
    (await resolveTokenCreate({ name: 'X', supply: 10000n, description: 'split' }, ctxOf(A))).hex,
  )
  Y = await dev.view.broadcast((await resolveTokenCreate({ name: 'Y', supply: '0.000005' }, ctxOf(A))).hex)
  await dev.mine(1)
  const supply = outputsTo(X, A)
  split = await handTransfer(A, X, supply, [...SPLIT, 10000n - SPLIT.reduce((s, v) => s + v, 0n)])
  await dev.mine(1)
}, 60_000)
afterAll(async () => {
  await dev.stop()
})

describe('tokencreate, key-local', () => {
  test('the create is accepted; its supply sits on the creator token address; balances follow', async () => {
    expect(dev.chain.txs.get(X)!.height).toBeGreaterThan(0)
    const r = new StateReader(dev.view)
    expect(await tokenBalance(r, Y, A.pub)).toBe(500n)
    expect(await tokenBalance(r, X, A.pub)).toBe(10000n)
    expect(await tokenBalance(r, X, B.pub)).toBe(0n)
    const c = counted(dev.view)
    expect(await tokenBalance(new StateReader(c.view), X, A.pub)).toBe(10000n)
    ROUND_TRIPS.tokenbalance = c.calls()
  })

  test('normal inputs are AddNormalinputs2: confirmed coins of the key only; a mempool coin is not used', async () => {
    const N = keyOf(0x2a10)
    await dev.rpc.call('sendtoaddress', [p2pkhAddress(N.pub), '1']) // mempool only
    await expect(resolveTokenCreate({ name: 'N', supply: 1000n }, ctxOf(N))).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      details: { daemonError: 'cant find normal inputs' },
    })
    await dev.mine(1)
    const c = counted(dev.view)
    const made = await resolveTokenCreate({ name: 'N', supply: 1000n }, ctxOf(N, c.view))
    ROUND_TRIPS.tokencreate = c.calls()
    const coin = dev.chain.walletUtxos(hexToBytes(N.pub))[0]!
    expect(made.tx.vin.map(outpoint)).toEqual([outpoint(coin)])
    expect(await dev.view.broadcast(made.hex)).toBe(made.txid)
  })

  test("the devnet wallet's tokencreate RPC gives the resolver's bytes", async () => {
    const mine = await resolveTokenCreate(
      { name: 'W', supply: '0.00001', description: 'same bytes' },
      { view: dev.view, pubkey: dev.pubkey, privateKey: hexToBytes(dev.privateKey) },
    )
    expect((await dev.rpc.tokencreate('W', '0.00001', 'same bytes')).hex).toBe(mine.hex)
  })

  test('the RPC checks keep their texts', async () => {
    await expect(resolveTokenCreate({ name: '', supply: 1n }, ctxOf(A))).rejects.toMatchObject({
      details: { daemonError: 'Token name must not be empty and up to 32 characters' },
    })
    await expect(resolveTokenCreate({ name: 'Z', supply: '0' }, ctxOf(A))).rejects.toMatchObject({
      details: { daemonError: 'Token supply must be positive' },
    })
  })
})

describe('tokentransfer, key-local: AddTokenCCInputs', () => {
  // the split's outputs in the address-unspent index's order: one txid, so by the index's little-endian bytes (the
  // same as by number below 256)
  const splitOut = (from: number, to: number) =>
    sortedBy(outputsTo(split, A), byUnspentIndex).slice(from, to).map(outpoint)

  test('takes outputs in address-index order, skipping those below amount/60 (amount 300: threshold 5)', async () => {
    const picked = await tokenInputs(new StateReader(dev.view), X, A.pub, 300n)
    expect(picked.map(outpoint)).toEqual(splitOut(3, 33)) // the three 4-unit outputs are below 5; 30 × 10
    const r = await resolveTokenTransfer({ tokenid: X, destpubkey: B.pub, amount: 300n }, ctxOf(A))
    const tokenVins = r.tx.vin.filter((_, i) => r.inputs[i]!.kind === 'cc').map(outpoint)
    expect(tokenVins).toEqual(splitOut(3, 33))
  })

  test('at most 60 inputs: 600 takes exactly 60 outputs of 10; 650 stops at 60 (600) and is refused', async () => {
    expect((await tokenInputs(new StateReader(dev.view), X, A.pub, 600n)).map(outpoint)).toEqual(splitOut(3, 63))
    const r = await resolveTokenTransfer({ tokenid: X, destpubkey: B.pub, amount: 600n }, ctxOf(A))
    expect(r.inputs.filter((i) => i.kind === 'cc')).toHaveLength(60)
    await expect(resolveTokenTransfer({ tokenid: X, destpubkey: B.pub, amount: 650n }, ctxOf(A))).rejects.toMatchObject(
      { code: 'INSUFFICIENT_FUNDS', details: { daemonError: 'insufficient token inputs' } },
    )
  })

  test('a large amount skips every small output (threshold above 10) and takes the rest', async () => {
    const rest = outputsTo(split, A).at(-1)!
    expect((await tokenInputs(new StateReader(dev.view), X, A.pub, 5000n)).map(outpoint)).toEqual([outpoint(rest)])
  })

  test('outputs of another tokenid on the same address are not tokens of this one', async () => {
    const ys = outputsTo(Y, A).map(outpoint)
    const all = (await tokenInputs(new StateReader(dev.view), X, A.pub)).map(outpoint)
    expect(all).toHaveLength(SPLIT.length + 1)
    expect(all.some((o) => ys.includes(o))).toBe(false)
    expect((await tokenInputs(new StateReader(dev.view), Y, A.pub)).map(outpoint)).toEqual(ys)
  })

  test('a fake token output (a transfer opret naming X with no token inputs) is skipped: its transaction does not balance', async () => {
    const ctx = checkContext({ pubkey: B.pub, utxos: [], height: dev.chain.height, privateKey: B.priv })
    const coin = dev.chain.walletUtxos(hexToBytes(B.pub))[0]!
    const fin = finalizeCcTx({
      inputs: [{ kind: 'p2pkh', utxo: coin, role: 'caller' }],
      outputs: [{ value: 5000n, script: ccScript(cc1of1(EVAL.TOKENS, A.pub)) }],
      opret: encodeTokensPayload({ funcid: 't', evalCode: 0xf2, tokenid: X, pubkeys: [A.pub], blobs: [] }),
      changePubkey: ctx.pubkey,
      fee: ctx.fee,
      expiryHeight: ctx.expiryHeight,
    })
    const fake = await dev.view.broadcast(completeBuild(fin, ctx, TOKENS_CC).hex) // no token input: no validator
    await dev.mine(1)
    const r = new StateReader(dev.view)
    expect((await tokenInputs(r, X, A.pub)).some((u) => u.txid === fake)).toBe(false)
    expect(await tokenBalance(r, X, A.pub)).toBe(10000n)
    // and consensus agrees: spending it as tokens is refused (its source is checked to balance, as komodod does)
    await expect(handTransfer(A, X, outputsTo(fake, A), [5000n])).rejects.toMatchObject({
      message: expect.stringContaining('no token inputs for transfer'),
    })
  })

  test('outputs spent in the mempool are skipped; the mempool change is not seen (confirmed only)', async () => {
    const first = await resolveTokenTransfer({ tokenid: X, destpubkey: B.pub, amount: 100n }, ctxOf(A))
    await dev.view.broadcast(first.hex)
    const spent = new Set(first.tx.vin.map(outpoint))
    const expected = sortedBy(outputsTo(split, A), byUnspentIndex)
      .filter((u) => u.satoshis >= 100n / 60n && !spent.has(outpoint(u)))
      .slice(0, 10)
      .map(outpoint)
    const c = counted(dev.view)
    const second = await resolveTokenTransfer({ tokenid: X, destpubkey: B.pub, amount: 100n }, ctxOf(A, c.view))
    ROUND_TRIPS.tokentransfer = c.calls()
    expect(second.tx.vin.filter((_, i) => second.inputs[i]!.kind === 'cc').map(outpoint)).toEqual(expected)
    expect(await dev.view.broadcast(second.hex)).toBe(second.txid)
    await dev.mine(1)
    expect(await tokenBalance(new StateReader(dev.view), X, B.pub)).toBe(200n)
  })

  test("the devnet wallet's tokentransfer RPC gives the resolver's bytes", async () => {
    const W = await dev.rpc.sendrawtransaction((await dev.rpc.tokencreate('WT', '0.00001')).hex)
    await dev.mine(1)
    const mine = await resolveTokenTransfer(
      { tokenid: W, destpubkey: B.pub, amount: 7n },
      { view: dev.view, pubkey: dev.pubkey, privateKey: hexToBytes(dev.privateKey) },
    )
    expect((await dev.rpc.tokentransfer(W, B.pub, 7n)).hex).toBe(mine.hex)
    expect((await dev.rpc.tokenbalance(W)).balance).toBe(1000n)
  })

  test('B spends what it received, key-local; the amount text is token units, as komodo-cli reads it (atoll)', async () => {
    // issue 28 finding 1: '150' is 150 units (rpcwallet.cpp tokentransfer: atoll), never 150 coins; coins text is refused
    const coins = await resolveTokenTransfer({ tokenid: X, destpubkey: A.pub, amount: '0.0000015' }, ctxOf(B)).catch(
      (e: unknown) => e,
    )
    expect(coins).toMatchObject({ code: 'AMOUNT_INVALID' })
    const r = await resolveTokenTransfer({ tokenid: X, destpubkey: A.pub, amount: '150' }, ctxOf(B))
    expect(r.tx.vout[0]!.value).toBe(150n)
    await dev.view.broadcast(r.hex)
    await dev.mine(1)
    expect(await tokenBalance(new StateReader(dev.view), X, B.pub)).toBe(50n)
  })

  test('an NFT is gathered from the three-eval address and sent to TokensCC1(X, dest)', async () => {
    const nft = await dev.view.broadcast(
      (await resolveTokenCreate({ name: 'NFT', supply: 1n, data: 'f70101' }, ctxOf(A))).hex,
    )
    await dev.mine(1)
    const picked = await tokenInputs(new StateReader(dev.view), nft, A.pub, 1n)
    expect(picked.map(outpoint)).toEqual([`${nft}:1`])
    expect(tokensCcAddress(0xf7, A.pub)).not.toBe(ccAddress(0xf2, A.pub))
    const r = await resolveTokenTransfer({ tokenid: nft, destpubkey: B.pub, amount: 1n }, ctxOf(A))
    expect(bytesToHex(r.tx.vout[0]!.script)).toBe(bytesToHex(ccScript(tokensCc1of1(0xf7, B.pub))))
  })
})

describe("the daemon's refusals, in its order", () => {
  test('invalid tokenid and amount must be positive come before any look-up', async () => {
    const c = counted(dev.view)
    await expect(
      resolveTokenTransfer({ tokenid: '00'.repeat(32), destpubkey: B.pub, amount: 1n }, ctxOf(A, c.view)),
    ).rejects.toMatchObject({ details: { daemonError: 'invalid tokenid' } })
    await expect(
      resolveTokenTransfer({ tokenid: X, destpubkey: B.pub, amount: 0n }, ctxOf(A, c.view)),
    ).rejects.toMatchObject({ details: { daemonError: 'amount must be positive' } })
    expect(c.calls()).toBe(0)
  })
  test('a key without coins: insufficient normal inputs for tx fee', async () => {
    await expect(
      resolveTokenTransfer({ tokenid: X, destpubkey: B.pub, amount: 1n }, ctxOf(POOR)),
    ).rejects.toMatchObject({
      details: { daemonError: 'insufficient normal inputs for tx fee' },
    })
  })
  test('an unknown tokenid, a txid that is not a create, a create still in the mempool: no token inputs', async () => {
    const pending = await dev.view.broadcast((await resolveTokenCreate({ name: 'P', supply: 100n }, ctxOf(B))).hex)
    for (const id of ['ab'.repeat(32), dev.chain.blocks[1]!.txids[0]!, pending])
      await expect(
        resolveTokenTransfer({ tokenid: id, destpubkey: A.pub, amount: 1n }, ctxOf(B)),
      ).rejects.toMatchObject({
        details: { daemonError: 'no token inputs' },
      })
    await dev.mine(1)
  })
  test('a key holding none of the token: no token inputs', async () => {
    await expect(resolveTokenTransfer({ tokenid: Y, destpubkey: A.pub, amount: 1n }, ctxOf(B))).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      details: { daemonError: 'no token inputs' },
    })
  })
})

describe('a lying view: a typed error and nothing signed', () => {
  const transferWith = async (view: ChainView) => {
    const signer = spySigner(A)
    const err = await resolveTokenTransfer(
      { tokenid: X, destpubkey: B.pub, amount: 100n },
      { view, pubkey: A.pub, signer },
    ).catch((e: unknown) => e)
    expect(signer.calls).toBe(0)
    expect(err).toBeInstanceOf(KomodoCcError)
    return err as KomodoCcError
  }
  const tokenAddr = () => ccAddress(0xf2, A.pub)

  test("the create's bytes are another transaction's", async () => {
    const lie: ChainView = lyingView(dev.view, {
      getTransaction: async (t) => dev.view.getTransaction(t === X ? Y : t),
      getTransactions: async (ts) => Promise.all(ts.map((t) => dev.view.getTransaction(t === X ? Y : t))),
    }).view
    expect((await transferWith(lie)).code).toBe('CHAIN_MISMATCH')
  })
  test('a token output claimed with another value', async () => {
    const lie: ChainView = lyingView(dev.view, {
      listUnspent: async (a) =>
        (await dev.view.listUnspent(a)).map((u, i) => (a === tokenAddr() && i === 5 ? { ...u, satoshis: 1000n } : u)),
    }).view
    expect((await transferWith(lie)).code).toBe('CHAIN_MISMATCH')
  })
  test("another key's token output listed under the caller's token address", async () => {
    const lie: ChainView = lyingView(dev.view, {
      listUnspent: async (a) =>
        a === tokenAddr()
          ? [...(await dev.view.listUnspent(ccAddress(0xf2, B.pub))), ...(await dev.view.listUnspent(a))]
          : dev.view.listUnspent(a),
    }).view
    const e = await transferWith(lie)
    expect([e.code, e.message]).toEqual(['CHAIN_MISMATCH', expect.stringContaining(`under ${tokenAddr()}`)])
  })
  test('a history transaction answered with the wrong bytes in a batch', async () => {
    const lie: ChainView = lyingView(dev.view, {
      getTransactions: async (ts) => {
        const hexes = await dev.view.getTransactions!(ts)
        return ts.includes(split) ? hexes.map((h, i) => (ts[i] === split ? hexes[(i + 1) % hexes.length]! : h)) : hexes
      },
    }).view
    expect((await transferWith(lie)).code).toBe('CHAIN_MISMATCH')
  })
})

describe("komodod's order, not the chain's: AddTokenCCInputs walks the address index by txid", () => {
  test('two outputs of one token in different blocks: the one whose txid comes first is taken, though it is in the later block', async () => {
    const D = keyOf(0x2a20)
    await dev.rpc.call('sendtoaddress', [p2pkhAddress(D.pub), '1'])
    const Z = await dev.view.broadcast((await resolveTokenCreate({ name: 'Z', supply: 1000n }, ctxOf(A))).hex)
    await dev.mine(1)
    // A sends D 100 units, then in the next block 100 + k units, k the first whose transfer's txid sorts before the
    // first transfer's
    const t1 = await dev.view.broadcast(
      (await resolveTokenTransfer({ tokenid: Z, destpubkey: D.pub, amount: 100n }, ctxOf(A))).hex,
    )
    await dev.mine(1)
    let t2 = ''
    for (let k = 0n; t2 === ''; k++) {
      const r = await resolveTokenTransfer({ tokenid: Z, destpubkey: D.pub, amount: 100n + k }, ctxOf(A))
      if (byTxid(r.txid, t1) < 0) t2 = await dev.view.broadcast(r.hex)
    }
    await dev.mine(1)
    const sent = [t1, t2]
    // D's outputs of Z, by height (the old model) and in the address-unspent index's order (komodod's)
    const mine = dev.chain
      .addressCoins(ccAddress(0xf2, D.pub))
      .filter((c) => sent.includes(c.txid))
      .sort((a, b) => a.height - b.height)
    expect(mine.length).toBe(sent.length)
    const first = sortedBy(mine, byUnspentIndex)[0]!
    expect(outpoint(first)).not.toBe(outpoint(mine[0]!))
    expect(first.height).toBeGreaterThan(mine[0]!.height)
    // one output covers 100: AddTokenCCInputs stops at the first it walks
    expect((await tokenInputs(new StateReader(dev.view), Z, D.pub, 100n)).map(outpoint)).toEqual([outpoint(first)])
    const r = await resolveTokenTransfer({ tokenid: Z, destpubkey: A.pub, amount: 100n }, ctxOf(D))
    expect(r.tx.vin.filter((_, i) => r.inputs[i]!.kind === 'cc').map(outpoint)).toEqual([outpoint(first)])
    expect(await dev.view.broadcast(r.hex)).toBe(r.txid)
    await dev.mine(1)
  })
})

describe('the resolver table', () => {
  test('tokensResolvers lists both methods with the daemon parameter names, and runs them', async () => {
    expect(tokensResolvers.map((r) => [r.method, r.params])).toEqual([
      ['tokencreate', ['name', 'supply', 'description', 'data']],
      ['tokentransfer', ['tokenid', 'destpubkey', 'amount']],
    ])
    const r = await tokensResolvers[1]!.resolve({ tokenid: X, destpubkey: B.pub, amount: 3n }, ctxOf(A))
    expect(r.tx.vout[0]!.value).toBe(3n)
  })
  test('round trips per method (JSON-RPC-shaped view calls)', () => {
    console.log('tokens round trips', ROUND_TRIPS)
    expect(ROUND_TRIPS.tokencreate).toBeLessThanOrEqual(4)
    expect(ROUND_TRIPS.tokentransfer).toBeLessThanOrEqual(11)
    expect(ROUND_TRIPS.tokenbalance).toBeLessThanOrEqual(6)
  })
})
