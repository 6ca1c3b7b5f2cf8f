// How the devnet is wired to Electrum: `komodo-cc devnet --electrum-port`, and data files written with the former
// 141-byte header replaying under the full 1487-byte one.
import { describe, expect, test } from 'vitest'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { devnetCommand } from '../../src/cli/devnet.js'
import type { CliIo } from '../../src/cli/core.js'
import { DevChain, DEVNET_BITS, devnetBlockHeader } from '../../src/devnet/chain.js'
import { compactTarget } from '../../src/electrum/merkle.js'
import { internalBytesToTxid } from '../../src/bytes/uint256.js'
import { sha256d } from '../../src/hash/index.js'
import { hexToBytes } from '../../src/bytes/hex.js'
import { keySigner } from '../../src/tx/sign.js'
import { ElectrumClient } from '../../src/electrum/client.js'

describe('devnet wiring', () => {
  test('komodo-cc devnet --electrum-port 0 prints the Electrum endpoints and serves them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'devnet-el-'))
    const out: string[] = []
    const io: CliIo = {
      stdout: (t) => void out.push(t),
      stderr: () => {},
      env: {},
      readStdin: async () => '',
      isTty: false,
    }
    const run = devnetCommand.run(['--conf-dir', dir, '--chain', 'ELTEST', '--electrum-port', '0'], io)
    while (out.length === 0) await new Promise((r) => setTimeout(r, 20))
    const printed = JSON.parse(out.join('')) as { electrum: string; electrumWs: string; height: number }
    expect(printed.electrum).toMatch(/^tcp:\/\/127\.0\.0\.1:\d+$/)
    expect(printed.electrumWs).toBe(printed.electrum.replace('tcp://', 'ws://'))
    for (const url of [printed.electrum, printed.electrumWs]) {
      const c = new ElectrumClient(url, { pingIntervalMs: 0 })
      expect(((await c.request('blockchain.headers.subscribe')) as { height: number }).height).toBe(printed.height)
      c.close()
    }
    process.emit('SIGINT')
    expect(await run).toBe(0)
  })
  test('a data file hashed with the former 141-byte header replays; its blocks get the full headers hashes', () => {
    const pubkey = keySigner(hexToBytes('01'.repeat(32))).publicKey
    const chain = new DevChain({ walletPubkey: pubkey, genesisTime: 1_700_000_000 })
    chain.mine(3, pubkey)
    const snap = chain.snapshot()
    // the same file as the former devnet wrote it: each hash over the short header chained by the short hashes
    let prev = '0'.repeat(64)
    for (const [i, b] of snap.blocks.entries()) {
      const blk = chain.blocks[i]!
      prev = internalBytesToTxid(sha256d(devnetBlockHeader(prev, blk.merkleRoot, blk.time, blk.height, 0, true)))
      b.hash = prev
    }
    expect(snap.blocks[1]!.hash).not.toBe(chain.blocks[1]!.hash)
    const restored = DevChain.restore(snap, pubkey).chain
    expect(restored.blocks.map((b) => b.hash)).toEqual(chain.blocks.map((b) => b.hash))
    // a file whose hashes are neither is still refused
    snap.blocks[2]!.hash = 'ab'.repeat(32)
    expect(() => DevChain.restore(snap, pubkey)).toThrow(/block 2 hash mismatch/)
  })

  test('every devnet header meets its nBits; a data file written before (nonce 0, no work) replays with the new hashes', () => {
    const pubkey = keySigner(hexToBytes('01'.repeat(32))).publicKey
    const chain = new DevChain({ walletPubkey: pubkey, genesisTime: 1_700_000_000 })
    chain.mine(40, pubkey)
    const limit = compactTarget(DEVNET_BITS)!
    for (const b of chain.blocks) {
      const header = devnetBlockHeader(b.prevHash, b.merkleRoot, b.time, b.height, b.nonce)
      expect(internalBytesToTxid(sha256d(header))).toBe(b.hash)
      expect(BigInt('0x' + b.hash)).toBeLessThanOrEqual(limit) // display order is the big-endian number
    }
    // with 40 blocks at ~1/17 odds per try, some needed a nonce other than 0: the grind did something
    expect(chain.blocks.filter((b) => b.nonce > 0).length).toBeGreaterThan(0)
    const snap = chain.snapshot()
    let prev = '0'.repeat(64)
    for (const [i, b] of snap.blocks.entries()) {
      const blk = chain.blocks[i]!
      prev = internalBytesToTxid(sha256d(devnetBlockHeader(prev, blk.merkleRoot, blk.time, blk.height)))
      b.hash = prev
    }
    const restored = DevChain.restore(snap, pubkey).chain
    expect(restored.blocks.map((b) => b.hash)).toEqual(chain.blocks.map((b) => b.hash))
  })
})
