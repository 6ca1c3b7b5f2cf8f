// A devnet in its own process, for benches that measure only the client's process (bench/publisher-steady.ts):
// prints one JSON line { url, user, password, privateKey, pubkey }, then runs until its stdin closes.
import { startDevnet } from '../src/devnet/server.js'

const dev = await startDevnet()
process.stdout.write(
  JSON.stringify({
    url: dev.url,
    user: dev.user,
    password: dev.password,
    privateKey: dev.privateKey,
    pubkey: dev.pubkey,
  }) + '\n',
)
process.stdin.resume()
process.stdin.on('end', () => void dev.stop().then(() => process.exit(0)))
