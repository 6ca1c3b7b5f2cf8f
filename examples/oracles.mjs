// An oracle publisher's record: values → the `oraclesdata` hexstr → values again, and what subscribers see.
// Offline, no chain needed. Run: node examples/oracles.mjs
import { bytesToHex, decodeOracleData, encodeOracleData, formatOracleSample, hexToBytes } from 'komodo-cc'
import { p2pkhAddress, sbits, toSatoshis } from 'komodo-cc'

// A price-feed sample: block height, block hash, merkle root, price in satoshis.
const format = 'IhhL'
const record = encodeOracleData(format, [
  16,
  '00166afa8a45b848acf54b1e957fbd5593872a44adbbc307416c8a004da8a5f7',
  'a63c52d852ff8644be09d9b178c2bff919c70641760f9934809e21a9d554f0bb',
  toSatoshis('42.12345678'),
])
console.log('hexstr ', bytesToHex(record)) // pass it to `oraclesdata <oracletxid> <hexstr>` or to buildOraclesData
console.log('values ', decodeOracleData(format, record)) // numbers for I, hex for h, bigint for L
console.log('printed', formatOracleSample(format, record)) // what `oraclessamples` shows subscribers

// The daemon stops printing a sample at its first empty string: so does formatOracleSample.
console.log('empty s', formatOracleSample('sI', hexToBytes('0007000000')))

// sbits: a plan name as the 64-bit number the modules store; an address from a public key.
console.log('sbits  ', sbits('KMDDice'))
console.log('address', p2pkhAddress('0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'))
