// README example: module conditions, CC scripts and addresses, a fulfillment from a signature, and the
// offline faucetaddress.
import {
  EVAL,
  cc1of1,
  cc1of2,
  encodeCondition,
  decodeCondition,
  conditionToJson,
  conditionUri,
  ccAddress,
  ccAddress1of2,
  tokensCcAddress,
  moduleAddressInfo,
  txidAddress,
  fulfill1of1,
  verifyFulfillment,
} from '../src/cc/index.js'
import { ccScript, parseCcScript, ccScriptSig } from '../src/script/cc.js'
import { bytesToHex, hexToBytes } from '../src/bytes/index.js'

export function ccExample(signature: Uint8Array, sighash: Uint8Array) {
  const faucetPk = '03682b255c40d0cde8faee381a1a50bbb89980ff24539cb8518e294d3a63cefe12' // FaucetCChexstr
  const me = '03fdf4907810a9f5d9462a1ae09feee5ab205d32798b0ffcc379442021f84c5bbf'

  // The module 1-of-1: threshold 2 of { eval(e4), threshold 1 of { secp256k1(pk) } }
  const cond = cc1of1(EVAL.FAUCET, faucetPk)
  const condition = bytesToHex(encodeCondition(cond)) // 'a22c8020e029…8103120c008203000401' (46 bytes)
  const script = ccScript(cond) // 2e <condition> cc — what an output to the faucet's global address carries
  const address = ccAddress(EVAL.FAUCET, faucetPk) // 'R9zHrofhRbub7ER77B7NrVch3A63R39GuC' (fast path)
  const uri = conditionUri(cond) // 'ni:///sha-256;4CnF…KCQ?fpt=threshold-sha-256&cost=1182720&subtypes=…'
  const json = conditionToJson(cond) // { type: 'threshold-sha-256', threshold: 2, subfulfillments: [...] }

  // Reading a script back: condition bytes (strictly decoded on demand) and any vData tail
  const parsed = parseCcScript(script)!
  const cost = decodeCondition(parsed.condition).cost // 1182720

  // Other addresses
  const pair = ccAddress1of2(EVAL.FAUCET, faucetPk, me) // key order does not matter
  const tokens = tokensCcAddress(EVAL.FAUCET, faucetPk) // 'RKaT8VfRSsu4qWL2kfW3PCzejrzJxi1TcJ' = FaucetCCTokensAddress
  const marker = txidAddress('00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff') // CCtxidaddr
  const rpc = moduleAddressInfo('faucet', { pubkey: me }) // what `faucetaddress <me>` prints

  // Spending my 1-of-1 output: the fulfillment from a 64-byte compact signature over the sighash
  const fulfillment = fulfill1of1(EVAL.FAUCET, me, signature)
  const scriptSig = ccScriptSig(fulfillment) // 4c79 <120 bytes> 01
  const valid = verifyFulfillment(fulfillment, encodeCondition(cc1of1(EVAL.FAUCET, me)), sighash)
  const wrongKey = verifyFulfillment(fulfillment, encodeCondition(cc1of2(EVAL.FAUCET, me, faucetPk)), sighash)

  return {
    condition,
    script: bytesToHex(script),
    address,
    uri,
    json,
    cost,
    pair,
    tokens,
    marker,
    rpc,
    scriptSig: bytesToHex(scriptSig),
    valid,
    wrongKey,
    parsed,
  }
}

export const exampleInputs = {
  // key 1 of the reference vectors signing message ca0d…d619 (vectors/cc/cc-conditions.json, fulfillment_cc1)
  signature: hexToBytes(
    'f9e00c9033ecca409bd6aef6319c437600e37fcb4678dbbd70ab47b906f8bf2678c3c135813269fa1a2cc064fc062c34a3c984e0b8b64aafed2f7421e6b81410',
  ),
  sighash: hexToBytes('ca0df2c95aa144c1d0ff2ff3c8f967fdc1de9ef0c4120b3726416701b519d619'),
}
