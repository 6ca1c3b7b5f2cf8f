// README example: what does this raw transaction do? Inspect it, read the payload, rebuild the opret.
import { inspectTransaction, inspectionText } from '../src/inspect/index.js'
import { decodeOraclesOpret, encodeOraclesOpret } from '../src/modules/oracles/opret.js'
import { oraclesinfo } from '../src/modules/oracles/info.js'
import { bytesToHex } from '../src/bytes/hex.js'
import { parseTransaction } from '../src/tx/codec.js'

export function inspectExample(registerHex: string, createHex: string) {
  // 1. A daemon hands us an oraclesregister transaction: which module, which RPC, which fields?
  const ins = inspectTransaction(registerHex)
  // ins.module 'oracles', ins.method 'oraclesregister', ins.payload { funcid: 'R', oracletxid, pubkey, datafee }
  const roles = ins.outputs.map((o) => `${o.role ?? '?'} ${o.address ?? ''}`) // marker, baton, change, opret
  const line = inspectionText(ins) // 'oraclesregister: oracletxid 0df7…9203, publisher 0381…47b5, datafee 1000000, baton RWg4…93w9'

  // 2. The opret alone, decoded and re-encoded byte for byte.
  const opret = parseTransaction(registerHex).vout.at(-1)!.script // 6a 4c 4c ec 52 …
  const payload = decodeOraclesOpret(opret)
  const same = bytesToHex(encodeOraclesOpret(payload)) === bytesToHex(opret)

  // 3. The daemon's oraclesinfo, rebuilt offline from the create and register transactions.
  const info = oraclesinfo(createHex, [registerHex])

  return { module: ins.module, method: ins.method, payload, roles, line, same, info }
}
