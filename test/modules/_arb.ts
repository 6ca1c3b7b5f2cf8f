import fc from 'fast-check'
import { bytesToHex } from '../../src/bytes/hex.js'
import type { TokensOpret } from '../../src/modules/tokens/opret.js'
import type { FaucetOpret } from '../../src/modules/faucet/opret.js'
import type { DiceOpret } from '../../src/modules/dice/opret.js'
import type { OraclesOpret } from '../../src/modules/oracles/opret.js'
import type { Gateways2018Opret, GatewaysOpret } from '../../src/modules/gateways/opret.js'
import type { RewardsOpret } from '../../src/modules/rewards/opret.js'
import { sbits } from '../../src/sbits.js'

const hex = (min: number, max: number) => fc.uint8Array({ minLength: min, maxLength: max }).map((b) => bytesToHex(b))
export const txid = hex(32, 32)
export const pubkey = fc.oneof(
  fc.tuple(fc.constantFrom('02', '03'), hex(32, 32)).map(([a, b]) => a + b),
  fc.tuple(fc.constantFrom('04', '06', '07'), hex(64, 64)).map(([a, b]) => a + b),
)
const text = fc.string({ maxLength: 40, unit: 'grapheme' })
const i64 = fc.bigInt(-(2n ** 63n), 2n ** 63n - 1n)
const u64 = fc.bigInt(0n, 2n ** 64n - 1n)
const u8 = fc.integer({ min: 0, max: 255 })
const i32 = fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 })
// plan names: printable ASCII without NUL so the name round-trips; or arbitrary sbits with name null/recovered
const planBits = fc.oneof(
  fc
    .string({
      minLength: 1,
      maxLength: 8,
      unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    })
    .map((n) => sbits(n)),
  u64,
)
function nameOf(bits: bigint): string | null {
  if (bits === 0n) return null
  let v = bits,
    s = '',
    ended = false
  for (let i = 0; i < 8; i++) {
    const b = Number(v & 0xffn)
    v >>= 8n
    if (b === 0) {
      ended = true
      continue
    }
    if (ended || b < 0x20 || b > 0x7e) return null
    s += String.fromCharCode(b)
  }
  return s
}
const blob = fc.record({ id: fc.integer({ min: 1, max: 255 }), data: hex(0, 40) })

export const tokensArb: fc.Arbitrary<TokensOpret> = fc.oneof(
  fc.record({
    funcid: fc.constant('c' as const),
    evalCode: fc.constantFrom(0xf2 as const, 0xe3 as const),
    origpubkey: pubkey,
    name: text,
    description: text,
    blobs: fc.array(blob, { maxLength: 3 }),
  }),
  fc.record({
    funcid: fc.constant('t' as const),
    evalCode: fc.constant(0xf2 as const),
    tokenid: txid,
    pubkeys: fc.array(pubkey, { maxLength: 2 }),
    blobs: fc.array(blob, { maxLength: 3 }),
  }),
  fc.record({
    funcid: fc.constant('t' as const),
    evalCode: fc.constant(0xf2 as const),
    tokenid: txid,
    pubkeys: fc.array(pubkey, { maxLength: 2 }),
    blobs: fc
      .tuple(fc.constantFrom('11', 'e3'), fc.constantFrom(...'RHQKGsbSBxo'), hex(0, 20))
      .filter(([a, c]) => (a === '11' ? 'RHQKG'.includes(c) : 'sbSBxo'.includes(c)))
      .map(([a, c, rest]) => [{ id: a === '11' ? 0x16 : 0x12, data: a + c.charCodeAt(0).toString(16) + rest }]),
    legacyBlob: fc.constant(true),
  }),
  fc.record({ funcid: fc.constant('t' as const), evalCode: fc.constant(0xe3 as const), tokenid: txid }),
)
export const faucetArb: fc.Arbitrary<FaucetOpret> = fc.oneof(
  fc.record({ funcid: fc.constant('G' as const), nonce: fc.integer({ min: 0, max: 0xffffffff }) }),
  fc.record({
    funcid: fc.constant('G' as const),
    layout: fc.constant('legacy' as const),
    pubkey: fc.tuple(fc.constantFrom('02', '03'), hex(32, 32)).map(([a, b]) => a + b),
    nonce: fc.integer({ min: 0, max: 0xffffffff }),
  }),
)

export const diceArb: fc.Arbitrary<DiceOpret> = fc
  .oneof(
    fc
      .record({
        funcid: fc.constant('F' as const),
        sbits: planBits,
        minbet: i64,
        maxbet: i64,
        maxodds: i64,
        timeoutblocks: i64,
      })
      .map((p) => ({ ...p, name: nameOf(p.sbits) })),
    fc
      .record({
        funcid: fc.constantFrom('E' as const, 'B' as const, 'W' as const, 'L' as const, 'T' as const),
        sbits: planBits,
        fundingtxid: txid,
        hash: txid,
        proof: txid,
      })
      .map((p) => ({ ...p, name: nameOf(p.sbits) })),
    fc
      .record({ funcid: fc.constant('R' as const), sbits: planBits, fundingtxid: txid, hash: txid, oldbettxid: txid })
      .map((p) => ({ ...p, name: nameOf(p.sbits) })),
  )
  .map((p) => reorder(p, ['funcid', 'sbits', 'name']) as DiceOpret)

export const rewardsArb: fc.Arbitrary<RewardsOpret> = fc.oneof(
  fc
    .record({
      funcid: fc.constant('F' as const),
      sbits: planBits,
      APR: u64,
      minseconds: u64,
      maxseconds: u64,
      mindeposit: u64,
    })
    .map((p) => ({ ...p, name: nameOf(p.sbits) })),
  fc
    .record({ funcid: fc.constantFrom('A' as const, 'L' as const, 'U' as const), sbits: planBits, fundingtxid: txid })
    .map((p) => ({ ...p, name: nameOf(p.sbits) })),
) as fc.Arbitrary<RewardsOpret>

export const oraclesArb: fc.Arbitrary<OraclesOpret> = fc.oneof(
  fc.record({ funcid: fc.constant('C' as const), name: text, format: text, description: text }),
  fc.record({ funcid: fc.constantFrom('F' as const, 'S' as const), oracletxid: txid, pubkey, amount: i64 }),
  fc.record({ funcid: fc.constant('R' as const), oracletxid: txid, pubkey, datafee: i64 }),
  fc.record({ funcid: fc.constant('D' as const), oracletxid: txid, batontxid: txid, pubkey, data: hex(0, 300) }),
)

const wrapper = { tokenid: txid, voutPubkeys: fc.array(pubkey, { maxLength: 2 }) }
export const gatewaysArb: fc.Arbitrary<GatewaysOpret> = fc.oneof(
  fc.record({
    funcid: fc.constant('B' as const),
    ...wrapper,
    coin: text,
    totalsupply: i64,
    oracletxid: txid,
    M: u8,
    N: u8,
    pubkeys: fc.array(pubkey, { maxLength: 4 }),
    taddr: u8,
    prefix: u8,
    prefix2: u8,
    wiftype: u8,
  }),
  fc.record({
    funcid: fc.constant('B' as const),
    layout: fc.constant('legacy' as const),
    coin: text,
    prefix: u8,
    prefix2: u8,
    taddr: u8,
    tokenid: txid,
    totalsupply: i64,
    M: u8,
    N: u8,
    pubkeys: fc.array(pubkey, { maxLength: 4 }),
    oracletxid: txid,
  }),
  fc.record({
    funcid: fc.constant('C' as const),
    ...wrapper,
    bindtxid: txid,
    refcoin: text,
    deposittxid: txid,
    destpub: pubkey,
    amount: i64,
  }),
  fc.record({
    funcid: fc.constant('W' as const),
    ...wrapper,
    bindtxid: txid,
    refcoin: text,
    withdrawpub: pubkey,
    amount: i64,
  }),
  fc.record({
    funcid: fc.constant('D' as const),
    refcoin: text,
    bindtxid: txid,
    publishers: fc.array(pubkey, { maxLength: 3 }),
    txids: fc.array(txid, { maxLength: 3 }),
    height: i32,
    cointxid: txid,
    claimvout: i32,
    deposithex: hex(0, 100),
    proof: hex(0, 200),
    destpub: pubkey,
    amount: i64,
  }),
  fc.record({
    funcid: fc.constant('P' as const),
    withdrawtxid: txid,
    refcoin: text,
    K: u8,
    signerpk: pubkey,
    hex: hex(0, 100),
  }),
  fc.record({ funcid: fc.constant('S' as const), withdrawtxid: txid, refcoin: text, K: u8, hex: hex(0, 100) }),
  fc.record({ funcid: fc.constant('M' as const), withdrawtxid: txid, refcoin: text, completetxid: txid }),
  fc.record({
    funcid: fc.constant('P' as const),
    layout: fc.constant('legacy' as const),
    K: i32,
    signerpk: pubkey,
    refcoin: text,
    hex: hex(0, 100),
  }),
  fc.record({
    funcid: fc.constant('M' as const),
    layout: fc.constant('legacy' as const),
    refcoin: text,
    completetxid: txid,
  }),
) as fc.Arbitrary<GatewaysOpret>

/** The 2018 gateways records (legacy-2018-layouts.md §3.2). */
export const gateways2018Arb: fc.Arbitrary<Gateways2018Opret> = fc.oneof(
  fc.record({
    funcid: fc.constant('B' as const),
    layout: fc.constant('legacy' as const),
    coin: text,
    prefix: u8,
    prefix2: u8,
    taddr: u8,
    tokenid: txid,
    totalsupply: i64,
    M: u8,
    N: u8,
    pubkeys: fc.array(pubkey, { maxLength: 4 }),
    oracletxid: txid,
  }),
  fc.record({
    funcid: fc.constant('D' as const),
    refcoin: text,
    bindtxid: txid,
    publishers: fc.array(pubkey, { maxLength: 3 }),
    txids: fc.array(txid, { maxLength: 3 }),
    height: i32,
    cointxid: txid,
    layout: fc.constant('legacy' as const),
    deposithex: hex(0, 100),
    proof: hex(0, 200),
    destpub: pubkey,
    amount: i64,
  }),
  fc.record({
    funcid: fc.constant('t' as const),
    evalCode: fc.constant(0xe3 as const),
    layout: fc.constant('legacy' as const),
    tokenid: txid,
    refcoin: text,
    bindtxid: txid,
    deposittxid: txid,
    destpub: pubkey,
    amount: i64,
  }),
  fc.record({
    funcid: fc.constant('W' as const),
    layout: fc.constant('legacy' as const),
    tokenid: txid,
    refcoin: text,
    withdrawpub: pubkey,
    amount: i64,
  }),
  fc.record({
    funcid: fc.constant('P' as const),
    layout: fc.constant('legacy' as const),
    K: i32,
    signerpk: pubkey,
    refcoin: text,
    hex: hex(0, 100),
  }),
  fc.record({
    funcid: fc.constant('C' as const),
    layout: fc.constant('legacy' as const),
    refcoin: text,
    withdrawtxid: txid,
    hex: hex(0, 100),
  }),
  fc.record({
    funcid: fc.constant('M' as const),
    layout: fc.constant('legacy' as const),
    refcoin: text,
    completetxid: txid,
  }),
  fc.record({
    funcid: fc.constant('M' as const),
    layout: fc.constant('legacy' as const),
    cointxid: txid,
    refcoin: text,
  }),
) as fc.Arbitrary<Gateways2018Opret>

function reorder(o: Record<string, unknown>, first: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const k of first) out[k] = o[k]
  for (const k of Object.keys(o)) if (!(k in out)) out[k] = o[k]
  return out
}
