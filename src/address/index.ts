/**
 * Keys and addresses: base58 and base58check, chain parameters, P2PKH/P2SH addresses and WIF.
 * @module komodo-cc/address
 */
export { base58Encode, base58Decode } from './base58.js'
export { base58checkEncode, base58checkDecode } from './base58check.js'
export { KMD, BTC, LTC, ZEC, TOKEL, TKLTEST, CHAINS, chainParams, type ChainParams } from './chain.js'
export {
  pubkeyBytes,
  hash160ToAddress,
  p2pkhAddress,
  p2shAddress,
  decodeAddress,
  isAddress,
  encodeWif,
  decodeWif,
  type DecodedAddress,
} from './address.js'
