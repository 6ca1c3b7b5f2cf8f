// The HD wallet on the devnet (issue 35): a key-local wallet over m/44'/141'/account'/change/index of a BIP39 test
// phrase. Default change is the daemon's (P2PK to the signing key: the very transaction createWallet builds with the
// derived key); with changeTo 'next-unused' change goes to the account's next unused change address, one fresh address
// per call, and the wallet over that change key spends it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Devnet } from '../../src/devnet/server.js'
import { startTestDevnet } from '../_util/devnet.js'
import { createWallet } from '../../src/wallet/wallet.js'
import { createHdWallet } from '../../src/wallet/hd.js'
import { createElectrumView } from '../../src/electrum/view.js'
import { keyFromMnemonic } from '../../src/keys/index.js'
import { p2pkScript } from '../../src/script/script.js'
import { hexToBytes, bytesToHex } from '../../src/bytes/hex.js'

// trezor/python-mnemonic's third English vector; never a real wallet
const PHRASE = 'letter advice cage absurd amount doctor acoustic avoid letter advice cage above'
const DEVNET_KEY = '6b'.repeat(32)
const at = (change: 0 | 1, index: number, account = 0) => keyFromMnemonic(PHRASE, { account, change, index })
const p2pk = (pubkey: string) => bytesToHex(p2pkScript(hexToBytes(pubkey)))

let dev: Devnet
beforeAll(async () => {
  dev = await startTestDevnet({ privateKey: DEVNET_KEY, electrum: true })
  await dev.mine(1)
  await dev.rpc.call('sendtoaddress', [at(0, 0).address, '10'])
  await dev.rpc.call('sendtoaddress', [at(0, 0, 1).address, '10'])
  await dev.rpc.call('sendtoaddress', [at(0, 0, 2).address, '10'])
  await dev.mine(1)
}, 60_000)
afterAll(async () => {
  await dev.stop()
})

describe('createHdWallet', () => {
  test('the default is the daemon-exact single-key wallet of the derived key (same bytes), at the BIP44 path', async () => {
    const hd = createHdWallet({ mnemonic: PHRASE, account: 0, view: dev.view })
    expect([hd.path, hd.account, hd.pubkey, hd.address]).toEqual([
      "m/44'/141'/0'/0/0",
      0,
      at(0, 0).pubkey,
      at(0, 0).address,
    ])
    const plain = createWallet({ privateKey: at(0, 0).wif, view: dev.view })
    const a = await hd.tokencreate('HDA', '0.00001', 'x', { broadcast: false })
    const b = await plain.tokencreate('HDA', '0.00001', 'x', { broadcast: false })
    expect(a.hex).toBe(b.hex)
    const change = a.build.tx.vout.filter((o) => bytesToHex(o.script) === p2pk(at(0, 0).pubkey))
    expect(change).toHaveLength(1)
  })
  test("changeTo 'next-unused': each call's change goes to the next unused change address; that key spends it", async () => {
    const hd = createHdWallet({ mnemonic: PHRASE, account: 1, view: dev.view, changeTo: 'next-unused' })
    expect(hd.path).toBe("m/44'/141'/1'/0/0")
    const first = await hd.tokencreate('HDB', '0.00001', 'first')
    expect(first.broadcast).toBe(true)
    const paysTo = (r: typeof first, pubkey: string) =>
      r.build.tx.vout.filter((o) => bytesToHex(o.script) === p2pk(pubkey)).map((o) => o.value)
    expect(paysTo(first, at(1, 0, 1).pubkey)).toHaveLength(1) // change/0: nothing used yet
    expect(paysTo(first, at(0, 0, 1).pubkey)).toEqual([]) // nothing back to the signing key
    expect(dev.chain.txs.has(first.txid)).toBe(true)
    await dev.mine(1)
    // the signing key's coins went to change/0; fund it again and the next change goes to change/1
    await dev.rpc.call('sendtoaddress', [at(0, 0, 1).address, '1'])
    await dev.mine(1)
    const second = await hd.tokencreate('HDC', '0.00001', 'second')
    expect(paysTo(second, at(1, 1, 1).pubkey)).toHaveLength(1)
    await dev.mine(1)
    const found = await hd.discover()
    expect(found.change.map((a) => [a.index, a.path])).toEqual([
      [0, "m/44'/141'/1'/1/0"],
      [1, "m/44'/141'/1'/1/1"],
    ])
    expect(found.xpub).toBe(hd.xpub)
    // the wallet over change/0 spends the change the first call left there
    const spender = createHdWallet({ mnemonic: PHRASE, account: 1, change: 1, index: 0, view: dev.view })
    expect(spender.address).toBe(at(1, 0, 1).address)
    const third = await spender.tokencreate('HDD', '0.00001', 'third')
    expect(third.build.tx.vin.some((i) => i.txid === first.txid)).toBe(true)
  }, 60_000)
  test('over Electrum: a confirmed P2PK change output marks its change key used, for a fresh view too', async () => {
    // a fresh view (a restarted wallet) has not seen the first transaction: it must learn the change keys to see
    // the P2PK change output on change/0, or it would pay change there again
    const views = [createElectrumView({ url: dev.electrum!.url }), createElectrumView({ url: dev.electrum!.url })]
    try {
      const pays = (r: { build: { tx: { vout: { script: Uint8Array }[] } } }, pubkey: string) =>
        r.build.tx.vout.some((o) => bytesToHex(o.script) === p2pk(pubkey))
      const options = { mnemonic: PHRASE, account: 2, changeTo: 'next-unused' } as const
      const first = await createHdWallet({ ...options, view: views[0]! }).tokencreate('HDE', '0.00001', 'first')
      expect(pays(first, at(1, 0, 2).pubkey)).toBe(true)
      await dev.mine(1)
      await dev.rpc.call('sendtoaddress', [at(0, 0, 2).address, '1'])
      await dev.mine(1)
      const second = await createHdWallet({ ...options, view: views[1]! }).tokencreate('HDF', '0.00001', 'second')
      expect(pays(second, at(1, 1, 2).pubkey)).toBe(true) // not change/0 again
    } finally {
      for (const v of views) v.close()
    }
  }, 60_000)
  test('typed refusals', () => {
    const code = (c: string) => expect.objectContaining({ code: c })
    expect(() => createHdWallet({ mnemonic: PHRASE, view: dev.view, changeTo: 'nope' as never })).toThrow(
      code('ARG_INVALID'),
    )
    expect(() => createHdWallet({ view: dev.view } as never)).toThrow(code('ARG_INVALID'))
    expect(() => createHdWallet({ mnemonic: 'letter advice', view: dev.view })).toThrow(code('MNEMONIC_INVALID'))
    expect(() => createHdWallet({ mnemonic: PHRASE, view: dev.view, index: 2 ** 31 })).toThrow(code('HD_PATH_RANGE'))
    // createWallet points a seed phrase to createHdWallet
    expect(() => createWallet({ mnemonic: PHRASE, view: dev.view } as never)).toThrow(code('ARG_INVALID'))
  })
})
