// The oracle look-up of gatewaysdeposit (issue 18): for one bind pubkey, the publisher's current baton
// (`OraclesBatontxid`; its `OracleBatonUtxo` is the oracles module's `batonAt`, one implementation since issue 32)
// and the walk back through its data transactions to the sample of a foreign block height (`CCOraclesReverseScan`).
import { KomodoCcError } from '../../errors.js'
import { hexToBytes } from '../../bytes/hex.js'
import { ccScriptAddress, txidAddress } from '../../cc/address.js'
import type { ChainParams } from '../../address/chain.js'
import { type StateReader, type VerifiedTx } from '../../cctx/resolve.js'
import { lastOpret } from '../../cctx/state-tx.js'
import { decodeOraclesOpret, type OraclesOpret } from '../oracles/opret.js'
import { batonAt } from '../oracles/resolve-state.js'
import { maybeTx, outputsOf } from './resolve-lookups.js'

const ZERO = '0'.repeat(64)
/** The longest baton chain walked back before giving up (a guard against a cycle a lying source could make). */
const MAX_WALK = 100_000

function oraclesOpretOf(t: VerifiedTx | undefined): OraclesOpret | undefined {
  return t === undefined ? undefined : lastOpret(outputsOf(t), decodeOraclesOpret)
}

/**
 * The publisher's current baton txid for an oracle, or undefined (`OraclesBatontxid`, src/cc/oracles.cpp): the
 * publisher's first 'R' among the unspent outputs at the oracle's marker address gives the baton address (its vout
 * 1); the baton there is `OracleBatonUtxo`'s, the oracles module's one implementation ({@link batonAt}: the 10000
 * output of a 'D' or 'R' of this oracle and publisher at the greatest height, then the mempool's spends at vin 1).
 * @throws KomodoCcError BUILD_STATE (a baton spent in the mempool but not at vin 1: the daemon would loop) | CHAIN_MISMATCH
 * @internal
 */
export async function oracleBaton(
  reader: StateReader,
  oracletxid: string,
  publisher: string,
  chain?: ChainParams,
): Promise<string | undefined> {
  const markers = await reader.unspent(txidAddress(oracletxid, chain))
  const regs = await reader.txs(markers.map((u) => u.txid))
  const reg = regs.find((t) => {
    const p = oraclesOpretOf(t)
    return p?.funcid === 'R' && p.oracletxid === oracletxid && p.pubkey === publisher
  })
  const out1 = reg?.tx.vout[1]
  if (out1 === undefined) return undefined
  let batonAddress: string
  try {
    batonAddress = ccScriptAddress(out1.script, chain)
  } catch {
    return undefined // not a CC output: the daemon's CC index has nothing there
  }
  return (await batonAt(reader, oracletxid, publisher, batonAddress, out1.script))?.txid
}

/** A publisher's sample of one foreign height: its data transaction and the merkle root it records. @internal */
export type OracleRootSample = { txid: string; tx: VerifiedTx }

/**
 * `CCOraclesReverseScan`: from `baton`, back through each data transaction's previous baton while it is an oracles
 * 'D' of `oracletxid`, to the first whose record starts with `height` (u32le). That sample counts when its record
 * holds a block hash and a non-zero merkle root (≥ 68 bytes); otherwise the publisher gives no root (the daemon stops
 * there too). A sample on the publisher's baton chain that names another publisher contradicts the chain
 * (`CHAIN_MISMATCH`).
 * @internal
 */
export async function reverseScan(
  reader: StateReader,
  baton: string,
  oracletxid: string,
  publisher: string,
  height: number,
): Promise<OracleRootSample | undefined> {
  let id = baton
  for (let guard = 0; guard < MAX_WALK && id !== ZERO; guard++) {
    const t = await maybeTx(reader, id)
    const p = oraclesOpretOf(t)
    if (t === undefined || p?.funcid !== 'D' || p.oracletxid !== oracletxid) return undefined
    const data = hexToBytes(p.data)
    if (data.length >= 4 && (data[0]! | (data[1]! << 8) | (data[2]! << 16) | (data[3]! << 24)) >>> 0 === height) {
      if (data.length < 68 || data.subarray(36, 68).every((b) => b === 0)) return undefined
      if (p.pubkey !== publisher)
        throw new KomodoCcError(
          'CHAIN_MISMATCH',
          `oracle sample ${t.txid} on the baton chain of ${publisher} was published by ${p.pubkey}`,
          { txid: t.txid, publisher, got: p.pubkey },
        )
      return { txid: t.txid, tx: t }
    }
    id = p.batontxid
  }
  return undefined
}
