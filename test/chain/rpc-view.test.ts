// The ChainView contract over komodod's JSON-RPC (createRpcView), served by the devnet's HTTP JSON-RPC server.
import { createKomodoRpc } from '../../src/rpc/client.js'
import { createRpcView } from '../../src/rpc/view.js'
import { chainViewContract } from './contract.js'

chainViewContract('JSON-RPC view (createRpcView over the devnet server)', (dev) =>
  createRpcView(createKomodoRpc({ url: dev.url, user: dev.user, password: dev.password })),
)
// batches of one call each: the same answers, in more requests
chainViewContract('JSON-RPC view, maxBatch 1', (dev) =>
  createRpcView(createKomodoRpc({ url: dev.url, user: dev.user, password: dev.password }), { maxBatch: 1 }),
)
