// One rule, one place: komodod's OracleBatonUtxo (src/cc/oracles.cpp) is `batonAt`
// (src/modules/oracles/resolve-state.ts). This file's table, written from that C++, runs over a hand-made chain
// source against the rule and the callers that need nothing else: `oraclesBaton` (oraclesdata) and gateways'
// `oracleBaton` (`OraclesBatontxid`, gatewaysdeposit). `oraclesInfo` reads it through `batonAt` too (the resolver tests).
import { describe, expect, test } from 'vitest'
import { getPublicKey } from '@noble/secp256k1'
import { batonAt, oraclesBaton } from '../../../src/modules/oracles/resolve-state.js'
import { oracleBaton } from '../../../src/modules/gateways/resolve-oracle.js'
import { encodeOraclesOpret, type OraclesOpret } from '../../../src/modules/oracles/opret.js'
import { StateReader } from '../../../src/cctx/resolve.js'
import type { AddressMempool, ChainUtxo, ChainView, MempoolSpend } from '../../../src/cctx/types.js'
import { batonPubkey, ccAddress, txidAddress, txidPubkey } from '../../../src/cc/address.js'
import { cc1of1 } from '../../../src/cc/condition.js'
import { ccScript } from '../../../src/script/cc.js'
import { p2pkScript } from '../../../src/script/script.js'
import { bytesToHex } from '../../../src/bytes/hex.js'
import { serializeTransaction, txid as txidOf } from '../../../src/tx/codec.js'
import { sha256 } from '../../../src/hash/index.js'
import type { Transaction } from '../../../src/tx/types.js'
import { plainTx } from '../../_util/tx.js'

const priv = sha256(new TextEncoder().encode('baton publisher'))
const ME = bytesToHex(getPublicKey(priv, true))
const OTHER = bytesToHex(getPublicKey(sha256(new TextEncoder().encode('another publisher')), true))
const BATON_PK = batonPubkey(priv)
const BATON = ccScript(cc1of1(0xec, BATON_PK))
const BATON_ADDR = ccAddress(0xec, BATON_PK)
const ORACLE = '0a'.repeat(32)
const OTHER_ORACLE = '0b'.repeat(32)

type Out = {
  funcid: 'D' | 'R' | 'S' | 'F'
  oracle?: string
  pubkey?: string
  /** vout 1 on the baton address; 10000 unless given */
  value?: bigint
  height: number
}
type Case = {
  name: string
  outs: Out[]
  /** index of the output whose transaction is the baton, or none; 'first by txid' of a tie */
  baton: number | null | 'first by txid'
  /** mempool transactions spending the baton: each spends the one before at vin 1 (or at `vin`) */
  mempool?: { vin: number }[]
  /** the txid found after the mempool walk: the last spender (index in `mempool`) */
  walked?: number
  refused?: string
}

// From OracleBatonUtxo: over SetCCunspents(batonaddr) in the address index's order, `if (satoshis != txfee)
// continue` (txfee 10000 for oraclesdata, OraclesBatontxid); the last opret 'D' (DecodeOraclesData) or 'R'
// (DecodeOraclesOpRet) with `oracletxid == reforacletxid && pk == publisher`; `if (height > dheight)` takes it (a tie
// keeps the first); then `while (myIsutxo_spentinmempool(…, batontxid, 1)) batontxid = myIs_baton_spentinmempool(…)`.
const CASES: Case[] = [
  { name: 'nothing on the baton address', outs: [], baton: null },
  { name: "the register's baton alone", outs: [{ funcid: 'R', height: 10 }], baton: 0 },
  {
    name: "a 'D' above the 'R'",
    outs: [
      { funcid: 'R', height: 10 },
      { funcid: 'D', height: 12 },
    ],
    baton: 1,
  },
  {
    name: 'the greatest height, whatever the order',
    outs: [
      { funcid: 'D', height: 15 },
      { funcid: 'D', height: 12 },
    ],
    baton: 0,
  },
  {
    name: 'a tie keeps the first in the index order',
    outs: [
      { funcid: 'D', height: 12 },
      { funcid: 'D', height: 12 },
    ],
    baton: 'first by txid',
  },
  {
    name: 'not exactly 10000: skipped',
    outs: [
      { funcid: 'R', height: 10 },
      { funcid: 'D', height: 12, value: 10001n },
    ],
    baton: 0,
  },
  {
    name: '9999: skipped',
    outs: [
      { funcid: 'R', height: 10 },
      { funcid: 'D', height: 12, value: 9999n },
    ],
    baton: 0,
  },
  {
    name: "another oracle's 'D': skipped",
    outs: [
      { funcid: 'R', height: 10 },
      { funcid: 'D', height: 12, oracle: OTHER_ORACLE },
    ],
    baton: 0,
  },
  {
    name: "another publisher's 'D': skipped",
    outs: [
      { funcid: 'R', height: 10 },
      { funcid: 'D', height: 12, pubkey: OTHER },
    ],
    baton: 0,
  },
  {
    name: "an 'S' or 'F' is no baton",
    outs: [
      { funcid: 'S', height: 12 },
      { funcid: 'F', height: 13 },
    ],
    baton: null,
  },
  {
    name: 'spent in the mempool at vin 1: the spender',
    outs: [{ funcid: 'R', height: 10 }],
    baton: 0,
    mempool: [{ vin: 1 }],
    walked: 0,
  },
  {
    name: 'a chain of mempool spends: the last',
    outs: [{ funcid: 'D', height: 10 }],
    baton: 0,
    mempool: [{ vin: 1 }, { vin: 1 }],
    walked: 1,
  },
  {
    name: 'spent in the mempool at another input: refused (the daemon would loop)',
    outs: [{ funcid: 'D', height: 10 }],
    baton: 0,
    mempool: [{ vin: 2 }],
    refused: 'BUILD_STATE',
  },
]

function opret(o: Out): Uint8Array {
  const oracletxid = o.oracle ?? ORACLE
  const pubkey = o.pubkey ?? ME
  const p: OraclesOpret =
    o.funcid === 'D'
      ? { funcid: 'D', oracletxid, batontxid: 'bb'.repeat(32), pubkey, data: '0100' }
      : o.funcid === 'R'
        ? { funcid: 'R', oracletxid, pubkey, datafee: 10000n }
        : o.funcid === 'S'
          ? { funcid: 'S', oracletxid, pubkey, amount: 10000n }
          : { funcid: 'F', oracletxid, pubkey, amount: 10000n }
  return encodeOraclesOpret(p)
}

/** A chain source holding the case's transactions (and nothing beyond them). */
function chainOf(c: Case) {
  const txs = new Map<string, Transaction>()
  const add = (tx: Transaction): string => {
    const id = txidOf(tx)
    txs.set(id, tx)
    return id
  }
  const listed = new Map<string, ChainUtxo[]>()
  const list = (address: string, u: ChainUtxo) => listed.set(address, [...(listed.get(address) ?? []), u])
  // the register that names the baton address (OraclesBatontxid reads it from the oracle's marker address); its own
  // baton (vout 1) is not listed: long spent, the cases' outputs are the only candidates
  const marker = p2pkScript(txidPubkey(ORACLE))
  const reg = add(
    plainTx(
      [{ txid: 'e0'.repeat(32), vout: 0 }],
      [
        { value: 10000n, script: marker },
        { value: 10000n, script: BATON },
        { value: 0n, script: opret({ funcid: 'R', height: 1 }) },
      ],
    ),
  )
  list(txidAddress(ORACLE), { txid: reg, vout: 0, satoshis: 10000n, script: marker, height: 1 })
  const ids = c.outs.map((o, i) => {
    const value = o.value ?? 10000n
    const id = add(
      plainTx(
        [{ txid: (0x10 + i).toString(16).repeat(32), vout: 0 }],
        [
          { value: 0n, script: new Uint8Array([0x51]) },
          { value, script: BATON },
          { value: 0n, script: opret(o) },
        ],
      ),
    )
    list(BATON_ADDR, { txid: id, vout: 1, satoshis: value, script: BATON, height: o.height })
    return id
  })
  const spends: MempoolSpend[] = []
  const pooled: string[] = []
  // the address index's key holds the txid in internal byte order (the display hex reversed), compared bytewise
  const internal = (id: string) => id.match(/../g)!.reverse().join('')
  const first = [...ids].sort((a, b) => (internal(a) < internal(b) ? -1 : 1))[0]
  const index = c.baton === 'first by txid' ? ids.indexOf(first!) : c.baton
  let at = index === null ? undefined : ids[index]
  for (const [k, m] of (c.mempool ?? []).entries()) {
    const vin = [
      { txid: 'f0'.repeat(32), vout: k },
      { txid: 'f1'.repeat(32), vout: k },
      { txid: 'f2'.repeat(32), vout: k },
    ]
    vin[m.vin] = { txid: at!, vout: 1 }
    const id = add(
      plainTx(vin, [
        { value: 0n, script: new Uint8Array([0x51]) },
        { value: 10000n, script: BATON },
        { value: 0n, script: opret({ funcid: 'D', height: 0 }) },
      ]),
    )
    spends.push({ txid: at!, vout: 1, spender: id, vin: m.vin })
    pooled.push(id)
    at = id
  }
  const view: ChainView = {
    getTransaction: async (id) => {
      const tx = txs.get(id)
      if (tx === undefined) throw Object.assign(new Error(`no ${id}`), { code: 'TX_NOT_FOUND' })
      return bytesToHex(serializeTransaction(tx))
    },
    listUnspent: async (address) => listed.get(address) ?? [],
    getAddressMempool: async (address): Promise<AddressMempool> => ({
      outputs: [],
      spends: address === BATON_ADDR ? spends : [],
    }),
    getAddressHistory: async () => [],
    getMempool: async () => pooled,
    getHeight: async () => 100,
    broadcast: async () => {
      throw new Error('read-only')
    },
  }
  const expected = index === null ? undefined : c.walked === undefined ? ids[index] : pooled[c.walked]
  return { view, expected }
}

const CALLERS: [string, (r: StateReader) => Promise<string | undefined>][] = [
  ['batonAt', async (r) => (await batonAt(r, ORACLE, ME, BATON_ADDR, BATON))?.txid],
  ['oraclesBaton', async (r) => (await oraclesBaton(r, ORACLE, ME, BATON_PK))?.txid],
  ["gateways' oracleBaton", (r) => oracleBaton(r, ORACLE, ME)],
]

describe('OracleBatonUtxo (src/cc/oracles.cpp)', () => {
  describe.each(CASES)('$name', (c) => {
    test.each(CALLERS)('%s', async (_, call) => {
      const { view, expected } = chainOf(c)
      const got = call(new StateReader(view))
      if (c.refused !== undefined) await expect(got).rejects.toMatchObject({ code: c.refused })
      else expect(await got).toBe(expected)
    })
  })
})
