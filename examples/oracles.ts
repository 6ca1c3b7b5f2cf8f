// README example: an oracle publisher's record, from values to the oraclesdata hexstr and back.
import {
  bytesToHex,
  decodeOracleData,
  encodeOracleData,
  formatOracleSample,
  hexToBytes,
  sbits,
  p2pkhAddress,
  toSatoshis,
} from '../src/index.js'

export function oracleExample() {
  // A price-feed sample: block height, block hash, merkle root, price in satoshis.
  const format = 'IhhL'
  const record = encodeOracleData(format, [
    16,
    '00166afa8a45b848acf54b1e957fbd5593872a44adbbc307416c8a004da8a5f7',
    'a63c52d852ff8644be09d9b178c2bff919c70641760f9934809e21a9d554f0bb',
    toSatoshis('42.12345678'),
  ])
  const hexstr = bytesToHex(record) // pass to `oraclesdata <oracletxid> <hexstr>` or to buildOraclesData

  const values = decodeOracleData(format, record) // [16, '0016…', 'a63c…', 4212345678n]
  const printed = formatOracleSample(format, record) // what `oraclessamples` shows subscribers
  const odd = formatOracleSample('sI', hexToBytes('0007000000')) // [''] — the daemon stops at an empty string

  return {
    hexstr,
    values,
    printed,
    odd,
    plan: sbits('KMDDice'),
    address: p2pkhAddress('0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'),
  }
}
