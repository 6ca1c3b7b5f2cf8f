import { EVAL } from '../../cc/eval.js'
import { KomodoCcError } from '../../errors.js'
import {
  FieldWriter,
  assertPayloadObject,
  badFuncid,
  decodeFields,
  encodeFuncid,
  opretPayload,
  opretScript,
  type OpretDecodeOptions,
} from '../opret.js'

/**
 * `faucetget` ('G'): `e4 47 nonce:u32le` — the proof-of-work nonce. `faucetfund` has no opret at all.
 * @example const p: FaucetGetOpret = { funcid: 'G', nonce: 1 }
 */
export type FaucetGetOpret = { funcid: 'G'; nonce: number }

/**
 * The FC-2 `faucetget` opret (2018-08-15 … 2018-08-17, jl777's working branch only): `e4 47 claimant:pk nonce:u32le`,
 * 40 bytes, the claimant's pubkey before the nonce (legacy-2018-layouts.md §4.2). Tried when the 6-byte form does not fit.
 * @example (decodeFaucetOpret(script) as FaucetLegacyGetOpret).pubkey
 */
export type FaucetLegacyGetOpret = { funcid: 'G'; layout: 'legacy'; pubkey: string; nonce: number }

/** Every faucet opret payload. @example const p: FaucetOpret = decodeFaucetOpret('6a06e44704030201') */
export type FaucetOpret = FaucetGetOpret | FaucetLegacyGetOpret

/**
 * Encodes a faucet payload as an opret script.
 * @throws KomodoCcError ARG_INVALID | OPRET_FUNCID | INT_RANGE
 * @example bytesToHex(encodeFaucetOpret({ funcid: 'G', nonce: 0x01020304 })) // '6a06e44704030201'
 */
export function encodeFaucetOpret(payload: FaucetOpret): Uint8Array {
  return opretScript(encodeFaucetPayload(payload))
}

/** The bare payload of {@link encodeFaucetOpret}. @example encodeFaucetPayload({ funcid: 'G', nonce: 1 }).length // 6 */
export function encodeFaucetPayload(payload: FaucetOpret): Uint8Array {
  const p = assertPayloadObject(payload, 'faucet')
  if (p.layout !== undefined && p.layout !== 'legacy')
    throw new KomodoCcError('ARG_INVALID', `faucet layout must be 'legacy' or absent`, { path: 'layout' })
  const w = new FieldWriter(40)
  encodeFuncid(w, EVAL.FAUCET, p.funcid, 'faucet', 'G')
  if (p.layout === 'legacy') w.pubkey(p.pubkey, 'pubkey')
  w.u32f(p.nonce, 'nonce')
  return w.finish()
}

/**
 * Decodes a faucet opret script or payload strictly (eval 0xe4, funcid 'G', exactly 6 bytes; or the 40-byte FC-2
 * form with the claimant's pubkey, `layout: 'legacy'`). The daemon's
 * validator never decodes this opret (only the txid pattern matters), so any bytes would pass there.
 * @throws KomodoCcError OPRET_EVAL | OPRET_FUNCID | READ_PAST_END | TRAILING_BYTES
 * @example decodeFaucetOpret('6a06e44704030201') // { funcid: 'G', nonce: 16909060 }
 */
export function decodeFaucetOpret(scriptOrBytes: Uint8Array | string, options: OpretDecodeOptions = {}): FaucetOpret {
  return decodeFaucetPayload(opretPayload(scriptOrBytes, options))
}

/** Decodes bare faucet payload bytes. @internal */
export function decodeFaucetPayload(payload: Uint8Array): FaucetOpret {
  return decodeFields(payload, 'faucet', (r): FaucetOpret => {
    r.evalCode(EVAL.FAUCET)
    const f = r.funcid()
    if (f !== 'G') badFuncid('faucet', f, 'G')
    if (payload.length === 40) {
      const pubkey = r.pubkey('pubkey')
      const nonce = r.u32f('nonce')
      r.done()
      return { funcid: 'G', layout: 'legacy', pubkey, nonce }
    }
    const nonce = r.u32f('nonce')
    r.done()
    return { funcid: 'G', nonce }
  })
}
