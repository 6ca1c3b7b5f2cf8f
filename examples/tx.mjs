// Transactions: decode a daemon transaction offline, then build, sign and verify a spend of a CC output.
// Offline. Run: node examples/tx.mjs
import { decodeRawTransaction, parseTransaction, serializeTransaction, sighash, signTransaction } from 'komodo-cc/tx'
import { keySigner, txid, verifyInput, SAPLING_VERSION_GROUP_ID } from 'komodo-cc/tx'
import { bytesToHex, hexToBytes } from 'komodo-cc'
import { cc1of1 } from 'komodo-cc/cc'
import { ccScript, opReturnScript, p2pkhScript } from 'komodo-cc/script'

// 1. A faucetfund transaction from the developer docs: what `komodo-cli decoderawtransaction <hex>` prints
const hex =
  '01000000013c34d14c6a32219f4b633a1fe01f5826b3bd7b4cbe01c20cfc0c29138d9c99720100000049483045022100b265' +
  '993f541d580f10e8820f9986bdd479859fdcb2e636dd1ee1b23506eebeac02202234a6e5141345459c4b4959e921aa85b9fa' +
  '616f4c44ea15e53d08bf4885259501ffffffff0200e40b5402000000302ea22c8020e029c511da55523565835887e412e5a0' +
  'c9b920801b007000df45e545f25028248103120c008203000401cce06d66fa15090000232103fe754763c176e1339a3f62ee' +
  '6b9484720e17ee4646b65a119e9f6370c7004abcac00000000'
const decoded = decodeRawTransaction(hex)
console.log('txid      ', decoded.txid)
console.log('vout[0]   ', decoded.vout[0].value, decoded.vout[0].scriptPubKey.addresses) // 100 coins to the faucet
const tx = parseTransaction(hex)
console.log('round trip', bytesToHex(serializeTransaction(tx)) === hex, txid(tx) === decoded.txid)

// 2. Spend my 1-of-1 faucet-eval CC output (Sapling v4, komodod defaults)
const privateKey = hexToBytes('6b86b273ff34fce19d6b804eff5a3f5747ada4eaa22f1d49c01e52ddb7875b4b') // a test key
const cond = cc1of1(0xe4, keySigner(privateKey).publicKey)
const spent = { value: 100_000_000n, script: ccScript(cond), condition: cond }
/** @type {import('komodo-cc/tx').Transaction} */
const unsigned = {
  overwintered: true,
  version: 4,
  versionGroupId: SAPLING_VERSION_GROUP_ID,
  vin: [
    {
      txid: '324c0809d79de1969f21bd149125704c11abaad414c7e568cf4d4bd574214d03',
      vout: 1,
      scriptSig: new Uint8Array(0),
      sequence: 0xffffffff,
    },
  ],
  vout: [
    { value: 99_990_000n, script: p2pkhScript(hexToBytes('e6e8b8e5f5683bc0e2203e89346fde8587d5593e')) },
    { value: 0n, script: opReturnScript(hexToBytes('e44600')) },
  ],
  lockTime: 0,
  expiryHeight: 3000200,
  valueBalance: 0n,
  shieldedSpends: [],
  shieldedOutputs: [],
  joinSplits: [],
}
// the CC sighash signs only `<push cond> cc` (ZIP-243, Sapling branch)
console.log('sighash   ', bytesToHex(sighash(unsigned, 0, { scriptCode: spent.script, value: spent.value })))
const signed = signTransaction(unsigned, [spent], [privateKey]) // a 64-byte signature inside the fulfillment
console.log('signed    ', txid(signed), bytesToHex(serializeTransaction(signed)).length / 2, 'bytes')
console.log('verify    ', verifyInput(signed, 0, spent))
