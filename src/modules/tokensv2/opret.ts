// Tokens v2 payloads (eval 0xF5, Tokel's fork): create and transfer oprets (tokel src/cc/CCtokenutils.cpp
// EncodeTokenCreateOpRetV2 / DecodeTokenCreateOpRetV2, EncodeTokenOpRetV2 / DecodeTokenOpRetV2; spec tokel-v2 §4).
import { KomodoCcError } from '../../errors.js'
import {
  assertPayloadObject,
  badFuncid,
  decodeFields,
  encodeFuncid,
  FieldWriter,
  opretPayload,
  opretScript,
  type OpretDecodeOptions,
} from '../opret.js'

/** Tokens v2 eval code (`EVAL_TOKENSV2`). @example EVAL_TOKENSV2 // 0xf5 */
export const EVAL_TOKENSV2 = 0xf5
/** `TOKENS_OPRETURN_VERSION`: the version byte after the funcid. @example TOKENS_V2_OPRET_VERSION // 1 */
export const TOKENS_V2_OPRET_VERSION = 1
/** `TOKENS_MAX_NAME_LENGTH` / `TOKENS_MAX_DESC_LENGTH` (bytes), checked by `tokenv2create`. @example TOKENS_V2_LIMITS.name // 32 */
export const TOKENS_V2_LIMITS = /* @__PURE__ */ Object.freeze({ name: 32, description: 4096 } as const)

/**
 * `tokenv2create` ('c'): `f5 63 01 origpubkey:varbytes name:varstr description:varstr {blob:varbytes}*` — a version
 * byte and blobs without an id byte (v1 writes `{id blob}` pairs). The first blob is the token data (for
 * `tokenv2createtokel`, the Tokel blob `f7 01 …`).
 * @example (decodeTokensV2Opret(script) as TokensV2CreateOpret).name
 */
export type TokensV2CreateOpret = {
  funcid: 'c'
  evalCode: 0xf5
  version: 1
  origpubkey: string
  name: string
  description: string
  /** Hex of each blob, in order. */
  blobs: string[]
}

/**
 * `tokenv2transfer` ('t'): `f5 74 01 tokenid:hash32(display) {blob:varbytes}*` — no destination pubkeys. Assets v2
 * transactions carry their order payload as the one blob.
 * @example (decodeTokensV2Opret(script) as TokensV2TransferOpret).tokenid
 */
export type TokensV2TransferOpret = {
  funcid: 't'
  evalCode: 0xf5
  version: 1
  tokenid: string
  blobs: string[]
}

/** Every tokens v2 opret payload. @example const p: TokensV2Opret = decodeTokensV2Opret(script) */
export type TokensV2Opret = TokensV2CreateOpret | TokensV2TransferOpret

/**
 * Encodes a tokens v2 payload as an opret script (`6a` + push). `evalCode` and `version` may be left out.
 * @throws KomodoCcError ARG_INVALID | OPRET_FUNCID | OPRET_EVAL | PUBKEY_INVALID | HEX_INVALID | SCRIPT_TOO_LARGE
 * @example bytesToHex(encodeTokensV2Opret({ funcid: 't', tokenid, blobs: [] })) // '6a23f57401' + tokenid
 */
export function encodeTokensV2Opret(payload: TokensV2OpretInput): Uint8Array {
  return opretScript(encodeTokensV2Payload(payload))
}

/** A payload to encode: `evalCode` and `version` optional. @example const p: TokensV2OpretInput = { funcid: 't', tokenid, blobs: [] } */
export type TokensV2OpretInput =
  | (Omit<TokensV2CreateOpret, 'evalCode' | 'version'> & { evalCode?: 0xf5; version?: 1 })
  | (Omit<TokensV2TransferOpret, 'evalCode' | 'version'> & { evalCode?: 0xf5; version?: 1 })

/**
 * The bare payload bytes of {@link encodeTokensV2Opret} (no `6a` push): what an OP_DROP vdata element carries.
 * @throws KomodoCcError as {@link encodeTokensV2Opret}
 * @example bytesToHex(encodeTokensV2Payload({ funcid: 't', tokenid, blobs: [] })).slice(0, 6) // 'f57401'
 */
export function encodeTokensV2Payload(payload: TokensV2OpretInput): Uint8Array {
  const p = assertPayloadObject(payload, 'tokensv2')
  if (p.evalCode !== undefined && p.evalCode !== EVAL_TOKENSV2)
    throw new KomodoCcError('OPRET_EVAL', `tokensv2 evalCode must be 0xf5, got ${String(p.evalCode)}`, {
      path: 'evalCode',
    })
  if (p.version !== undefined && p.version !== TOKENS_V2_OPRET_VERSION)
    throw new KomodoCcError('ARG_INVALID', `tokensv2 version must be 1, got ${String(p.version)}`, { path: 'version' })
  const w = new FieldWriter(128)
  const f = encodeFuncid(w, EVAL_TOKENSV2, p.funcid, 'tokensv2', 'ct')
  w.u8(TOKENS_V2_OPRET_VERSION)
  if (f === 'c') w.pubkey(p.origpubkey, 'origpubkey').text(p.name, 'name').text(p.description, 'description')
  else w.displayTxid(p.tokenid, 'tokenid')
  if (!Array.isArray(p.blobs))
    throw new KomodoCcError('ARG_INVALID', 'tokensv2 blobs expected an array', { path: 'blobs' })
  p.blobs.forEach((b: unknown, i: number) => w.hexBytes(b, `blobs[${i}]`))
  return w.finish()
}

/**
 * Decodes a tokens v2 opret script or payload (hex or bytes) strictly: eval 0xf5, funcid 'c' or 't', version 1, a
 * valid origpubkey, every byte consumed (blobs read as varbytes to the end, as the daemon does).
 * @throws KomodoCcError OPRET_EVAL | OPRET_FUNCID | OPRET_VERSION | READ_PAST_END | PUBKEY_INVALID | OPRET_INVALID
 * @example decodeTokensV2Opret('6a23f57401' + tokenid).funcid // 't'
 */
export function decodeTokensV2Opret(
  scriptOrBytes: Uint8Array | string,
  options: OpretDecodeOptions = {},
): TokensV2Opret {
  return decodeTokensV2Payload(opretPayload(scriptOrBytes, options))
}

/** Decodes bare tokens v2 payload bytes. @internal @example decodeTokensV2Payload(bytes).funcid */
export function decodeTokensV2Payload(payload: Uint8Array): TokensV2Opret {
  return decodeFields(payload, 'tokensv2', (r) => {
    r.evalCode(EVAL_TOKENSV2)
    const f = r.funcid()
    if (f !== 'c' && f !== 't') badFuncid('tokensv2', f, 'c t')
    r.field = 'version'
    const v = r.u8()
    if (v !== TOKENS_V2_OPRET_VERSION)
      throw new KomodoCcError('OPRET_VERSION', `tokensv2 opret version ${v}, expected 1`, { got: v })
    if (f === 'c') {
      const origpubkey = r.pubkey('origpubkey')
      const name = r.varText('name')
      const description = r.varText('description')
      return { funcid: 'c', evalCode: 0xf5, version: 1, origpubkey, name, description, blobs: readBlobs(r) }
    }
    const tokenid = r.displayTxid('tokenid')
    return { funcid: 't', evalCode: 0xf5, version: 1, tokenid, blobs: readBlobs(r) }
  })
}

function readBlobs(r: { remaining: number; varHex(name: string): string }): string[] {
  const out: string[] = []
  while (r.remaining > 0) out.push(r.varHex(`blobs[${out.length}]`))
  return out
}
