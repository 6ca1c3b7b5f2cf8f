// The faucet module's step of `komodo-cc demo` (layer 8, listed in src/modules/registry/io.ts): fund the faucet,
// then a brand-new key claims from it with the proof of work.
import { ccAddress } from '../../cc/address.js'
import { ccModule, EVAL } from '../../cc/eval.js'
import { sha256 } from '../../hash/index.js'
import { utf8ToBytes } from '../../bytes/utils.js'
import { keySigner } from '../../tx/sign.js'
import type { ModuleDemo } from '../../devnet/module.js'
import { buildFaucetGetAsync } from './build.js'
import type { WalletMethod } from '../../wallet/wallet.js'
import { createWallet } from '../../wallet/wallet.js'
import { FAUCET_MIN_UTXO } from './add-inputs.js'

/** The faucet demo's option. */
export type FaucetDemoOptions = {
  /** Run the faucet claim (its proof of work takes about a second with the fast search; default true). */
  faucet?: boolean
}

/**
 * The faucet step of the demo: `faucetfund` of 10 coins, then a brand-new key's `faucetget` built here with the
 * proof of work (a progress bar on stderr) and sent; `--quick` skips it.
 * @example await faucetDemo.run(ctx, { faucet: false })
 * @internal
 */
export const faucetDemo: ModuleDemo<FaucetDemoOptions> = /* @__PURE__ */ Object.freeze({
  quick: Object.freeze({
    options: Object.freeze({ faucet: false }),
    skips: 'the faucet claim (its proof of work takes about a second)',
  }),
  async run({ io, rpc, line, submit, confirm }, options) {
    if (options.faucet === false) {
      line('faucet', 'skipped (--quick)')
      return { ok: true }
    }
    const ff = await rpc.faucetfund('10')
    await submit('faucetfund', ff.hex, '10 coins into the faucet')
    await confirm()
    const newcomer = keySigner(sha256(utf8ToBytes(`newcomer ${Date.now()}`))).publicKey
    const faucetCoins = (await rpc.listUnspent(ccAddress(EVAL.FAUCET, ccModule(EVAL.FAUCET).pubkey))).filter(
      (u) => u.satoshis > FAUCET_MIN_UTXO,
    )
    const bar = (tried: number): void => {
      const width = 30
      const filled = Math.min(width, Math.round((tried / 65536) * (width / 2)))
      const text = `  proof of work [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${tried} nonces`
      if (io.isTty === true) io.stderr(`\r${text}`)
      else if (tried % 16384 < 1024) io.stderr(`${text}\n`)
    }
    const claim = await buildFaucetGetAsync(
      {},
      { pubkey: newcomer, utxos: [], height: await rpc.getblockcount() },
      { faucetUtxos: faucetCoins },
      { progressEvery: 1024, onProgress: bar },
    )
    if (io.isTty === true) io.stderr('\n')
    await submit('faucetget', claim.hex, `0.1 coin to a brand-new key after ${claim.attempts} nonces (txid 00…00)`)
    await confirm()
    return { ok: /^00.*00$/.test(claim.txid) }
  },
  async wallet({ wallet, view, sent, confirm, line }, options) {
    const fund = await (wallet.faucetfund as WalletMethod)('5')
    sent('faucetfund', fund, '5 coins into the faucet')
    await confirm()
    if (options.faucet === false) {
      line('wallet faucetget', 'skipped (--quick)')
      return { ok: true }
    }
    // a brand-new key (the daemon pays only addresses without history) claims: proof of work in this process
    let key: Uint8Array
    do key = globalThis.crypto.getRandomValues(new Uint8Array(32))
    while (!validKey(key))
    const newcomer = createWallet({ privateKey: key, view })
    const claim = await (newcomer.faucetget as WalletMethod)()
    sent('faucetget', claim, `0.1 coin to a brand-new key (${newcomer.address}), its proof of work done here`)
    await confirm()
    return { ok: /^00.*00$/.test(claim.txid) }
  },
})

function validKey(k: Uint8Array): boolean {
  try {
    keySigner(k)
    return true
  } catch {
    return false
  }
}
