// A minimal tokencreate resolver over the real builder that, unlike the module's resolver (confirmed coins only, as
// the daemon), also spends the caller's mempool coins: the wallet tests use it to show calls chaining through the
// mempool. The modules' own resolvers are tested in test/modules/<m>/resolve.test.ts.
import { buildContextOf, normalCoins, StateReader, type MethodResolver } from '../../src/cctx/resolve.js'
import { buildTokenCreate } from '../../src/modules/tokens/build.js'

export const mempoolTokenCreate: MethodResolver = {
  method: 'tokencreate',
  params: ['name', 'supply', 'description', 'data'],
  resolve: async (p, ctx) => {
    const r = new StateReader(ctx.view)
    const utxos = await normalCoins(r, ctx.pubkey)
    return buildTokenCreate(p as never, buildContextOf(ctx, utxos, await r.height()))
  },
}
