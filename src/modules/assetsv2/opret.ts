// Assets v2 payloads (eval 0xF6, Tokel's token DEX): the order payload carried as the one blob of a tokens v2 't'
// opret (tokel src/cc/CCassetsUtils.cpp EncodeAssetOpRetV2 / DecodeAssetTokenOpRetV2; spec tokel-v2 §8.1).
import { KomodoCcError } from '../../errors.js'
import { hexToBytes } from '../../bytes/hex.js'
import {
  assertPayloadObject,
  badFuncid,
  decodeFields,
  FieldWriter,
  hexOf,
  opretPayload,
  opretScript,
  type OpretDecodeOptions,
} from '../opret.js'
import { decodeTokensV2Payload, encodeTokensV2Payload } from '../tokensv2/opret.js'

/** Assets v2 eval code (`EVAL_ASSETSV2`). @example EVAL_ASSETSV2 // 0xf6 */
export const EVAL_ASSETSV2 = 0xf6
/** `EVAL_IMPORTCOIN`: a blob starting with it is skipped when looking for the asset payload. */
const EVAL_IMPORTCOIN = 0xe2

/**
 * An order payload: ask 's', bid 'b', fill ask 'S', fill bid 'B' — `f6 funcid 01 unit_price:i64le
 * origpubkey:varbytes expiryHeight:i32le`; `unitPrice` in satoshis per token unit.
 * @example (decodeAssetsV2Opret(script) as AssetsV2OrderOpret).unitPrice // 100000000n
 */
export type AssetsV2OrderOpret = {
  funcid: 's' | 'b' | 'S' | 'B'
  evalCode: 0xf6
  version: number
  tokenid: string
  unitPrice: bigint
  origpubkey: string
  expiryHeight: number
}
/** A cancel payload: cancel ask 'x', cancel bid 'o' — exactly `f6 funcid 01`. @example decodeAssetsV2Opret(script).funcid // 'x' */
export type AssetsV2CancelOpret = { funcid: 'x' | 'o'; evalCode: 0xf6; version: number; tokenid: string }
/** Every assets v2 opret. @example const p: AssetsV2Opret = decodeAssetsV2Opret(script) */
export type AssetsV2Opret = AssetsV2OrderOpret | AssetsV2CancelOpret

/** An assets payload to encode (`evalCode` and `version` optional; version default 1). @example const p: AssetsV2OpretInput = { funcid: 'x', tokenid } */
export type AssetsV2OpretInput =
  | (Omit<AssetsV2OrderOpret, 'evalCode' | 'version'> & { evalCode?: 0xf6; version?: number })
  | (Omit<AssetsV2CancelOpret, 'evalCode' | 'version'> & { evalCode?: 0xf6; version?: number })

/**
 * The asset payload alone (`EncodeAssetOpRetV2`), without the token wrapper.
 * @throws KomodoCcError ARG_INVALID | OPRET_FUNCID | INT_RANGE | PUBKEY_INVALID
 * @example bytesToHex(encodeAssetsV2Payload({ funcid: 'x', tokenid })) // 'f67801'
 */
export function encodeAssetsV2Payload(payload: AssetsV2OpretInput): Uint8Array {
  const p = assertPayloadObject(payload, 'assetsv2')
  if (p.evalCode !== undefined && p.evalCode !== EVAL_ASSETSV2)
    throw new KomodoCcError('OPRET_EVAL', `assetsv2 evalCode must be 0xf6, got ${String(p.evalCode)}`, {
      path: 'evalCode',
    })
  const f = p.funcid
  if (typeof f !== 'string' || !'sbSBxo'.includes(f) || f.length !== 1) badFuncid('assetsv2', String(f), 's b S B x o')
  const w = new FieldWriter(64)
  w.u8(EVAL_ASSETSV2)
    .u8(f.charCodeAt(0))
    .u8f(p.version ?? 1, 'version')
  if (f !== 'x' && f !== 'o')
    w.i64f(p.unitPrice, 'unitPrice').pubkey(p.origpubkey, 'origpubkey').i32f(p.expiryHeight, 'expiryHeight')
  return w.finish()
}

/**
 * The assets opret: a tokens v2 't' opret for `tokenid` whose single blob is the asset payload
 * (`T::EncodeTokenOpRet(assetid, pks, {assetpayload})`).
 * @throws KomodoCcError as {@link encodeAssetsV2Payload}
 * @example bytesToHex(encodeAssetsV2Opret({ funcid: 'x', tokenid })) // '6a27f57401' + tokenid + '03f67801'
 */
export function encodeAssetsV2Opret(payload: AssetsV2OpretInput): Uint8Array {
  const blob = encodeAssetsV2Payload(payload)
  return opretScript(encodeTokensV2Payload({ funcid: 't', tokenid: payload.tokenid, blobs: [hexOf(blob)] }))
}

/**
 * Decodes an assets v2 opret (script or payload) strictly: a tokens v2 't' whose first blob not starting with 0xe2 is
 * the asset payload; `f6`, funcid in `s b S B x o`, version 1 (the daemon reads but does not check it); 'x'/'o' exactly
 * 3 bytes; orders fully consumed.
 * @throws KomodoCcError OPRET_EVAL | OPRET_FUNCID | OPRET_VERSION | OPRET_INVALID | READ_PAST_END | TRAILING_BYTES
 * @example decodeAssetsV2Opret(script).funcid // 's'
 */
export function decodeAssetsV2Opret(
  scriptOrBytes: Uint8Array | string,
  options: OpretDecodeOptions = {},
): AssetsV2Opret {
  return decodeAssetsV2Payload(opretPayload(scriptOrBytes, options))
}

/** Decodes a bare tokens v2 't' payload carrying an asset blob. @internal @example decodeAssetsV2Payload(bytes).funcid */
export function decodeAssetsV2Payload(payload: Uint8Array): AssetsV2Opret {
  const t = decodeTokensV2Payload(payload)
  if (t.funcid !== 't')
    throw new KomodoCcError('OPRET_FUNCID', 'an assets opret is a tokens v2 transfer (t)', { path: 'funcid' })
  const blob = t.blobs.find((b) => !b.startsWith('e2'))
  if (blob === undefined)
    throw new KomodoCcError('OPRET_INVALID', 'the tokens v2 opret carries no asset payload', { path: 'blobs' })
  return decodeAssetBlob(hexToBytes(blob), t.tokenid)
}

/** Decodes the asset blob alone. @internal @example decodeAssetBlob(hexToBytes('f67801'), tokenid).funcid // 'x' */
export function decodeAssetBlob(blob: Uint8Array, tokenid: string): AssetsV2Opret {
  return decodeFields(blob, 'assetsv2', (r) => {
    r.evalCode(EVAL_ASSETSV2)
    const f = r.funcid()
    if (!'sbSBxo'.includes(f)) badFuncid('assetsv2', f, 's b S B x o')
    r.field = 'version'
    const version = r.u8()
    if (version !== 1)
      throw new KomodoCcError('OPRET_VERSION', `assetsv2 payload version ${version}, expected 1`, { got: version })
    if (f === 'x' || f === 'o') {
      r.done()
      return { funcid: f, evalCode: 0xf6, version, tokenid }
    }
    const unitPrice = r.i64f('unitPrice')
    const origpubkey = r.pubkey('origpubkey')
    const expiryHeight = r.i32f('expiryHeight')
    r.done()
    return { funcid: f as 's' | 'b' | 'S' | 'B', evalCode: 0xf6, version, tokenid, unitPrice, origpubkey, expiryHeight }
  })
}

/** Whether a tokens v2 payload carries an asset blob (how the inspector tells an assets transaction). @internal @example isAssetsV2Payload(bytes) */
export function isAssetsV2Payload(payload: Uint8Array): boolean {
  // the inspector asks this of every opret: only a tokens v2 transfer ('t' under eval 0xF5) can be one, and a cheap
  // look at those two bytes spares every other payload a decode that throws
  if (payload.length < 2 || payload[0] !== 0xf5 || payload[1] !== 0x74) return false
  try {
    const t = decodeTokensV2Payload(payload)
    return t.funcid === 't' && (t.blobs.find((b) => !b.startsWith('e2'))?.startsWith('f6') ?? false)
  } catch {
    return false
  }
}
