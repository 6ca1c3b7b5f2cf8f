/**
 * Bytes as `Uint8Array`: hex, the strict little-endian reader and writer with CompactSize, txid (display hex) order
 * and the input checks every codec uses.
 * @module komodo-cc/bytes
 */
export { bytesToHex, hexToBytes, isHex } from './hex.js'
export {
  assertBytes,
  bytesOrHex,
  assertInt,
  assertU8,
  assertU16,
  assertU32,
  assertBigInt,
  assertBool,
} from './assert.js'
export { ByteReader, MAX_COMPACTSIZE } from './reader.js'
export { ByteWriter, compactSizeLength } from './writer.js'
export { txidToInternalBytes, internalBytesToTxid, displayHexToBytes, compareTxids, ZERO_TXID } from './uint256.js'
export { concatBytes, equalBytes, reverseBytes, compareBytes, utf8ToBytes, bytesToUtf8 } from './utils.js'
