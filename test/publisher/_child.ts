// A publisher in its own process, for the crash tests: publishes samples `from`..`to - 1` (explicit sequence numbers,
// values made from the number) to an oracle of format 'L' over komodod JSON-RPC (the devnet's conf file), with a
// journal file; `crash` makes it SIGKILL itself at a chosen point: `journal:K` right after the K-th journal write
// (signed and written, not broadcast), `broadcast:K` right after the K-th broadcast was accepted (the journal still
// says "signed"). Prints one JSON line per sample sent, then {"done":true}.
import { createKomodoRpc } from '../../src/rpc/client.js'
import { createRpcView } from '../../src/rpc/view.js'
import { createOraclePublisher } from '../../src/publisher/index.js'
import { fileJournal } from '../../src/publisher/file-journal.js'
import type { ChainView } from '../../src/cctx/types.js'

const cfg = JSON.parse(process.argv[2]!) as {
  confPath: string
  oracletxid: string
  key: string
  journal: string
  from: number
  to: number
  crash?: string
}
const [point, at] = (cfg.crash ?? ':').split(':')
const K = Number(at)
const die = (): never => {
  process.kill(process.pid, 'SIGKILL')
  throw new Error('unreachable')
}
const base = createRpcView(createKomodoRpc({ confPath: cfg.confPath }))
let broadcasts = 0
const view: ChainView = {
  ...base,
  broadcast: async (hex) => {
    const txid = await base.broadcast(hex)
    if (point === 'broadcast' && ++broadcasts === K) die()
    return txid
  },
}
const file = fileJournal(cfg.journal)
let writes = 0
const journal = {
  ...file,
  name: cfg.journal,
  write: (text: string) => {
    file.write(text)
    if (point === 'journal' && ++writes === K) die()
  },
}
const pub = await createOraclePublisher({
  oracletxid: cfg.oracletxid,
  privateKey: cfg.key,
  view,
  journal,
  pollMs: 0,
  retry: { delayMs: 50, maxDelayMs: 500 },
})
pub.on('sent', (e) => process.stdout.write(JSON.stringify({ sent: e.seq, txid: e.txid }) + '\n'))
const all = []
for (let seq = cfg.from; seq < cfg.to; seq++) all.push(pub.publish([BigInt(seq) * 1000n + 7n], { seq }))
await Promise.all(all)
await pub.close()
process.stdout.write(JSON.stringify({ done: true }) + '\n')
