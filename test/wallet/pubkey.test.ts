// Issue 28 finding 4: a pubkey parameter of the right shape that is no point on secp256k1 (`02` + `00`×32: x³ + 7 = 7
// is no square mod p; `02` + `ff`×32: x ≥ p) is refused with PUBKEY_INVALID by every wallet method and read that takes
// one, before anything is read from the chain source, and by the RPC client before anything is sent. On main,
// `tokentransfer` to either key was built and signed: the tokens could never be spent again. (The builders' own
// refusals are in test/modules/{tokens,oracles,gateways}/build.test.ts.)
import { describe, expect, test } from 'vitest'
import { createWallet } from '../../src/wallet/wallet.js'
import type { ChainView } from '../../src/cctx/types.js'
import { WALLET_METHODS } from '../../src/modules/registry/resolvers.js'
import { WALLET_READS } from '../../src/modules/registry/reads.js'
import { createKomodoRpc } from '../../src/rpc/client.js'
import { curvePubkey } from '../../src/cctx/pubkey.js'
import { hexToBytes } from '../../src/bytes/hex.js'
import { FLOW_KEY, FLOW_ME } from '../_util/wallet-flow.js'

const OFF_CURVE = ['02' + '00'.repeat(32), '02' + 'ff'.repeat(32)]
const T = 'ab'.repeat(32)

/** The look-ups of a chain source. */
const LOOKUPS = [
  'getTransaction',
  'getTransactions',
  'listUnspent',
  'getAddressMempool',
  'getAddressHistory',
  'getHeight',
  'getMempool',
  'getBlockTimes',
  'broadcast',
]
/** A chain source that fails the test if anything is asked of it (its optional hooks are absent). */
const untouchable = new Proxy({} as ChainView, {
  get: (_t, k) =>
    typeof k === 'string' && LOOKUPS.includes(k)
      ? () => {
          throw new Error(`the chain source was asked ${k}`)
        }
      : undefined,
})

/** Every wallet method with a pubkey parameter: its other parameters, and which ones are pubkeys. */
const CALLS: [method: string, params: (bad: string) => Record<string, unknown>, keys: string[]][] = [
  ['tokentransfer', (bad) => ({ tokenid: T, destpubkey: bad, amount: '1' }), ['destpubkey']],
  ['tokenv2transfermany', (bad) => ({ tokenids: [T], destpubkey: bad, amount: '1' }), ['destpubkey']],
  ['oraclessubscribe', (bad) => ({ oracletxid: T, publisher: bad, amount: '1' }), ['publisher']],
  [
    'gatewaysbind',
    (bad) => ({
      tokenid: T,
      oracletxid: T,
      coin: 'KMD',
      tokensupply: '100000000',
      M: 1,
      N: 2,
      pubkeys: [FLOW_ME, bad],
      pubtype: 60,
      p2shtype: 85,
      wiftype: 188,
    }),
    ['pubkeys'],
  ],
  [
    'gatewaysdeposit',
    (bad) => ({
      bindtxid: T,
      height: 1,
      coin: 'KMD',
      cointxid: T,
      claimvout: 0,
      deposithex: '00',
      proof: '00',
      destpub: bad,
      amount: '1',
    }),
    ['destpub'],
  ],
  ['gatewaysclaim', (bad) => ({ bindtxid: T, coin: 'KMD', deposittxid: T, destpub: bad, amount: '1' }), ['destpub']],
  ['gatewayswithdraw', (bad) => ({ bindtxid: T, coin: 'KMD', withdrawpub: bad, amount: '1' }), ['withdrawpub']],
]

describe('off-curve pubkeys are refused (PUBKEY_INVALID) before anything is read or sent', () => {
  const wallet = createWallet({ privateKey: FLOW_KEY, view: untouchable })

  test('curvePubkey: the two off-curve keys, and a real key passes', () => {
    for (const bad of OFF_CURVE)
      expect(() => curvePubkey(bad, 'k')).toThrow(expect.objectContaining({ code: 'PUBKEY_INVALID' }))
    expect(curvePubkey(FLOW_ME, 'k')).toEqual(hexToBytes(FLOW_ME))
  })

  test('every wallet method that takes a pubkey, as hex and as bytes', async () => {
    for (const [method, params, keys] of CALLS)
      for (const bad of OFF_CURVE)
        for (const form of [bad, hexToBytes(bad)]) {
          const e = await wallet.call(method as never, params(form as never) as never).catch((x: unknown) => x)
          expect(e, `${method} ${keys.join(',')}`).toMatchObject({ code: 'PUBKEY_INVALID' })
        }
    // the list covers every state-changing method with a pubkey parameter (by the daemon's names)
    const named = WALLET_METHODS.filter((m) => m.params.some((p) => /pub/.test(p))).map((m) => m.method)
    expect(named.sort()).toEqual(CALLS.map((c) => c[0]).sort())
  })

  test("the reads that take a pubkey: tokenbalance and every module's address read", async () => {
    const reads = WALLET_READS.filter((r) => r.params.includes('pubkey'))
    // tokenbalance, the six address reads, and Tokel's tokenv2balance, tokenv2list, tokenv2holdings
    expect(reads.length).toBe(10)
    for (const r of reads)
      for (const bad of OFF_CURVE) {
        const params = /balance$/.test(r.method) ? { tokenid: T, pubkey: bad } : { pubkey: bad }
        const e = await wallet.read(r.method as never, params as never).catch((x: unknown) => x)
        expect(e, r.method).toMatchObject({ code: 'PUBKEY_INVALID' })
      }
  })

  test('the RPC client refuses them before sending', async () => {
    let sent = 0
    const rpc = createKomodoRpc({
      url: 'http://127.0.0.1:1',
      user: 'u',
      password: 'p',
      fetch: async () => {
        sent++
        throw new Error('nothing should be sent')
      },
    } as never)
    for (const bad of OFF_CURVE)
      for (const run of [
        () => rpc.tokentransfer(T, bad, '1'),
        () => rpc.oraclessubscribe(T, bad, '1'),
        () => rpc.gatewaysbind(T, T, 'KMD', '100000000', 1, 2, [FLOW_ME, bad], 60, 85, 188),
        () => rpc.gatewaysclaim(T, 'KMD', T, bad, '1'),
        () => rpc.gatewayswithdraw(T, 'KMD', bad, '1'),
        () => rpc.tokenbalance(T, bad),
      ])
        await expect(run()).rejects.toMatchObject({ code: 'PUBKEY_INVALID' })
    expect(sent).toBe(0)
  })
})
