// README example: decode a daemon transaction offline, then build, sign and verify a spend of a CC output.
import {
  parseTransaction,
  serializeTransaction,
  serializeTransactionInto,
  txid,
  sighash,
  signTransaction,
  verifyInput,
  decodeRawTransaction,
} from '../src/tx/index.js'
import type { Transaction } from '../src/tx/index.js'
import { cc1of1 } from '../src/cc/condition.js'
import { ccScript } from '../src/script/cc.js'
import { opReturnScript, p2pkhScript } from '../src/script/index.js'
import { bytesToHex, hexToBytes } from '../src/bytes/index.js'

export function txExample(faucetFundHex: string, privateKey: Uint8Array, publicKey: string) {
  // 1. What `komodo-cli decoderawtransaction <hex>` prints, without a daemon
  const decoded = decodeRawTransaction(faucetFundHex)
  const faucetAddress = decoded.vout[0]!.scriptPubKey.addresses![0] // 'R9zHrofhRbub7ER77B7NrVch3A63R39GuC'

  // 2. Byte-exact model round trip and txid
  const tx = parseTransaction(faucetFundHex)
  const same = bytesToHex(serializeTransaction(tx)) === faucetFundHex
  // the same bytes into a buffer you own, after a 24-byte header of yours
  const frame = new Uint8Array(24 + faucetFundHex.length / 2)
  const end = serializeTransactionInto(tx, frame, 24)
  const framed = end === frame.length && bytesToHex(frame.subarray(24, end)) === faucetFundHex

  // 3. Spend my 1-of-1 faucet-eval CC output (Sapling v4, komodod defaults)
  const cond = cc1of1(0xe4, publicKey)
  const spent = { value: 100000000n, script: ccScript(cond), condition: cond }
  const unsigned: Transaction = {
    overwintered: true,
    version: 4,
    versionGroupId: 0x892f2085,
    vin: [
      {
        txid: '324c0809d79de1969f21bd149125704c11abaad414c7e568cf4d4bd574214d03',
        vout: 1,
        scriptSig: new Uint8Array(0),
        sequence: 0xffffffff,
      },
    ],
    vout: [
      { value: 99990000n, script: p2pkhScript(hexToBytes('e6e8b8e5f5683bc0e2203e89346fde8587d5593e')) },
      { value: 0n, script: opReturnScript(hexToBytes('e44600')) },
    ],
    lockTime: 0,
    expiryHeight: 3000200,
    valueBalance: 0n,
    shieldedSpends: [],
    shieldedOutputs: [],
    joinSplits: [],
  }
  // the CC sighash signs only `<push cond> cc` (ZIP-243, branch 0x76b809bb)
  const digest = bytesToHex(sighash(unsigned, 0, { scriptCode: spent.script, value: spent.value }))
  const signed = signTransaction(unsigned, [spent], [privateKey]) // 64-byte compact signature inside the fulfillment
  const check = verifyInput(signed, 0, spent) // { valid: true, kind: 'cc' }
  return {
    decoded,
    faucetAddress,
    same,
    framed,
    txid: txid(tx),
    digest,
    signedHex: bytesToHex(serializeTransaction(signed)),
    signedTxid: txid(signed),
    check,
  }
}
