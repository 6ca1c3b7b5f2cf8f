// Tokens v2 resolvers over an in-memory chain of built transactions: the daemon's token input gathering (two index
// keys, the pubkey one first; valid token outputs of the tokenid only), tokenv2balance, tokenv2indexkey.
import { describe, expect, test } from 'vitest'
import derived from '../../vectors/tokel/derived-cpp.json' with { type: 'json' }
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { TKLTEST, TOKEL } from '../../src/address/chain.js'
import { p2pkhAddress } from '../../src/address/address.js'
import { ccV2Address, isCcV2Script } from '../../src/script/ccv2.js'
import {
  buildTokenV2Create,
  buildTokenV2CreateTokel,
  buildTokenV2Transfer,
  buildTokenV2TransferMany,
} from '../../src/modules/tokensv2/build.js'
import {
  buildTokenV2Ask,
  buildTokenV2Bid,
  buildTokenV2CancelAsk,
  buildTokenV2CancelBid,
  buildTokenV2FillAsk,
  buildTokenV2FillBid,
} from '../../src/modules/assetsv2/build.js'
import {
  resolveTokenV2Ask,
  resolveTokenV2Bid,
  resolveTokenV2CancelAsk,
  resolveTokenV2CancelBid,
  resolveTokenV2FillAsk,
  resolveTokenV2FillBid,
} from '../../src/modules/assetsv2/resolve.js'
import {
  resolveTokenV2Transfer,
  resolveTokenV2TransferMany,
  tokenv2balance,
  tokenv2indexkey,
  tokenV2Amount,
  tokenv2holdings,
} from '../../src/modules/tokensv2/resolve.js'
import { parseTransaction } from '../../src/tx/codec.js'
import type { BuildResult } from '../../src/cctx/complete.js'
import type { ChainUtxo, ChainView, Utxo } from '../../src/cctx/types.js'

const PK1 = '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'
const PK2 = '02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5'
const PRIV1 = hexToBytes('00'.repeat(31) + '01')
const FUND: Utxo = {
  txid: 'ab'.repeat(32),
  vout: 0,
  satoshis: 100000000n,
  script: hexToBytes('21' + PK1 + 'ac'),
  height: 10,
}
const ctx = (utxos: Utxo[]) => ({ pubkey: PK1, utxos, height: 1000, privateKey: PRIV1, chain: TOKEL })
const out = (b: BuildResult, vout: number): Utxo => ({
  txid: b.txid,
  vout,
  satoshis: b.tx.vout[vout]!.value,
  script: b.tx.vout[vout]!.script,
  height: 11,
})

/** A chain of the given transactions (all confirmed at height 11), answering as komodod's address index. */
function chainOf(txs: BuildResult[]): ChainView {
  const spent = new Set(txs.flatMap((t) => t.tx.vin.map((i) => `${i.txid}:${i.vout}`)))
  const addressOf = (s: Uint8Array): string | null =>
    isCcV2Script(s)
      ? ccV2Address(s, TOKEL)
      : s.length === 35 && s[0] === 0x21
        ? p2pkhAddress(s.subarray(1, 34), TOKEL)
        : null
  return {
    getTransaction: async (txid) => {
      const t = txs.find((x) => x.txid === txid)
      if (t === undefined) throw Object.assign(new Error('missing'), { code: 'TX_NOT_FOUND' })
      return t.hex
    },
    listUnspent: async (address) =>
      txs.flatMap((t) =>
        t.tx.vout.flatMap((o, n): ChainUtxo[] =>
          !spent.has(`${t.txid}:${n}`) && addressOf(o.script) === address
            ? [{ txid: t.txid, vout: n, satoshis: o.value, script: o.script, height: 11 }]
            : [],
        ),
      ),
    getAddressMempool: async () => ({ outputs: [], spends: [] }),
    getAddressHistory: async () => [],
    getMempool: async () => [],
    getHeight: async () => 1000,
    broadcast: async () => {
      throw new Error('not here')
    },
  }
}

describe('tokens v2 resolvers', () => {
  test('tokenv2indexkey is the vector of the C++', () => {
    const e = (derived.cases as { id: string; expected: any }[]).find(
      (c) => c.id === 'derived-tokenv2indexkey-pk1',
    )!.expected
    expect(tokenv2indexkey(PK1, TOKEL)).toEqual(e.result)
  })
  test('token inputs from both index keys, the balance, and a transfer resolved as the builder would be given them', async () => {
    const a = buildTokenV2Create({ name: 'A', supply: '0.0001' }, ctx([FUND]))
    const b = buildTokenV2Create({ name: 'B', supply: '0.0001' }, ctx([out(a, 2)]))
    // after S1, a transfer of A leaves its change on pk1's keyID address: A then sits on both index keys
    const t1 = buildTokenV2Transfer({ tokenid: a.txid, destination: PK2, amount: 100n }, ctx([out(b, 2)]), {
      tokens: [out(a, 1)],
    })
    const view = chainOf([a, b, t1])
    expect(tokenV2Amount(a.tx, a.txid, 0, a.txid)).toBe(0n) // the marker
    expect(tokenV2Amount(a.tx, a.txid, 1, a.txid)).toBe(10000n)
    expect(tokenV2Amount(a.tx, a.txid, 1, b.txid)).toBe(0n)
    expect(await tokenv2balance({ view, pubkey: PK1, chain: TOKEL }, a.txid)).toMatchObject({
      balance: 9900n,
      CCIndexKeys: tokenv2indexkey(PK1, TOKEL),
    })
    expect((await tokenv2balance({ view, pubkey: PK1, chain: TOKEL }, b.txid)).balance).toBe(10000n)
    expect((await tokenv2balance({ view, pubkey: PK1, chain: TOKEL }, a.txid, PK2)).balance).toBe(100n)
    // every token pk1 holds, with its create's data (the dApp's one call)
    const h = await tokenv2holdings({ view, pubkey: PK1, chain: TOKEL })
    // the pubkey index key first: B's supply output, then A's keyID change
    expect(h.map((x) => [x.tokenid, x.name, x.balance, x.owner])).toEqual([
      [b.txid, 'B', 10000n, PK1],
      [a.txid, 'A', 9900n, PK1],
    ])
    const r = await resolveTokenV2Transfer(
      { tokenid: a.txid, destination: PK2, amount: 5n },
      { view, pubkey: PK1, privateKey: PRIV1, chain: TOKEL },
    )
    // the token input is t1's keyID change (the only A output of pk1), the fee from t1's P2PK change
    expect(r.tx.vin.map((i) => `${i.txid}:${i.vout}`)).toEqual([`${t1.txid}:2`, `${t1.txid}:1`])
    expect(r.tx.vout.map((o) => o.value).slice(0, 2)).toEqual([5n, 9895n])
    expect(bytesToHex(parseTransaction(hexToBytes(r.hex)).vout[1]!.script)).toBe(bytesToHex(t1.tx.vout[1]!.script))
  })
})

describe('assets v2 resolvers', () => {
  test('ask, fill and cancel resolve to the transactions the builders make from the same state', async () => {
    const PRIV2 = hexToBytes('00'.repeat(31) + '02')
    const nft = buildTokenV2CreateTokel({ name: 'N', supply: '0.00000001', data: { royalty: 500 } }, ctx([FUND]))
    // a coin for pk2 on the chain: the change of a token pk2 created
    const fund2: Utxo = { ...FUND, txid: 'cd'.repeat(32), satoshis: 1000000000n, script: hexToBytes('21' + PK2 + 'ac') }
    const c2 = buildTokenV2Create(
      { name: 'X', supply: '0.00000001' },
      { ...ctx([fund2]), pubkey: PK2, privateKey: PRIV2 },
    )
    const ask = buildTokenV2Ask({ numtokens: 1n, tokenid: nft.txid, price: '1' }, ctx([out(nft, 2)]), {
      tokens: [out(nft, 1)],
    })
    const r1 = await resolveTokenV2Ask(
      { numtokens: 1n, tokenid: nft.txid, price: '1' },
      { view: chainOf([nft, c2]), pubkey: PK1, privateKey: PRIV1, chain: TOKEL },
    )
    expect(r1.hex).toBe(ask.hex)
    const ctx2 = { pubkey: PK2, privateKey: PRIV2, chain: TOKEL }
    const fill = buildTokenV2FillAsk(
      { tokenid: nft.txid, asktxid: ask.txid, fillunits: 1n },
      { ...ctx2, utxos: [out(c2, 2)], height: 1000 },
      { ask: ask.hex, create: nft.hex },
    )
    const r2 = await resolveTokenV2FillAsk(
      { tokenid: nft.txid, asktxid: ask.txid, fillunits: 1n },
      { view: chainOf([nft, c2, ask]), ...ctx2 },
    )
    expect(r2.hex).toBe(fill.hex)
    const cancel = buildTokenV2CancelAsk({ tokenid: nft.txid, asktxid: ask.txid }, { ...ctx([]) }, { ask: ask.hex })
    const r3 = await resolveTokenV2CancelAsk(
      { tokenid: nft.txid, asktxid: ask.txid },
      { view: chainOf([nft, c2, ask]), pubkey: PK1, privateKey: PRIV1, chain: TOKEL },
    )
    expect(r3.hex).toBe(cancel.hex)
  })
})

describe("the daemon's token input gathering (AddTokenCCInputs<TokensV2>)", () => {
  // tokel src/cc/CCtokens_impl.h: the per-address gatherer's "enough" test is a `return` inside the add_token_vin
  // lambda, so every valid token output of an address is added; the pubkey overload and TokenAddTransferVout stop
  // between the two index keys once the sum covers the amount.
  const tctx = (utxos: Utxo[]) => ({ ...ctx(utxos), chain: TKLTEST })
  const a = buildTokenV2Create({ name: 'A', supply: '0.0001' }, tctx([FUND]))
  // two outputs of A on pk1's pubkey address (transfermany to itself: 100 to pk1, 9900 change to pk1)
  const split = buildTokenV2TransferMany({ tokenids: [a.txid], destpubkey: PK1, amount: 100n }, tctx([out(a, 2)]), {
    tokens: { [a.txid]: [out(a, 1)] },
  })
  test('every output on the pubkey address is taken, though the first covers the amount', async () => {
    const view = chainOf([a, split])
    const r = await resolveTokenV2Transfer(
      { tokenid: a.txid, destination: PK2, amount: 5n },
      { view, pubkey: PK1, privateKey: PRIV1, chain: TKLTEST },
    )
    expect(r.tx.vin.slice(1).map((i) => `${i.txid}:${i.vout}`)).toEqual([`${split.txid}:0`, `${split.txid}:1`])
    expect(r.tx.vout.map((o) => o.value).slice(0, 2)).toEqual([5n, 9995n])
    // the builder applies the same rule to the state it is given
    const b = buildTokenV2Transfer(
      { tokenid: a.txid, destination: PK2, amount: 5n },
      { ...tctx([out(split, 2)]) },
      { tokens: [out(split, 0), out(split, 1)] },
    )
    expect(b.hex).toBe(r.hex)
  })
  test('the keyID address is walked only when the pubkey one does not cover the amount, then wholly', async () => {
    // after S1 (TOKEL), two transfers of A to pk1's keyID … : here built by hand as sub-version-1 token outputs
    const s1 = (utxos: Utxo[]) => ctx(utxos)
    const ta = buildTokenV2Create({ name: 'A', supply: '0.0001' }, s1([FUND]))
    const t1 = buildTokenV2Transfer({ tokenid: ta.txid, destination: PK1, amount: 3n }, s1([out(ta, 2)]), {
      tokens: [out(ta, 1)],
    }) // vout 0: 3 to pk1's keyID, vout 1: 9997 change to pk1's keyID
    const t2 = buildTokenV2Transfer({ tokenid: ta.txid, destination: PK2, amount: 9990n }, s1([out(t1, 2)]), {
      tokens: [out(t1, 1)],
    }) // vout 1: 7 change to pk1's keyID; pk1's keyID address now holds 3 (t1:0) and 7 (t2:1)
    const view = chainOf([ta, t1, t2])
    const r = await resolveTokenV2Transfer(
      { tokenid: ta.txid, destination: PK2, amount: 2n },
      { view, pubkey: PK1, privateKey: PRIV1, chain: TOKEL },
    )
    // nothing on the pubkey address: both keyID outputs are taken though 3 covers 2
    expect(r.tx.vin.slice(1).map((i) => `${i.txid}:${i.vout}`)).toEqual([`${t1.txid}:0`, `${t2.txid}:1`])
    expect(r.tx.vout.map((o) => o.value).slice(0, 2)).toEqual([2n, 8n])
  })
  test("transfermany resolves to the builder's transaction from the same state", async () => {
    const b2 = buildTokenV2Create({ name: 'B', supply: '0.00000005' }, tctx([out(split, 2)]))
    const view = chainOf([a, split, b2])
    const r = await resolveTokenV2TransferMany(
      { tokenids: [a.txid, b2.txid], destpubkey: PK2, amount: 2n },
      { view, pubkey: PK1, privateKey: PRIV1, chain: TKLTEST },
    )
    const b = buildTokenV2TransferMany(
      { tokenids: [a.txid, b2.txid], destpubkey: PK2, amount: 2n },
      tctx([out(b2, 2)]),
      {
        tokens: { [a.txid]: [out(split, 0), out(split, 1)], [b2.txid]: [out(b2, 1)] },
      },
    )
    expect(r.hex).toBe(b.hex)
    expect(r.tx.vout.map((o) => o.value)).toEqual([2n, 9998n, 2n, 3n, r.tx.vout[4]!.value])
  })
})

describe('assets v2 bid resolvers', () => {
  test('bid, fill bid and cancel bid resolve to the transactions the builders make from the same state', async () => {
    const PRIV2 = hexToBytes('00'.repeat(31) + '02')
    const nft = buildTokenV2CreateTokel({ name: 'N', supply: '0.00000002', data: { royalty: 100 } }, ctx([FUND]))
    const fund2: Utxo = { ...FUND, txid: 'cd'.repeat(32), satoshis: 1000000000n, script: hexToBytes('21' + PK2 + 'ac') }
    const c2 = buildTokenV2Create(
      { name: 'X', supply: '0.00000001' },
      { ...ctx([fund2]), pubkey: PK2, privateKey: PRIV2 },
    )
    const ctx2 = { pubkey: PK2, privateKey: PRIV2, chain: TOKEL }
    const bid = buildTokenV2Bid(
      { numtokens: 2n, tokenid: nft.txid, price: '1' },
      { ...ctx2, utxos: [out(c2, 2)], height: 1000 },
      { create: nft.hex },
    )
    const r1 = await resolveTokenV2Bid(
      { numtokens: 2n, tokenid: nft.txid, price: '1' },
      { view: chainOf([nft, c2]), ...ctx2 },
    )
    expect(r1.hex).toBe(bid.hex)
    const fill = buildTokenV2FillBid({ tokenid: nft.txid, bidtxid: bid.txid, fillamount: 1n }, ctx([out(nft, 2)]), {
      bid: bid.hex,
      create: nft.hex,
      tokens: [out(nft, 1)],
    })
    const r2 = await resolveTokenV2FillBid(
      { tokenid: nft.txid, bidtxid: bid.txid, fillamount: 1n },
      { view: chainOf([nft, c2, bid]), pubkey: PK1, privateKey: PRIV1, chain: TOKEL },
    )
    expect(r2.hex).toBe(fill.hex)
    const cancel = buildTokenV2CancelBid(
      { tokenid: nft.txid, bidtxid: bid.txid },
      { ...ctx2, utxos: [], height: 1000 },
      { bid: bid.hex },
    )
    const r3 = await resolveTokenV2CancelBid(
      { tokenid: nft.txid, bidtxid: bid.txid },
      { view: chainOf([nft, c2, bid]), ...ctx2 },
    )
    expect(r3.hex).toBe(cancel.hex)
    // CancelBuyOffer spends vout 3 of a 'B' as its marker; after a fill that paid a royalty vout 3 is the bidder's
    // tokens (the marker is vout 4: FillBuyOffer's "vout3(4 if royalty)"), so neither the daemon nor the builder can
    // sign that cancel
    // coins left, seller, royalty, tokens, marker, token change, P2PK change, opret
    expect(fill.tx.vout.length).toBe(8)
    await expect(
      resolveTokenV2CancelBid(
        { tokenid: nft.txid, bidtxid: fill.txid },
        { view: chainOf([nft, c2, bid, fill]), ...ctx2 },
      ),
    ).rejects.toMatchObject({ code: 'BUILD_INPUTS' })
  })
})
