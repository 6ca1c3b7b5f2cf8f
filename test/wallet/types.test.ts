// Issue 28 finding 8: the wallet is typed from its resolver table (as the RPC client is from its method table). On
// main every method was `(...args: unknown[])`, reads returned `Promise<unknown>` and `call` took any string:
// `wallet.tokentransfer(id, 12345, 'two hundred')` compiled. Each `@ts-expect-error` line below must be an error for
// `npm run typecheck` to pass (an unused directive is itself an error), and the expectTypeOf lines pin the types.
import { describe, expectTypeOf, test } from 'vitest'
import type { Wallet, WalletArgs, WalletCallOptionsOf, WalletParams, WalletResult } from '../../src/wallet/wallet.js'
import type { AmountArg } from '../../src/amount.js'
import type { OraclesInfo } from '../../src/modules/oracles/info.js'
import type { WalletReadResult } from '../../src/modules/registry/reads.js'
import type { WalletMethodName } from '../../src/modules/registry/resolvers.js'

declare const wallet: Wallet
declare const id: string
declare const pk: string

/** Type-only checks: compiled by the typecheck, never run (the wallet above is only declared). */
export function typeChecks(): void {
  // the daemon's parameters in its order, with their types; then optionally the call's options
  void wallet.tokentransfer(id, pk, '250')
  void wallet.tokentransfer(id, pk, 250n, { broadcast: false })
  // @ts-expect-error a JS number for an amount (finding 1: 250 could be coins or units)
  void wallet.tokentransfer(id, pk, 250)
  // @ts-expect-error the issue's example: a number for destpubkey
  void wallet.tokentransfer(id, 12345, 'two hundred')
  // @ts-expect-error a missing parameter
  void wallet.tokentransfer(id, pk)
  // @ts-expect-error an extra parameter after the options
  void wallet.tokentransfer(id, pk, '1', {}, 'extra')
  // @ts-expect-error an extra parameter where the options go
  void wallet.oraclesfund(id, 'extra')
  // optional trailing parameters may be left out, the options following the last one given
  void wallet.tokencreate('TOK', '1')
  void wallet.tokencreate('TOK', '1', 'description', { broadcast: false })
  void wallet.faucetget({ broadcast: false })
  // @ts-expect-error faucetget takes no parameters
  void wallet.faucetget('x')
  void wallet.gatewaysbind(id, id, 'KMD', '100000000', 1, 1, [pk], 60, 85, 188)
  // @ts-expect-error M is a count, not text
  void wallet.gatewaysbind(id, id, 'KMD', '100000000', 'one', 1, [pk], 60, 85, 188)

  // call: typed by method name; its parameters by the daemon's names
  void wallet.call('tokentransfer', { tokenid: id, destpubkey: pk, amount: '250' })
  // @ts-expect-error an unknown method
  void wallet.call('tokentransferr', { tokenid: id, destpubkey: pk, amount: '250' })
  // @ts-expect-error an extra parameter (another method's)
  void wallet.call('tokentransfer', { tokenid: id, destpubkey: pk, amount: '250', name: 'x' })
  // @ts-expect-error a missing parameter
  void wallet.call('tokentransfer', { tokenid: id, destpubkey: pk })
  // @ts-expect-error a wrong parameter type
  void wallet.call('oraclesregister', { oracletxid: id, datafee: 10000 })
  // the resolver's own options, per method
  void wallet.call('oraclesdata', { oracletxid: id, hexstr: '00' }, { resolve: { mempool: true } })
  // @ts-expect-error an option oraclesdata's resolver does not have
  void wallet.call('oraclesdata', { oracletxid: id, hexstr: '00' }, { resolve: { nosuch: true } })

  // reads: typed by name, resolving to the daemon's answer
  void wallet.read('oraclesinfo', { oracletxid: id })
  // @ts-expect-error an unknown read
  void wallet.read('oraclesinfoo', { oracletxid: id })
  // @ts-expect-error a read's extra positional parameter
  void wallet.oraclesinfo(id, 'extra')
}

describe('the wallet is typed from its resolver and read tables', () => {
  test('methods: positional parameters and results', () => {
    expectTypeOf<Wallet['tokentransfer']>().returns.toEqualTypeOf<Promise<WalletResult>>()
    expectTypeOf<WalletParams<'tokentransfer'>>().toEqualTypeOf<{
      tokenid: string
      destpubkey: string | Uint8Array
      amount: AmountArg
    }>()
    expectTypeOf<WalletArgs<'oraclesfund'>>().toEqualTypeOf<
      [oracletxid: string, options?: WalletCallOptionsOf<'oraclesfund'>]
    >()
    expectTypeOf<WalletMethodName>().toEqualTypeOf<Parameters<Wallet['call']>[0]>()
  })
  test('reads resolve to their RPC result types', () => {
    expectTypeOf<Wallet['oraclesinfo']>().returns.toEqualTypeOf<Promise<OraclesInfo<'offline'>>>()
    expectTypeOf<WalletReadResult<'oraclesinfo'>>().toEqualTypeOf<OraclesInfo<'offline'>>()
    expectTypeOf<ReturnType<typeof wallet.read<'oraclesinfo'>>>().toEqualTypeOf<Promise<OraclesInfo<'offline'>>>()
  })
  test('the type-only checks compile (the typecheck runs them; here they exist)', () => {
    expectTypeOf(typeChecks).toBeFunction()
  })
})
