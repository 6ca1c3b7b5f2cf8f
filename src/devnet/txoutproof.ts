// `gettxoutproof`, a node RPC of the devnet (layer 8): the merkle-block proof of confirmed transactions
// (src/tx/merkle.ts builds it), as komodod's src/rpc/rawtransaction.cpp answers it.
import { bytesToHex } from '../bytes/hex.js'
import { buildPartialMerkleTree, encodeMerkleBlock } from '../tx/merkle.js'
import { txidToInternalBytes } from '../bytes/uint256.js'
import { devnetBlockHeader, type DevChain } from './chain.js'
import { DevnetRefusal, RPC_CODES } from './refusal.js'
import { expect, type Method } from './node.js'

/**
 * `gettxoutproof ["txid",…] ( blockhash )` on the devnet: a Komodo/Zcash `CMerkleBlock` (the block header with an
 * all-zero Sapling root, 32-byte nonce and empty solution — exactly what the devnet hashes for its block hash — then
 * the BIP 37 partial merkle tree matching the given txids). All txids must be confirmed in one block.
 * @throws DevnetRefusal -8 / -5 with komodod's texts
 * @example devnetTxOutProof(chain, [txid]) // '04000000…'
 */
export function devnetTxOutProof(chain: DevChain, txids: readonly string[], blockhash?: string): string {
  if (!Array.isArray(txids) || !txids.every((t) => typeof t === 'string'))
    throw new DevnetRefusal(RPC_CODES.INVALID_PARAMETER, 'Invalid parameter, txids must be an array of txid strings')
  if (blockhash !== undefined && typeof blockhash !== 'string')
    throw new DevnetRefusal(RPC_CODES.INVALID_PARAMETER, 'Invalid parameter, blockhash must be a string')
  if (txids.length === 0) throw new DevnetRefusal(RPC_CODES.INVALID_PARAMETER, 'Invalid parameter, txids is empty')
  const want = new Set<string>()
  for (const t of txids) {
    if (!/^[0-9a-fA-F]{64}$/.test(t)) throw new DevnetRefusal(RPC_CODES.INVALID_PARAMETER, `Invalid txid ${t}`)
    if (want.has(t.toLowerCase()))
      throw new DevnetRefusal(RPC_CODES.INVALID_PARAMETER, `Invalid parameter, duplicated txid: ${t}`)
    want.add(t.toLowerCase())
  }
  let block = blockhash === undefined ? undefined : chain.blocks.find((b) => b.hash === blockhash.toLowerCase())
  if (blockhash !== undefined && block === undefined)
    throw new DevnetRefusal(RPC_CODES.INVALID_ADDRESS_OR_KEY, 'Block not found')
  if (block === undefined) {
    const first = chain.txs.get([...want][0]!)
    if (first === undefined || first.height < 0)
      throw new DevnetRefusal(RPC_CODES.INVALID_ADDRESS_OR_KEY, 'Transaction not yet in block')
    block = chain.blocks[first.height]!
  }
  for (const t of want)
    if (!block.txids.includes(t))
      throw new DevnetRefusal(
        RPC_CODES.INVALID_ADDRESS_OR_KEY,
        'Not all transactions found in specified or retrieved block',
      )
  const tree = buildPartialMerkleTree(
    block.txids.map((t) => txidToInternalBytes(t)),
    block.txids.map((t) => want.has(t)),
  )
  return bytesToHex(
    encodeMerkleBlock(devnetBlockHeader(block.prevHash, block.merkleRoot, block.time, block.height, block.nonce), tree),
  )
}

/** The `gettxoutproof` RPC. @internal */
export const TXOUTPROOF_METHOD: Method = {
  min: 1,
  max: 2,
  usage: 'gettxoutproof ["txid",...] ( blockhash )\n',
  run: (n, p) => {
    expect(p[0], 'array')
    if (p[1] !== undefined) expect(p[1], 'string')
    const ids = (p[0] as unknown[]).map((t) => {
      expect(t, 'string')
      return t as string
    })
    return devnetTxOutProof(n.chain, ids, p[1] as string | undefined)
  },
}
