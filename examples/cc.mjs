// Crypto-conditions: a module's 1-of-1 condition, its CC script and addresses, and a fulfillment made from a signature.
// Offline. Run: node examples/cc.mjs
import { EVAL, cc1of1, cc1of2, ccAddress, ccAddress1of2, conditionUri, decodeCondition } from 'komodo-cc/cc'
import { encodeCondition, fulfill1of1, moduleAddressInfo, tokensCcAddress, txidAddress } from 'komodo-cc/cc'
import { verifyFulfillment } from 'komodo-cc/cc'
import { bytesToHex, hexToBytes } from 'komodo-cc'
import { ccScript, ccScriptSig, parseCcScript } from 'komodo-cc/script'

const faucetPk = '03682b255c40d0cde8faee381a1a50bbb89980ff24539cb8518e294d3a63cefe12' // the faucet's global key
const me = '03fdf4907810a9f5d9462a1ae09feee5ab205d32798b0ffcc379442021f84c5bbf'

// The module 1-of-1: threshold 2 of { eval(e4), threshold 1 of { secp256k1(pk) } }
const cond = cc1of1(EVAL.FAUCET, faucetPk)
const script = ccScript(cond) // <push condition> OP_CHECKCRYPTOCONDITION: what an output to the faucet carries
console.log('condition', bytesToHex(encodeCondition(cond)))
console.log('script   ', bytesToHex(script))
console.log('uri      ', conditionUri(cond))
const parsed = parseCcScript(script) // null for a script that is not <push condition> OP_CHECKCRYPTOCONDITION
console.log('cost     ', parsed && decodeCondition(parsed.condition).cost)

// Addresses, as the modules' `*address` RPCs print them
console.log('address  ', ccAddress(EVAL.FAUCET, faucetPk)) // FaucetCCAddress
console.log('tokens   ', tokensCcAddress(EVAL.FAUCET, faucetPk)) // FaucetCCTokensAddress
console.log('1-of-2   ', ccAddress1of2(EVAL.FAUCET, faucetPk, me)) // key order does not matter
console.log('txid addr', txidAddress('00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff'))
console.log('faucetaddress', moduleAddressInfo('faucet', { pubkey: me }))

// Spending my 1-of-1 output: the fulfillment from a 64-byte compact signature over the sighash
const sighash = hexToBytes('ca0df2c95aa144c1d0ff2ff3c8f967fdc1de9ef0c4120b3726416701b519d619')
const signature = hexToBytes(
  'f9e00c9033ecca409bd6aef6319c437600e37fcb4678dbbd70ab47b906f8bf26' +
    '78c3c135813269fa1a2cc064fc062c34a3c984e0b8b64aafed2f7421e6b81410',
)
const fulfillment = fulfill1of1(EVAL.FAUCET, me, signature)
console.log('scriptSig', bytesToHex(ccScriptSig(fulfillment)))
const mine = encodeCondition(cc1of1(EVAL.FAUCET, me))
const other = encodeCondition(cc1of2(EVAL.FAUCET, me, faucetPk))
console.log('fulfills mine:', verifyFulfillment(fulfillment, mine, sighash))
console.log('fulfills a 1-of-2:', verifyFulfillment(fulfillment, other, sighash))
