// Tokens v2 resolvers over an in-memory chain of built transactions: the daemon's token input gathering (two index
// keys, the pubkey one first; valid token outputs of the tokenid only), tokenv2balance, tokenv2indexkey.
import { describe, expect, test } from 'vitest'
import derived from '../../vectors/tokel/derived-cpp.json' with { type: 'json' }
import { bytesToHex, hexToBytes } from '../../src/bytes/hex.js'
import { TOKEL } from '../../src/address/chain.js'
import { p2pkhAddress } from '../../src/address/address.js'
import { ccV2Address, isCcV2Script } from '../../src/script/ccv2.js'
import { buildTokenV2Create, buildTokenV2CreateTokel, buildTokenV2Transfer } from '../../src/modules/tokensv2/build.js'
import { buildTokenV2Ask, buildTokenV2CancelAsk, buildTokenV2FillAsk } from '../../src/modules/assetsv2/build.js'
import {
  resolveTokenV2Ask,
  resolveTokenV2CancelAsk,
  resolveTokenV2FillAsk,
} from '../../src/modules/assetsv2/resolve.js'
import {
  resolveTokenV2Transfer,
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
