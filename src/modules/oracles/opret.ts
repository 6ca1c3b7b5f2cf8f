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
 * `oraclescreate` ('C'): `ec 43 name:varstr format:varstr description:varstr` — **format before description**,
 * although the RPC takes name, description, format.
 * @example const p: OraclesCreateOpret = { funcid: 'C', name: 'Test_s', format: 's', description: 'Test desc' }
 */
export type OraclesCreateOpret = { funcid: 'C'; name: string; format: string; description: string }

/**
 * `oraclesfund` ('F'): `ec 46 oracletxid:u256 pubkey amount:i64le`; pubkey = the funder, amount = 10000. @example
 * (decodeOraclesOpret(script) as OraclesFundOpret).amount // 10000n
 */
export type OraclesFundOpret = { funcid: 'F'; oracletxid: string; pubkey: string; amount: bigint }

/** `oraclesregister` ('R'): same layout; pubkey = publisher, `datafee` in satoshis. @example (decodeOraclesOpret(script) as OraclesRegisterOpret).datafee */
export type OraclesRegisterOpret = { funcid: 'R'; oracletxid: string; pubkey: string; datafee: bigint }

/**
 * `oraclessubscribe` ('S'): same layout; **pubkey = the subscriber**, amount in satoshis. @example
 * (decodeOraclesOpret(script) as OraclesSubscribeOpret).pubkey // the subscriber
 */
export type OraclesSubscribeOpret = { funcid: 'S'; oracletxid: string; pubkey: string; amount: bigint }

/**
 * `oraclesdata` ('D'): `ec 44 oracletxid:u256 batontxid:u256 pubkey data:varbytes`; pubkey = publisher,
 * batontxid = the baton spent (all zeros when none), data = the record (hex; decode with `decodeOracleData`).
 * @example decodeOracleData(format, hexToBytes((decodeOraclesOpret(script) as OraclesDataOpret).data))
 */
export type OraclesDataOpret = { funcid: 'D'; oracletxid: string; batontxid: string; pubkey: string; data: string }

/** Every oracles opret payload. All txids are display hex (internal order on the wire). @example const p: OraclesOpret = decodeOraclesOpret(script) */
export type OraclesOpret =
  OraclesCreateOpret | OraclesFundOpret | OraclesRegisterOpret | OraclesSubscribeOpret | OraclesDataOpret

/**
 * Encodes an oracles payload as an opret script.
 * @throws KomodoCcError ARG_INVALID | OPRET_FUNCID | PUBKEY_INVALID | INT_RANGE | BYTES_LENGTH | HEX_INVALID | SCRIPT_TOO_LARGE
 * @example bytesToHex(encodeOraclesOpret({ funcid: 'C', name: 'Test_s', format: 's', description: 'Test desc' }))
 * // '6a15ec4306546573745f73017309546573742064657363'
 */
export function encodeOraclesOpret(payload: OraclesOpret): Uint8Array {
  return opretScript(encodeOraclesPayload(payload))
}

/** The bare payload of {@link encodeOraclesOpret}. @example encodeOraclesPayload(p)[0] // 0xec */
export function encodeOraclesPayload(payload: OraclesOpret): Uint8Array {
  const p = assertPayloadObject(payload, 'oracles')
  const w = new FieldWriter(p.funcid === 'D' ? 112 + (typeof p.data === 'string' ? p.data.length >> 1 : 0) : 80)
  const f = encodeFuncid(w, EVAL.ORACLES, p.funcid, 'oracles', 'CFRSD')
  if (f === 'C') {
    w.text(p.name, 'name').text(p.format, 'format').text(p.description, 'description')
  } else if (f === 'D') {
    w.txid(p.oracletxid, 'oracletxid')
      .txid(p.batontxid, 'batontxid')
      .pubkey(p.pubkey, 'pubkey')
      .hexBytes(p.data, 'data')
  } else {
    w.txid(p.oracletxid, 'oracletxid')
      .pubkey(p.pubkey, 'pubkey')
      .i64f(f === 'R' ? p.datafee : p.amount, f === 'R' ? 'datafee' : 'amount')
  }
  return w.finish()
}

/**
 * Decodes an oracles opret script or payload strictly: eval 0xec, funcid C F R S D, valid pubkey, every byte
 * consumed. The daemon's `DecodeOraclesOpRet` is laxer: it returns the funcid byte even when the R/S/F fields
 * fail to parse (so a malformed 'R' passes an `== 'R'` test) and its validator switches on the funcid without
 * checking the eval byte; both are refused here.
 * @throws KomodoCcError OPRET_EVAL | OPRET_FUNCID | READ_PAST_END | TRAILING_BYTES | PUBKEY_INVALID | OPRET_INVALID
 * @example decodeOraclesOpret('6a15ec4306546573745f73017309546573742064657363').name // 'Test_s'
 */
export function decodeOraclesOpret(scriptOrBytes: Uint8Array | string, options: OpretDecodeOptions = {}): OraclesOpret {
  return decodeOraclesPayload(opretPayload(scriptOrBytes, options))
}

/** Decodes bare oracles payload bytes. @internal */
export function decodeOraclesPayload(payload: Uint8Array): OraclesOpret {
  return decodeFields(payload, 'oracles', (r): OraclesOpret => {
    r.evalCode(EVAL.ORACLES)
    const f = r.funcid()
    if (f === 'D') {
      const oracletxid = r.txid('oracletxid')
      const batontxid = r.txid('batontxid')
      const pubkey = r.pubkey('pubkey')
      const data = r.varHex('data')
      r.done()
      return { funcid: 'D', oracletxid, batontxid, pubkey, data }
    }
    if (f === 'C') {
      const name = r.varText('name')
      const format = r.varText('format')
      const description = r.varText('description')
      r.done()
      return { funcid: 'C', name, format, description }
    }
    if (f !== 'F' && f !== 'R' && f !== 'S') badFuncid('oracles', f, 'C F R S D')
    const oracletxid = r.txid('oracletxid')
    const pubkey = r.pubkey('pubkey')
    if (f === 'R') {
      const datafee = r.i64f('datafee')
      r.done()
      return { funcid: 'R', oracletxid, pubkey, datafee }
    }
    const amount = r.i64f('amount')
    r.done()
    return { funcid: f, oracletxid, pubkey, amount }
  })
}
