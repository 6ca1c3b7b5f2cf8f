// The one way a test starts an in-process devnet: `startTestDevnet(options)`. Its wallet is a fixed test account
// (like a local chain's well-known accounts), so the premine, every txid and komodod's txid orders repeat from run to
// run; under KOMODO_CC_SEED=<seed> every account is another fixed key (test/_util/seed.ts), which is how
// scripts/flake-hunt.mjs varies them. Its `stop()` is wrapped: the checks in AFTER_STOP run once the devnet has
// stopped (a test that stops a devnet through this helper gets them; a devnet closed by the `stop` RPC does too, via
// `closed`). A house rule (test/determinism.test.ts) keeps every other test file from calling startDevnet itself.
import { bytesToHex } from '../../src/bytes/hex.js'
import { keySigner } from '../../src/tx/sign.js'
import { startDevnet, type Devnet, type DevnetOptions } from '../../src/devnet/server.js'
import { seedBytes } from './seed.js'
import { relayPolicy } from '../../src/tx/policy.js'

/**
 * A gateways node: komodod started with -datacarriersize=10001, as gatewaysdeposit's OP_RETURN (its proof, about
 * 2.2 KB) needs (docs/policy.md). The one spelling of it for the tests.
 */
export const GATEWAYS_NODE = relayPolicy('asset', { datacarriersize: 10001 })

/** A fixed key pair for tests: the same on every run with the same seed. */
export type TestAccount = {
  /** The account's name (what its key is made from). */
  name: string
  privateKey: Uint8Array
  /** The private key, hex. */
  privateKeyHex: string
  /** The compressed public key, hex. */
  pubkey: string
}

/**
 * The test account called `name`: its private key is `sha256("komodo-cc test account <name> #<seed>")`.
 * @example testAccount('alice').pubkey // the same 33-byte key (hex) on every run
 */
export function testAccount(name: string): TestAccount {
  const privateKey = seedBytes(`account ${name}`)
  // sha256 lands outside 1..n-1 with probability ~2^-128: keySigner would throw, naming the account
  const pubkey = bytesToHex(keySigner(privateKey).publicKey)
  return { name, privateKey, privateKeyHex: bytesToHex(privateKey), pubkey }
}

/** The small set of fixed accounts: the devnet's wallet (its `-pubkey`) and three others. */
export const TEST_ACCOUNTS = Object.freeze({
  devnet: testAccount('devnet wallet'),
  alice: testAccount('alice'),
  bob: testAccount('bob'),
  carol: testAccount('carol'),
})

/** What runs after a test devnet stopped (each once per devnet, in order); a check throws to fail the test. */
const AFTER_STOP: readonly ((dev: Devnet) => void | Promise<void>)[] = []

/** Options of {@link startTestDevnet}: the devnet's own, and one for tests of the devnet's key handling. */
export type TestDevnetOptions = DevnetOptions & {
  /**
   * Leave the wallet key to the devnet itself (its data file's key, else a fresh random one): only for tests of
   * that behaviour. Default false: the wallet is `privateKey` if given, else {@link TEST_ACCOUNTS}.devnet.
   */
  serverKey?: boolean
}

/**
 * Starts an embedded devnet for a test: a fixed wallet key unless the test gives one, and a `stop()` that runs the
 * after-stop checks.
 * @example
 * const dev = await startTestDevnet()
 * dev.pubkey === TEST_ACCOUNTS.devnet.pubkey // true
 * await dev.stop()
 */
export async function startTestDevnet(options: TestDevnetOptions = {}): Promise<Devnet> {
  const { serverKey = false, ...rest } = options
  const dev = await startDevnet(
    serverKey || rest.privateKey !== undefined ? rest : { ...rest, privateKey: TEST_ACCOUNTS.devnet.privateKey },
  )
  const stopDevnet = dev.stop
  let checked: Promise<void> | undefined
  const afterStop = (): Promise<void> =>
    (checked ??= (async () => {
      for (const check of AFTER_STOP) await check(dev)
    })())
  dev.stop = async () => {
    await stopDevnet()
    await afterStop()
  }
  // stopped by the `stop` RPC: the checks still run (a failure there is reported by the next stop() call)
  dev.closed = dev.closed.then(afterStop)
  return dev
}
