// A devnet in its own process, for benches that measure only the client's process (bench/publisher-steady.ts):
// prints one JSON line { url, user, password, privateKey, pubkey, secp256k1 }, then runs until its stdin closes.
// Its mempool checks signatures with komodod's own libsecp256k1 (tiny-secp256k1, WebAssembly, a devDependency) as a
// node would, unless BENCH_DEVNET_SECP256K1=noble asks for the library's pure-JS default (the devnet's default).
import { startDevnet } from '../src/devnet/server.js'
import { tinySecp256k1Backend, type Secp256k1Backend } from '../src/tx/sign.js'

const which = process.env.BENCH_DEVNET_SECP256K1 ?? 'tiny'
let secp256k1: Secp256k1Backend | undefined
if (which === 'tiny') secp256k1 = tinySecp256k1Backend(await import('tiny-secp256k1'))
else if (which !== 'noble') throw new Error(`BENCH_DEVNET_SECP256K1 is tiny or noble, not ${which}`)
const dev = await startDevnet(secp256k1 === undefined ? {} : { secp256k1 })
process.stdout.write(
  JSON.stringify({
    url: dev.url,
    user: dev.user,
    password: dev.password,
    privateKey: dev.privateKey,
    pubkey: dev.pubkey,
    secp256k1: secp256k1?.name ?? '@noble/secp256k1',
  }) + '\n',
)
process.stdin.resume()
process.stdin.on('end', () => void dev.stop().then(() => process.exit(0)))
