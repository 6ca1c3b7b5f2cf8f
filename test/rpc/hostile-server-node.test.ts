// The hostile-server suite (hostile-server.test.ts) again, over the Node root's transport (issue 34: a keep-alive
// HTTP/1.1 client of our own on node:net) instead of fetch: the same servers, the same typed errors, bounds and
// scrubbing. The fetch client module is replaced by one whose default `fetch` is the Node transport; a test that gives
// its own `fetch` keeps it.
import { vi } from 'vitest'

vi.mock('../../src/rpc/client.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/rpc/client.js')>()
  const { nodeHttpFetch } = await import('../../src/rpc/node-http.js')
  return {
    ...real,
    createKomodoRpc: (o: Parameters<typeof real.createKomodoRpc>[0]) =>
      real.createKomodoRpc(
        typeof o === 'object' && o !== null && o.fetch === undefined ? { ...o, fetch: nodeHttpFetch() } : o,
      ),
  }
})

await import('./hostile-server.test.js')
