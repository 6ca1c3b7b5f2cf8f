// The devnet's funded test accounts (the accounts and accountBalance options): keys of the public phrase
// "test test … junk" at m/44'/141'/0'/0/i, derived here independently with @scure/bip39 + @scure/bip32 and addressed
// with bs58check (version byte 60, komodod's PUBKEY_ADDRESS for KMD and every asset chain), each paid by one
// transaction mined into block 1 and spendable by a key-local wallet.
import { describe, expect, test } from 'vitest'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import bs58check from 'bs58check'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { startTestDevnet } from '../_util/devnet.js'
import { createWallet } from '../../src/wallet/wallet.js'

const PHRASE = 'test test test test test test test test test test test junk'
function expectedAccount(i: number) {
  const node = HDKey.fromMasterSeed(mnemonicToSeedSync(PHRASE)).derive(`m/44'/141'/0'/0/${i}`)
  const pub = node.publicKey!
  const address = bs58check.encode(Uint8Array.of(60, ...ripemd160(sha256(pub))))
  return { pubkey: bytesToHex(pub), privateKey: bytesToHex(node.privateKey!), address }
}

describe('a devnet started with accounts: funded test accounts from a fixed seed', () => {
  test('N accounts of the public phrase, each paid accountBalance in block 1, spendable by a wallet', async () => {
    const dev = await startTestDevnet({ accounts: 3, accountBalance: '250' })
    try {
      expect(dev.mnemonic).toBe(PHRASE)
      expect(dev.accounts).toHaveLength(3)
      for (const [i, a] of dev.accounts.entries()) {
        expect(a).toMatchObject({
          index: i,
          path: `m/44'/141'/0'/0/${i}`,
          ...expectedAccount(i),
          balance: 25_000_000_000n,
        })
        expect(a.wif).toMatch(/^U/) // compressed WIF, KMD's wiftype 188
      }
      expect(dev.chain.height).toBe(1) // the funding is confirmed
      const balance = (await dev.rpc.call('getaddressbalance', [{ addresses: [dev.accounts[2]!.address] }])) as {
        balance: number
      }
      expect(balance.balance).toBe(25_000_000_000) // komodod prints getaddressbalance in satoshis
      // the key spends what it holds: a token made and signed in this process by account 1
      const wallet = createWallet({ privateKey: dev.accounts[1]!.privateKey, view: dev.view })
      const token = await wallet.tokencreate('ACCT', '0.0001', 'from a test account')
      expect(token.txid).toMatch(/^[0-9a-f]{64}$/)
    } finally {
      await dev.stop()
    }
  })

  test('with coinbaseMaturity 5 the funding waits until the premine may be spent (komodod judges the chain)', async () => {
    // komodod's CheckTxInputs: a coinbase is spent at nSpendHeight - nHeight >= CoinbaseMaturity(); the judge that
    // runs after this file refuses a funding of the genesis premine in block 1 of such a chain
    const dev = await startTestDevnet({ accounts: 1, accountBalance: '1', coinbaseMaturity: 5 })
    try {
      expect(dev.chain.height).toBe(5)
      expect(dev.accounts[0]!.balance).toBe(1_00000000n)
    } finally {
      await dev.stop()
    }
  })

  test('default: no accounts, the chain untouched (height 0)', async () => {
    const dev = await startTestDevnet()
    try {
      expect(dev.accounts).toEqual([])
      expect(dev.chain.height).toBe(0)
    } finally {
      await dev.stop()
    }
  })

  test('a restarted chain (data file) is not funded again: the accounts read back what they hold', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'devnet-accounts-')), 'chain.json')
    const first = await startTestDevnet({ accounts: 2, accountBalance: 5_00000000n, dataFile })
    const a0 = first.accounts[0]!
    await first.rpc.call('generate', [1])
    await first.stop()
    const again = await startTestDevnet({ accounts: 2, accountBalance: 5_00000000n, dataFile })
    try {
      expect(again.chain.height).toBe(2)
      expect(again.accounts.map((a) => [a.address, a.balance])).toEqual([
        [a0.address, 5_00000000n],
        [first.accounts[1]!.address, 5_00000000n],
      ])
    } finally {
      await again.stop()
    }
  })

  test('bad options: a count out of 0..100, a JS number for the balance, more than the premine holds', async () => {
    await expect(startTestDevnet({ accounts: 101 })).rejects.toMatchObject({ code: 'DEVNET' })
    await expect(startTestDevnet({ accounts: 1.5 })).rejects.toMatchObject({ code: 'DEVNET' })
    await expect(startTestDevnet({ accounts: 1, accountBalance: 5 as unknown as string })).rejects.toMatchObject({
      code: 'AMOUNT_INVALID',
    })
    await expect(startTestDevnet({ accounts: 1, accountBalance: '0' })).rejects.toMatchObject({ code: 'DEVNET' })
    // the premine is 100 × 1000 coins
    await expect(startTestDevnet({ accounts: 100, accountBalance: '1000' })).rejects.toMatchObject({ code: 'DEVNET' })
  })
})
