// The curated public API (issue 17): nothing marked @internal is exported from the package root or any subpath
// entry (package.json "exports" → tsup entries), and the root's size is pinned so growth is a decision.
import { describe, expect, test } from 'vitest'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { subpathEntries } from '../tsup.config.js'

const SRC = resolve(__dirname, '..', 'src')
const files = (dir: string, ext = '.ts'): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    return statSync(p).isDirectory() ? files(p, ext) : p.endsWith(ext) ? [p] : []
  })

/** Names of exported functions, consts and classes whose TSDoc says @internal. */
function internalNames(): Set<string> {
  const out = new Set<string>()
  for (const f of files(SRC)) {
    const lines = readFileSync(f, 'utf8').split('\n')
    lines.forEach((l, i) => {
      const m = /^export (?:async )?(?:function|const|class|let) (\w+)/.exec(l)
      if (m === null || !lines[i - 1]?.trim().endsWith('*/')) return
      let j = i - 1
      let doc = ''
      while (j >= 0 && !lines[j]!.includes('/**')) doc = lines[j--]! + doc
      if (/@internal/.test((lines[j] ?? '') + doc)) out.add(m[1]!)
    })
  }
  return out
}

const ENTRIES = Object.entries(subpathEntries())

describe('public API', () => {
  test('every subpath entry (package.json exports, as tsup.config.ts builds them) exists and exports nothing @internal', async () => {
    expect(ENTRIES.length).toBeGreaterThan(10)
    const internal = internalNames()
    const leaks: string[] = []
    for (const [name, file] of ENTRIES) {
      const m = (await import(resolve(__dirname, '..', file))) as Record<string, unknown>
      for (const k of Object.keys(m)) if (internal.has(k)) leaks.push(`${name}: ${k}`)
    }
    expect(leaks).toEqual([])
  }, 60_000)
  test('the root is the everyday tier (issue 32): at most 150 run-time names, no internals, no two differing only in case', async () => {
    const root = Object.keys(await import('../src/index.js'))
    const node = Object.keys(await import('../src/node.js'))
    // 120 (was 395 before issue 32): errors 2, bytes 2, addresses 9, keys 7, amounts 4, plan names 2, oracle data 8,
    // transactions 11 and the P2PK script of a coin 1, CC addresses and eval codes 4, the six modules' builders 25 +
    // opret decoders 6 + offline `*info` 6, the inspector 3, the wallet 7 + createModuleWallet and its seven parts 8 (Tokel's too),
    // the publisher 5 (createPublisherPool) and its TxCache 1, chain sources 6 (komodod JSON-RPC 4, Electrum 2), KDF 3
    expect(root.length).toBe(TIERS.root)
    expect(root.length).toBeLessThanOrEqual(150)
    // the Node root adds the devnet (startDevnet, runDevnetDemo, DevnetRefusal, callDevnet), fileJournal and
    // readKomodoConf: 6 (was 19): 126
    expect(node.length - root.length).toBe(TIERS.node - TIERS.root)
    expect(node.filter((k) => !root.includes(k)).sort()).toEqual(
      ['DevnetRefusal', 'callDevnet', 'fileJournal', 'readKomodoConf', 'runDevnetDemo', 'startDevnet'].sort(),
    )
    expect(caseTwins(node)).toEqual([])
    // the power-user kits are gone from the root (each on its subpath: docs/api.md, CHANGELOG's migration list)
    for (const gone of [
      'StateReader',
      'PendingSet',
      'countingView',
      'daemonUtxoOrder',
      'daemonMapOrder',
      'sighashParts',
      'useWasmBlake2b',
      'sortElectrumMempool',
      'SHIELDED_SPEND_SIZE',
      'devnetJson',
      'writeJournalFile',
      'diceInfo',
      'Blake2b256',
      'finalizeCcTx',
      'x25519Clamp',
      'daemonAtof',
    ])
      expect(node, gone).not.toContain(gone)
    for (const kept of ['createWallet', 'createOraclePublisher', 'createRpcView', 'buildTokenTransfer', 'diceinfo'])
      expect(root, kept).toContain(kept)
  })
  test('the kits hold what left the root: every name of a subpath is counted, and the counts are pinned', async () => {
    const counts: Record<string, number> = {}
    for (const [name, file] of ENTRIES) {
      if (name === 'index' || name === 'node/index') continue
      counts[name.replace(/\/index$/, '')] = Object.keys(await import(resolve(__dirname, '..', file))).length
    }
    expect(counts).toEqual(TIERS.subpaths)
    // a subpath's names differ by more than case (the hash kit keeps its class Blake2b256 beside blake2b256, the
    // one-shot function; tx re-exports the class)
    for (const [name, file] of ENTRIES) {
      const twins = caseTwins(Object.keys(await import(resolve(__dirname, '..', file))))
      expect([name, twins], name).toEqual([name, KNOWN_TWINS[name] ?? []])
    }
  }, 60_000)
  test("CHANGELOG's migration list is true: each name left the root and is on the subpath it names", async () => {
    const log = readFileSync(resolve(__dirname, '..', 'CHANGELOG.md'), 'utf8')
    const section = log.slice(log.indexOf('### A curated surface'))
    const rows = [...section.matchAll(/^ {2}- `(komodo-cc\/[\w-]+)`: (.+)$/gm)]
    const root = Object.keys(await import('../src/node.js'))
    let n = 0
    for (const [, sub, list] of rows) {
      const file = subpathEntries()[`${sub!.slice('komodo-cc/'.length)}/index`]!
      const names = Object.keys(await import(resolve(__dirname, '..', file)))
      for (const [, name] of list!.matchAll(/`(\w+)`/g)) {
        n++
        expect(names, `${name} on ${sub}`).toContain(name)
        expect(root, `${name} off the root`).not.toContain(name)
      }
    }
    expect(n).toBe(297) // 414 names on the Node root before issue 32; useWasmBlake2b, on the list at first, is gone
  }, 60_000)
  test('the kits are where docs/api.md says: every subpath has a row in its tier table', () => {
    const api = readFileSync(resolve(__dirname, '..', 'docs', 'api.md'), 'utf8')
    for (const [name] of ENTRIES) {
      const sub =
        name === 'index'
          ? 'komodo-cc'
          : name === 'node/index'
            ? 'komodo-cc/node'
            : `komodo-cc/${name.replace(/\/index$/, '')}`
      expect(api, sub).toContain(`| \`${sub}\``)
    }
  })
  test('every import from the package in the docs, README and examples names what that subpath exports', async () => {
    const pkg = JSON.parse(readFileSync(resolve(__dirname, '..', 'package.json'), 'utf8')) as {
      exports: Record<string, unknown>
    }
    const entryOf = new Map(ENTRIES)
    const moduleOf = async (spec: string): Promise<Set<string>> => {
      const sub = spec === 'komodo-cc' ? '.' : `./${spec.slice('komodo-cc/'.length)}`
      const target = pkg.exports[sub] as { types?: string; node?: { types: string } } | undefined
      const dist = target?.node?.types ?? target?.types
      expect(dist, `${spec} is a subpath of package.json "exports"`).toBeDefined()
      const file = entryOf.get(/^\.\/dist\/(.+)\.d\.ts$/.exec(dist!)![1]!)!
      return new Set(Object.keys(await import(resolve(__dirname, '..', file))))
    }
    const types = exportedTypeNames()
    const docs = [
      'README.md',
      ...files(resolve(__dirname, '..', 'docs'), '.md').map((f) => relative(resolve(__dirname, '..'), f)),
      ...files(resolve(__dirname, '..', 'examples'), '.ts').map((f) => relative(resolve(__dirname, '..'), f)),
    ]
    const missing: string[] = []
    for (const doc of docs) {
      const text = readFileSync(resolve(__dirname, '..', doc), 'utf8')
      for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'(komodo-cc(?:\/[\w-]+)?)'/g)) {
        const names = await moduleOf(m[3]!)
        for (const raw of m[2]!.split(',')) {
          const spec = raw.trim()
          if (spec === '') continue
          const isType = m[1] !== undefined || spec.startsWith('type ')
          const name = spec
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!
            .trim()
          if (names.has(name)) continue
          if ((isType || /^[A-Z][a-z]/.test(name)) && types.has(name)) continue
          missing.push(`${doc}: ${name} from '${m[3]}'`)
        }
      }
    }
    expect(missing).toEqual([])
  }, 60_000)
})

/** Pairs of names that differ only in case. */
function caseTwins(names: readonly string[]): string[][] {
  const by = new Map<string, string[]>()
  for (const n of names) by.set(n.toLowerCase(), [...(by.get(n.toLowerCase()) ?? []), n])
  return [...by.values()].filter((v) => v.length > 1).map((v) => v.sort())
}

/** Names declared as exported types or interfaces anywhere in src (a doc may import a type without `type`). */
function exportedTypeNames(): Set<string> {
  const out = new Set<string>()
  for (const f of files(SRC))
    for (const m of readFileSync(f, 'utf8').matchAll(/^export (?:type|interface) (\w+)/gm)) out.add(m[1]!)
  return out
}

/** Run-time names per tier (issue 32). A change here is a decision: say it in CHANGELOG and docs/api.md. */
const TIERS = {
  root: 120,
  node: 126,
  subpaths: {
    // the areas' full kits
    bytes: 26,
    hash: 7,
    address: 20,
    keys: 27,
    cc: 56, // gatewaysDepositAddress went to komodo-cc/gateways
    tx: 51,
    script: 28, // + the CC script parts (ccScript, parseCcScript, … 8) that were on the root only
    rpc: 14, // + the conf-file helpers (readKomodoConf, komodoDataDir, komodoConfPath, parseKomodoConf)
    kdf: 10,
    electrum: 12,
    // the modules (gateways + its deposit-proof checks, 3, that were on the root only, and gatewaysDepositAddress)
    tokens: 13,
    faucet: 15,
    dice: 20,
    oracles: 36,
    gateways: 29,
    rewards: 21,
    tokensv2: 60,
    assetsv2: 23,
    // the kits made by issue 32
    resolve: 11,
    advanced: 14,
    testing: 10,
  } as Record<string, number>,
}
/**
 * Case twins a subpath keeps: a module's offline `*info` (the daemon's RPC spelling, from transactions you hold; the
 * root's) beside its resolver of the same RPC over a ChainView (camel case); the hash class beside its one-shot form.
 */
const KNOWN_TWINS: Record<string, string[][]> = {
  'dice/index': [['diceInfo', 'diceinfo']],
  'oracles/index': [['oraclesInfo', 'oraclesinfo']],
  'gateways/index': [['gatewaysInfo', 'gatewaysinfo']],
  'rewards/index': [['rewardsInfo', 'rewardsinfo']],
  'hash/index': [['Blake2b256', 'blake2b256']],
}
