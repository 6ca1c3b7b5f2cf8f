// Every code block of the README runs as written, and prints what the README says it prints (issue 21).
//
// TypeScript and JavaScript blocks are saved to a temporary file with the `komodo-cc` import pointed at the sources
// and imported; what they log is checked against facts computed here independently (vectors, hand-made bytes).
// The CLI block's lines run through the CLI in process. The Quick start's shell lines (`npm install komodo-cc`,
// `npx komodo-cc demo`) run from the packed tarball in test/package/packed.test.ts; the Develop block's `npm ci` and
// `npm test` are what `.ci/run` runs, and its `npm run demo` runs here. A block under a heading this file does not
// know fails the test, so a new block cannot go unexecuted.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import kdfVectors from '../vectors/kdf/enable-eth-with-tokens.json' with { type: 'json' }
import bip44Vectors from '../vectors/keys/bip44-komodo.json' with { type: 'json' }
import passphraseVectors from '../vectors/keys/komodo-passphrase.json' with { type: 'json' }
import { cli } from './_util/cli.js'
import { sendJson, startServer, type TestServer } from './rpc/_server.js'

const repo = resolve(__dirname, '..')
const readme = readFileSync(join(repo, 'README.md'), 'utf8')
const root = pathToFileURL(join(repo, 'src/node.ts')).href

type Block = { heading: string; lang: string; code: string }
/** The README's fenced blocks with the `## ` heading each sits under. */
function blocksOf(text: string): Block[] {
  const out: Block[] = []
  let heading = ''
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (line.startsWith('## ')) heading = line.slice(3).trim()
    const open = /^```(\w*)$/.exec(line)
    if (!open) continue
    const body: string[] = []
    for (i++; i < lines.length && lines[i] !== '```'; i++) body.push(lines[i]!)
    out.push({ heading, lang: open[1]!, code: body.join('\n') + '\n' })
  }
  return out
}
const blocks = blocksOf(readme)
const block = (heading: string, lang: string) => {
  const found = blocks.filter((b) => b.heading.startsWith(heading) && b.lang === lang)
  expect(found, `one ${lang} block under "${heading}"`).toHaveLength(1)
  return found[0]!.code
}

/** Runs a JS/TS block with its `komodo-cc` imports pointed at the sources; returns what it logged. */
async function runBlock(code: string, ext: 'mts' | 'mjs', rewrite: (c: string) => string = (c) => c) {
  const dir = mkdtempSync(join(tmpdir(), 'komodo-cc-readme-'))
  const file = join(dir, `block.${ext}`)
  const logged: unknown[][] = []
  const log = console.log
  console.log = (...a: unknown[]) => void logged.push(a)
  try {
    writeFileSync(file, rewrite(code).replaceAll("from 'komodo-cc'", `from '${root}'`))
    await import(pathToFileURL(file).href)
  } finally {
    console.log = log
    rmSync(dir, { recursive: true, force: true })
  }
  return logged
}

/** Shell words of one line: single and double quotes, no expansions (the README's lines use none). */
function shellWords(line: string): string[] {
  const words: string[] = []
  const re = /'([^']*)'|"([^"]*)"|(\S+)/g
  for (const m of line.matchAll(re)) words.push(m[1] ?? m[2] ?? m[3]!)
  return words
}

const sha256d = (b: Uint8Array) => createHash('sha256').update(createHash('sha256').update(b).digest()).digest()
const le64 = (n: bigint) => {
  const b = Buffer.alloc(8)
  b.writeBigUInt64LE(n)
  return b.toString('hex')
}

test('the README is a front door: at most 15 KB, no elided values in code, relative links that resolve', () => {
  expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(15 * 1024)
  // code, not comments: a comment may show what is printed, as the inspector abbreviates keys with …
  for (const b of blocks)
    expect(b.code.replace(/\/\/.*$/gm, ''), `a block under "${b.heading}" elides a value`).not.toMatch(/…|\.\.\./)
  const links = [...readme.matchAll(/\]\(([^)#]+)(#[^)]*)?\)/g)].map((m) => m[1]!)
  expect(links.length).toBeGreaterThan(10)
  for (const l of links) {
    if (/^https?:/.test(l)) continue
    expect(existsSync(join(repo, l)), `${l} exists`).toBe(true)
  }
})

test('every block is one this file runs', () => {
  const known = [
    'Quick start/sh',
    'Quick start/js',
    'Key-local wallet/ts',
    'Keys/ts',
    'Oracle publisher/ts',
    'Electrum/ts',
    'Offline builders and the inspector/ts',
    'Codecs: oracle data, addresses, crypto-conditions/ts',
    'komodod client: the safe two-step flow/ts',
    'Komodo DeFi Framework: `enable_eth_with_tokens`/ts',
    'CLI/sh',
    'Develop/sh',
  ]
  expect(blocks.map((b) => `${b.heading}/${b.lang}`)).toEqual(known)
})

describe('README blocks run as written', () => {
  test('Quick start: the script prints the new token balance', async () => {
    const logged = await runBlock(block('Quick start', 'js'), 'mjs')
    expect(logged).toEqual([[expect.objectContaining({ result: 'success', balance: 1000n })]])
  }, 60_000)

  test('Quick start: its shell lines run from the packed package in test/package/packed.test.ts', () => {
    const sh = block('Quick start', 'sh')
    expect(sh).toMatch(/^npm install komodo-cc$/m)
    expect(sh).toMatch(/^npx komodo-cc demo\b/m)
    const packed = readFileSync(join(repo, 'test/package/packed.test.ts'), 'utf8')
    expect(packed).toContain('Quick start')
  })

  test('Key-local wallet: 1000 units made, 250 sent, 750 kept', async () => {
    const logged = await runBlock(block('Key-local wallet', 'ts'), 'mts')
    expect(logged).toEqual([[expect.objectContaining({ result: 'success', balance: 750n })]])
  }, 60_000)

  test('Keys: the BIP44 coin-141 address (bitcoinjs vector), the passphrase address (Komodo example), 24 words', async () => {
    const logged = await runBlock(block('Keys', 'ts'), 'mts')
    const v = bip44Vectors.valid.find(
      (x) => x.mnemonic.startsWith('legal winner') && x.path === "m/44'/141'/0'/0/1" && x.passphrase === '',
    )!
    expect(logged).toEqual([[v.address], [passphraseVectors.valid[0]!.address], [24]])
  }, 60_000)

  test('Oracle publisher: five samples published and confirmed', async () => {
    const logged = await runBlock(block('Oracle publisher', 'ts'), 'mts')
    expect(logged).toHaveLength(1)
    expect(logged[0]![0]).toMatchObject({ published: 5, confirmed: 5 })
  }, 60_000)

  test('Electrum: an oracle created over the Electrum endpoint, and the height', async () => {
    const logged = await runBlock(block('Electrum', 'ts'), 'mts')
    expect(logged).toEqual([[expect.stringMatching(/^[0-9a-f]{64}$/), expect.any(Number)]])
    expect(logged[0]![1]).toBeGreaterThan(0)
  }, 60_000)

  test('Offline builders: the txid printed is the hash of the transaction, and it reads as the tokencreate', async () => {
    const code = block('Offline builders', 'ts')
    const logged = await runBlock(code, 'mts')
    expect(logged).toHaveLength(2)
    const printed = logged[0]![0] as string
    // the README states the txid; the txid is the reversed double SHA-256 of the signed bytes (RFC 6979 signing is
    // deterministic), checked here with node:crypto
    expect(code).toContain(`// ${printed}`)
    expect(logged[1]![0]).toMatch(/^tokencreate: name MYTOK, supply 1000, owner 034f…71aa$/)
    const rerun = await runBlock(code.replace('console.log(r.txid)', 'console.log(r.hex)'), 'mts')
    const hex = rerun[0]![0] as string
    expect(
      Buffer.from(sha256d(Buffer.from(hex, 'hex')))
        .reverse()
        .toString('hex'),
    ).toBe(printed)
  }, 60_000)

  test('Codecs: the record, plan id, addresses match bytes made by hand and the reference vectors', async () => {
    const code = block('Codecs', 'ts')
    const logged = await runBlock(code, 'mts')
    // 's' is a 1-byte length then the bytes; 'L' a little-endian u64
    const record = '07' + Buffer.from('KMD/USD').toString('hex') + le64(2512n)
    const kmdDice = Buffer.alloc(8)
    kmdDice.write('KMDDice')
    expect(logged).toEqual([
      [record],
      [['KMD/USD', 2512n]],
      [kmdDice.readBigUInt64LE()],
      ['RKxTdfmtxtfLDKZBgx6SvNkBtNu9jRYnLh'], // the secp256k1 generator's address (address vectors)
      ['R9zHrofhRbub7ER77B7NrVch3A63R39GuC'], // FaucetCCaddress in the developer docs
    ])
    for (const [v] of logged) expect(code).toContain(String(v instanceof Array ? v.join("', ") : v))
  }, 60_000)

  test('komodod client: the daemon builds, submit checks and broadcasts, oraclesinfo reads it back', async () => {
    const logged = await runBlock(block('komodod client', 'ts'), 'mts')
    expect(logged).toEqual([['NYWTHR']])
  }, 60_000)

  describe('KDF', () => {
    let server: TestServer
    const vector = kdfVectors.cases.find((c) => c.id === 'kdf-devdocs-example-01')! as unknown as {
      response: { result: { eth_addresses_infos: Record<string, unknown> } }
    }
    beforeAll(async () => {
      server = await startServer((_req, res) => sendJson(res, 200, vector.response))
    })
    afterAll(() => server.close())
    test('the request body is built, and the client reads the node’s answer (a local server replaying the docs)', async () => {
      process.env.KDF_URL = server.url
      process.env.KDF_USERPASS = 'readme-test-userpass'
      try {
        const logged = await runBlock(block('Komodo DeFi Framework', 'ts'), 'mts')
        expect(logged).toEqual([['enable_eth_with_tokens'], [Object.keys(vector.response.result.eth_addresses_infos)]])
        const body = JSON.parse(server.requests.at(-1)!.body) as { method: string; userpass: string }
        expect(body).toMatchObject({ method: 'enable_eth_with_tokens', userpass: 'readme-test-userpass' })
      } finally {
        delete process.env.KDF_URL
        delete process.env.KDF_USERPASS
      }
    }, 60_000)
  })

  test('CLI: each line runs and prints the documented facts', async () => {
    const lines = block('CLI', 'sh').trim().split('\n')
    const seen: string[] = []
    for (const line of lines) {
      const words = shellWords(line)
      expect(words.slice(0, 2)).toEqual(['npx', 'komodo-cc'])
      const r = await cli(words.slice(2))
      expect(r.status, line).toBe(0)
      const cmd = words.slice(2, 4).join(' ')
      seen.push(cmd)
      if (cmd === 'sbits KMDDice') {
        const b = Buffer.alloc(8)
        b.write('KMDDice')
        expect(r.json.sbits).toBe(b.readBigUInt64LE().toString())
      } else if (cmd.startsWith('oracle encode'))
        expect(r.json.hex).toBe('07' + Buffer.from('KMD/USD').toString('hex') + le64(2512n))
      else if (cmd.startsWith('address')) expect(r.json.address).toBe('RKxTdfmtxtfLDKZBgx6SvNkBtNu9jRYnLh')
      else if (cmd === 'cc moduleaddress') expect(r.json.FaucetCCAddress).toBe('R9zHrofhRbub7ER77B7NrVch3A63R39GuC')
      else if (cmd === 'cc address')
        expect(r.json.condition).toBe(
          'a22c8020e029c511da55523565835887e412e5a0c9b920801b007000df45e545f25028248103120c008203000401',
        )
      else throw new Error(`no check for README CLI line: ${line}`)
    }
    expect(seen.length).toBe(lines.length)
  }, 60_000)

  test('Develop: npm ci and npm test are what .ci/run runs; npm run demo runs and exits 0', async () => {
    const sh = block('Develop', 'sh')
    const ci = readFileSync(join(repo, '.ci/run'), 'utf8')
    expect(sh).toMatch(/^npm ci && npm run demo\b/m)
    expect(sh).toMatch(/^npm ci && npm test\b/m)
    expect(ci).toMatch(/^npm ci\b/m)
    expect(ci).toMatch(/^npm test$/m)
    const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    // npm run demo = build, then the CLI's demo; the build is what CI's build step checks, the demo runs here
    expect(pkg.scripts.demo).toBe('npm run build --silent && node dist/cli/main.js demo')
    const r = await cli(['demo'])
    expect(r.status).toBe(0)
    expect(r.stdout).toMatch(/transactions confirmed up to height \d+/)
  }, 180_000)
})

describe('docs/publisher.md example', () => {
  test('publishes its samples, each confirmed once', async () => {
    const code = [...readFileSync(join(repo, 'docs/publisher.md'), 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)][0]![1]!
    const dir = mkdtempSync(join(tmpdir(), 'komodo-cc-pub-'))
    try {
      const logged = await runBlock(code, 'mts', (c) =>
        c.replaceAll("'pub.json'", JSON.stringify(join(dir, 'pub.json'))),
      )
      const status = logged.at(-1) as [{ published: number; confirmed: number }]
      expect(status[0].published).toBeGreaterThan(0)
      expect(status[0].confirmed).toBe(status[0].published)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
