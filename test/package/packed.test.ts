// The package as a user meets it: `npm pack` of a fresh copy of the repository (no dist/: its `prepack` builds it), the
// tarball installed into a fresh `npm init -y` project (`"type": "commonjs"`), then from there the README's Quick start
// as written, every example it ships run with plain `node` as its header says, a typecheck of the README's imports,
// the examples and a consumer under node16, nodenext and bundler, and publint and are-the-types-wrong on the tarball. Nothing reaches the network: npm runs --offline (cache only)
// with its proxies pointed at a closed local port, and the examples' chains are embedded devnets on 127.0.0.1.
//
// Why not npm_config_registry=http://127.0.0.1:9: npm's cache is keyed by the registry URL, so under another
// registry the cached tarballs of the dependencies are not found and npm asks that registry for their metadata.
// A fresh `npm install <tarball>` also needs the registry's metadata (not cached by `npm ci`) to resolve `^2.4.0`;
// the project is seeded with a lockfile that pins the dependencies (and theirs) to the versions and tarballs of the
// repository's own package-lock.json, which `npm ci` put in the cache.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { spawn } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { symlinkSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, sep } from 'node:path'
import kdfVectors from '../../vectors/kdf/enable-eth-with-tokens.json' with { type: 'json' }
import { EXAMPLES, exampleCommand } from '../examples/expected.js'

const root = join(import.meta.dirname, '..', '..')
const bin = (p: string) => join(root, 'node_modules', p)
const TSC = bin('typescript/bin/tsc')
const PUBLINT = bin('publint/src/cli.js')
const ATTW = bin('@arethetypeswrong/cli/dist/index.js')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string
  files: string[]
  exports: Record<string, unknown>
  dependencies: Record<string, string>
}
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version: string; integrity: string; resolved?: string }>
}
const CLOSED = 'http://127.0.0.1:9' // the discard port: nothing listens there
const env: NodeJS.ProcessEnv = {
  ...process.env,
  npm_config_offline: 'true',
  npm_config_proxy: CLOSED,
  npm_config_https_proxy: CLOSED,
  npm_config_noproxy: '',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
  NO_COLOR: '1',
  FORCE_COLOR: '0',
}
delete env.NODE_OPTIONS // vitest's loader hooks are not the user's

/** `tailMs`: from the last output to the exit (a handle left open shows up there, whatever the machine's load). */
type Run = { code: number | null; stdout: string; stderr: string; ms: number; tailMs: number }
/** Runs a command without blocking this process (the KDF stand-in answers from here), with a hard time limit. */
function run(cmd: string, args: string[], cwd: string, extra: NodeJS.ProcessEnv = {}, limitMs = 120_000) {
  return new Promise<Run>((resolve, reject) => {
    const started = Date.now()
    const child = spawn(cmd, args, { cwd, env: { ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    let last = started
    child.stdout.on('data', (d: Buffer) => ((stdout += d.toString()), (last = Date.now())))
    child.stderr.on('data', (d: Buffer) => ((stderr += d.toString()), (last = Date.now())))
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr, ms: Date.now() - started, tailMs: Date.now() - last })
    })
  })
}
const ok = (r: Run, what: string) => expect(r.code, `${what}\n${r.stdout}\n${r.stderr}`).toBe(0)
const flat = (s: string) => s.replace(/\s+/g, ' ')

let work: string // holds the tarball and the project
let project: string
let tarball: string
let packed: { size: number; unpackedSize: number; entryCount: number; files: { path: string }[] }
let packRun: Run
let installLine: string
let install: Run
const readme = readFileSync(join(root, 'README.md'), 'utf8')
const quickStart = readme.split(/^## /m).find((s) => s.startsWith('Quick start\n'))
const block = (lang: string) => new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(quickStart ?? '')?.[1]
const shLines = (block('sh') ?? '')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l !== '' && !l.startsWith('#'))

beforeAll(async () => {
  // 1. a fresh copy of the repository as a clone has it (tracked files, and new ones not yet committed): no dist/.
  //    Its node_modules is the repository's (the build tools), linked, not copied.
  work = mkdtempSync(join(tmpdir(), 'komodo-cc-packed-'))
  const clone = join(work, 'clone')
  const listed = await run('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], root)
  ok(listed, 'git ls-files')
  for (const file of listed.stdout.split('\0').filter((f) => f !== '' && existsSync(join(root, f)))) {
    if (statSync(join(root, file)).isDirectory()) continue // a linked worktree or submodule entry
    mkdirSync(join(clone, dirname(file)), { recursive: true })
    copyFileSync(join(root, file), join(clone, file))
  }
  expect(existsSync(join(clone, 'dist')), 'a clone has no dist/').toBe(false)
  symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'), 'dir')

  // 2. npm pack, as `npm publish` would: its prepack script builds dist/ first
  packRun = await run('npm', ['pack', '--json', '--pack-destination', work], clone, {}, 300_000)
  ok(packRun, 'npm pack (prepack: npm run build)')
  const [info] = JSON.parse(packRun.stdout.slice(packRun.stdout.indexOf('[\n  {\n'))) as [
    { filename: string; size: number; unpackedSize: number; entryCount: number; files: { path: string }[] },
  ]
  tarball = join(work, info.filename)
  packed = info

  // 3. a fresh project as `npm init -y` makes it (npm ≥ 10.9 writes "type": "commonjs"), its lockfile seeded with
  //    komodo-cc's dependencies as the repository locks them
  project = join(work, 'project')
  mkdirSync(project)
  ok(await run('npm', ['init', '-y'], project), 'npm init -y')
  const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { name: string; type?: string }
  const packages: Record<string, unknown> = { '': { name: manifest.name } }
  for (const name of runtimeClosure()) {
    const e = lock.packages[`node_modules/${name}`]!
    const file = `${name.split('/').at(-1)}-${e.version}.tgz`
    packages[`node_modules/${name}`] = { ...e, resolved: e.resolved ?? `https://registry.npmjs.org/${name}/-/${file}` }
  }
  writeFileSync(
    join(project, 'package-lock.json'),
    JSON.stringify({ name: manifest.name, lockfileVersion: 3, requires: true, packages }),
  )

  // 4. the README's install line, with the tarball for the package name
  const lines = shLines.filter((l) => /^npm (install|i) komodo-cc(\s|$)/.test(l))
  expect(lines, 'the Quick start has one `npm install komodo-cc` line').toHaveLength(1)
  installLine = lines[0]!.replace(/komodo-cc/, `${tarball} --offline --no-audit --no-fund --ignore-scripts`)
  install = await run('sh', ['-c', installLine], project)
}, 600_000)

afterAll(() => {
  if (work !== undefined) rmSync(work, { recursive: true, force: true })
})

/**
 * The run-time dependencies and theirs, as the repository's lockfile resolves them (all hoisted): @scure/bip32 brings
 * @noble/curves and @scure/base (issue 35).
 */
function runtimeClosure(): string[] {
  const seen = new Set<string>()
  const visit = (name: string): void => {
    if (seen.has(name)) return
    seen.add(name)
    const e = lock.packages[`node_modules/${name}`] as { dependencies?: Record<string, string> } | undefined
    if (e === undefined) throw new Error(`package-lock.json has no hoisted ${name}`)
    for (const d of Object.keys(e.dependencies ?? {})) visit(d)
  }
  for (const name of Object.keys(pkg.dependencies)) visit(name)
  return [...seen].sort()
}

describe('the packed package, installed from its tarball into a fresh project', () => {
  test('`npm pack` from a fresh clone builds dist/ (prepack) and ships it', () => {
    const paths = packed.files.map((f) => f.path)
    for (const p of ['dist/index.js', 'dist/index.d.ts', 'dist/node.js', 'dist/node/index.d.ts', 'dist/cli/main.js'])
      expect(paths).toContain(p)
    expect(paths.filter((p) => p.startsWith('src/') || p.startsWith('test/'))).toEqual([])
    console.log(`npm pack of a fresh clone, prepack build included: ${(packRun.ms / 1000).toFixed(1)} s`)
  })

  test('the project is what `npm init -y` makes: "type": "commonjs"', () => {
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { type?: string }
    expect(manifest.type).toBe('commonjs')
  })

  test('installs offline with its dependencies (and theirs, as the lockfile has them) and nothing else', () => {
    ok(install, installLine)
    const installed = JSON.parse(readFileSync(join(project, 'node_modules/.package-lock.json'), 'utf8')) as {
      packages: Record<string, unknown>
    }
    expect(Object.keys(installed.packages).sort()).toEqual(
      ['komodo-cc', ...runtimeClosure()].map((n) => `node_modules/${n}`).sort(),
    )
    // no source maps; the docs travel, the generated API reference does not
    const files = readdirSync(join(project, 'node_modules/komodo-cc'), { recursive: true }).map(String)
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([])
    expect(files).toContain(join('docs', 'architecture.md'))
    expect(files).toContain(join('dist', 'inspector.html')) // the offline inspector page (npm run build)
    // the examples travel too, every one of them
    const examples = readdirSync(join(root, 'examples')).sort()
    expect(readdirSync(join(project, 'node_modules/komodo-cc/examples')).sort()).toEqual(examples)
    expect(files.filter((f) => f.startsWith(join('docs', 'api') + sep))).toEqual([])
    console.log(`packed ${packed.size} B, unpacked ${packed.unpackedSize} B, ${packed.entryCount} files`)
  })

  test('"files" keeps a generated API reference (docs/api/, `npm run docs`) out of the package', async () => {
    // docs/api/ exists only after `npm run docs`: npm's reading of "files" is checked on a scratch package instead
    const scratch = join(work, 'scratch')
    mkdirSync(join(scratch, 'docs', 'api'), { recursive: true })
    writeFileSync(
      join(scratch, 'package.json'),
      JSON.stringify({ name: 'scratch', version: '0.0.0', files: pkg.files }),
    )
    writeFileSync(join(scratch, 'docs', 'guide.md'), '# guide')
    writeFileSync(join(scratch, 'docs', 'api', 'index.html'), '<html></html>')
    const r = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], scratch)
    ok(r, 'npm pack --dry-run')
    const [info] = JSON.parse(r.stdout) as [{ files: { path: string }[] }]
    expect(info.files.map((f) => f.path).sort()).toEqual(['docs/guide.md', 'package.json'])
  }, 60_000)

  test('README Quick start, shell block: each line as written (`npx komodo-cc demo` ends with its summary)', async () => {
    const rest = shLines.filter((l) => !/^npm (install|i) komodo-cc(\s|$)/.test(l))
    expect(rest.some((l) => l.startsWith('npx komodo-cc demo'))).toBe(true)
    for (const line of rest) {
      const r = await run('sh', ['-c', line], project)
      ok(r, line)
      if (line.startsWith('npx komodo-cc demo')) expect(r.stdout).toMatch(/\d+ transactions confirmed up to height \d+/)
    }
  }, 180_000)

  test('README Quick start, js block: saved as quickstart.mjs and run with node', async () => {
    const js = block('js')
    expect(js).toBeDefined()
    writeFileSync(join(project, 'quickstart.mjs'), js!)
    const r = await run('node', ['quickstart.mjs'], project)
    ok(r, 'node quickstart.mjs')
    expect(r.stdout).toContain('balance: 1000n')
  }, 60_000)
})

describe('every example, copied out of the installed package into the project and run as its header says', () => {
  const KDF_USERPASS = 'RPC_UserP@SSW0RD'
  const reply = (kdfVectors.cases as Array<{ id: string; response?: unknown }>).find(
    (c) => c.id === 'kdf-mdx-gas-station-01',
  )!.response
  const kdfRequests: string[] = []
  let kdf: Server
  beforeAll(async () => {
    // a KDF stand-in replaying komodo-docs-mdx's documented reply
    kdf = createServer((req, res) => {
      let body = ''
      req.on('data', (d: Buffer) => (body += d.toString()))
      req.on('end', () => {
        kdfRequests.push(body)
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify(reply))
      })
    })
    await new Promise<void>((r) => kdf.listen(0, '127.0.0.1', r))
    // as examples/README.md says: copied out of the installed package
    ok(await run('sh', ['-c', 'cp -r node_modules/komodo-cc/examples .'], project), 'cp -r')
  })
  afterAll(async () => {
    await new Promise((r) => kdf?.close(r))
    const rows = Object.entries(times).map(([f, ms]) => `${f.padEnd(20)} ${(ms / 1000).toFixed(2)} s`)
    if (rows.length > 0)
      console.log(`example run times (node examples/<name>.mjs, packed package):\n${rows.join('\n')}`)
  })

  const times: Record<string, number> = {}
  const files = readdirSync(join(root, 'examples')).filter((f) => f.endsWith('.mjs'))
  test.each(files)(
    '%s',
    async (file) => {
      const expected = EXAMPLES[file]
      expect(expected, `test/examples/expected.ts has no entry for ${file}`).toBeDefined()
      const command = exampleCommand(readFileSync(join(project, 'examples', file), 'utf8'))
      expect(command).toBe(`node examples/${file}`)
      const extra =
        expected!.env === 'kdf'
          ? { KDF_URL: `http://127.0.0.1:${(kdf.address() as AddressInfo).port}`, KDF_USERPASS }
          : {}
      const r = await run('sh', ['-c', command!], project, extra, 60_000)
      times[file] = r.ms
      ok(r, file)
      expect(r.stderr).toBe('')
      expected!.check(flat(r.stdout))
      // no handle left behind: a script ends once it is done (the Electrum client's connect timer, 10 s, once kept
      // the process alive after close())
      expect(r.tailMs).toBeLessThan(5_000)
    },
    90_000,
  )

  test('kdf.mjs sent the request it printed, with the userpass from KDF_USERPASS', () => {
    expect(kdfRequests).toHaveLength(1)
    const body = JSON.parse(kdfRequests[0]!) as { userpass: string; method: string; params: Record<string, unknown> }
    expect(body.userpass).toBe(KDF_USERPASS)
    expect(body.method).toBe('enable_eth_with_tokens')
    expect(body.params.erc20_tokens_requests).toEqual([
      { ticker: 'APE-ERC20' },
      { ticker: 'BCH-ERC20' },
      { ticker: 'BUSD-ERC20' },
    ])
  })

  test('kdf.mjs without KDF_URL builds and prints the request and sends nothing', async () => {
    const r = await run('node', ['examples/kdf.mjs'], project, { KDF_URL: undefined }, 60_000)
    ok(r, 'kdf.mjs')
    expect(flat(r.stdout)).toContain("method: 'enable_eth_with_tokens'")
    expect(r.stdout).toContain('KDF_URL is not set: request built, not sent')
    expect(kdfRequests).toHaveLength(1)
  }, 60_000)
})

describe('keys and the devnet from the installed CLI (npx komodo-cc)', () => {
  test('key new prints a fresh key with its WIF, pubkey and addresses', async () => {
    const r = await run('npx', ['komodo-cc', 'key', 'new'], project)
    ok(r, 'key new')
    const key = JSON.parse(r.stdout) as { wif: string; pubkey: string; address: string; ccAddresses: object }
    expect(key.wif).toMatch(/^U/)
    expect(key.address).toMatch(/^R/)
    expect(Object.keys(key.ccAddresses).length).toBeGreaterThan(5)
  }, 60_000)

  test('devnet --accounts 2 prints funded accounts; --devnet finds it with no other flag; SIGTERM removes the file', async () => {
    const file = join(work, 'devnet-home', 'devnet.conf')
    const extra = { KOMODO_CC_DEVNET_FILE: file }
    // the installed bin itself (what npx runs), so that the signal reaches the devnet and not an npm wrapper
    const child = spawn(
      join(project, 'node_modules', '.bin', 'komodo-cc'),
      ['devnet', '--accounts', '2', '--balance', '5'],
      {
        cwd: project,
        env: { ...env, ...extra },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    try {
      let out = ''
      const started = await new Promise<{ accounts: { address: string; balance: number }[]; height: number }>(
        (resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`devnet did not start: ${out}`)), 60_000)
          child.stdout.on('data', (d: Buffer) => {
            out += d.toString()
            try {
              const v = JSON.parse(out)
              clearTimeout(timer)
              resolve(v)
            } catch {
              // not complete yet
            }
          })
        },
      )
      expect(started.height).toBe(1)
      expect(started.accounts.map((a) => a.balance)).toEqual([5, 5])
      expect(existsSync(file)).toBe(true)
      const count = await run('npx', ['komodo-cc', 'rpc', 'getblockcount', '--devnet'], project, extra)
      ok(count, 'rpc getblockcount --devnet')
      expect(count.stdout.trim()).toBe('1')
      const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)))
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
      expect(existsSync(file)).toBe(false)
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  }, 120_000)
})

describe('types, as a consumer resolves them', () => {
  const subpaths = Object.keys(pkg.exports).filter((k) => k !== '.' && k !== './package.json')
  // every subpath must resolve to real types (not `any`); the root's types hold the Node names under every resolution
  const consumer = [
    "import { bytesToHex, createWallet, encodeOracleData, startDevnet, type Devnet, type Wallet } from 'komodo-cc'",
    "import { startDevnet as startDevnetNode } from 'komodo-cc/node'",
    'type IsAny<T> = 0 extends 1 & T ? true : false',
    ...subpaths.map(
      (s, i) => `import * as m${i} from 'komodo-cc/${s.slice(2)}'\nexport const c${i}: IsAny<typeof m${i}> = false`,
    ),
    "export const hex: string = bytesToHex(encodeOracleData('L', [1n]))",
    '// @ts-expect-error a number is not a Uint8Array: fails if the types were `any`',
    'bytesToHex(1)',
    'export type W = Wallet',
    'export const dev: Promise<Devnet> | undefined = undefined as unknown as ReturnType<typeof startDevnet>',
    'export const same: typeof startDevnetNode = startDevnet',
    'export const make: typeof createWallet = createWallet',
    '',
  ].join('\n')
  // the README's TypeScript and JavaScript blocks, each block's imports in a file of its own (`.mts`/`.mjs`: ES
  // modules whatever the project's "type", as a user's would be for top-level await)
  const readmeFiles = [...readme.matchAll(/^```(ts|js)\n([\s\S]*?)^```/gm)].map((m, i) => ({
    file: `readme-${i}.${m[1] === 'js' ? 'mjs' : 'mts'}`,
    imports: [...m[2]!.matchAll(/^import\s[^;]*?\sfrom\s+'[^']+'/gm)].map((i) => i[0]),
  }))

  test('the README has code blocks that import the package, and only by its name', () => {
    const all = readmeFiles.flatMap((f) => f.imports)
    expect(readmeFiles.filter((f) => f.imports.length > 0).length).toBeGreaterThanOrEqual(5)
    for (const i of all) expect(/'(komodo-cc(\/[a-z0-9]+)?|node:[a-z/]+)'$/.test(i), i).toBe(true)
    expect(all.some((i) => /\bstartDevnet\b/.test(i) && i.endsWith("from 'komodo-cc'"))).toBe(true)
  })

  const configs = {
    node16: { module: 'node16', moduleResolution: 'node16' },
    nodenext: { module: 'nodenext', moduleResolution: 'nodenext' },
    bundler: { module: 'esnext', moduleResolution: 'bundler' },
  }
  test.each(Object.keys(configs))(
    'moduleResolution %s: the README imports, every example (checkJs) and a consumer of every subpath: no errors',
    async (name) => {
      const c = configs[name as keyof typeof configs]
      writeFileSync(join(project, 'consumer.mts'), consumer)
      for (const f of readmeFiles) writeFileSync(join(project, f.file), f.imports.join('\n') + '\nexport {}\n')
      const examples = readdirSync(join(root, 'examples')).filter((f) => f.endsWith('.mjs'))
      mkdirSync(join(project, 'examples'), { recursive: true })
      for (const f of examples)
        copyFileSync(join(project, 'node_modules/komodo-cc/examples', f), join(project, 'examples', f))
      const tsconfig = {
        compilerOptions: {
          target: 'es2022',
          lib: ['es2022'],
          module: c.module,
          moduleResolution: c.moduleResolution,
          strict: true,
          noEmit: true,
          allowJs: true,
          checkJs: true, // the examples are JavaScript with JSDoc types: checked as a TypeScript user's editor would
          skipLibCheck: false, // the package's own .d.ts files are checked too
          types: ['node'],
          typeRoots: [join(root, 'node_modules/@types')],
        },
        files: ['consumer.mts', ...readmeFiles.map((f) => f.file), ...examples.map((f) => `examples/${f}`)],
      }
      writeFileSync(join(project, `tsconfig.${name}.json`), JSON.stringify(tsconfig))
      const r = await run('node', [TSC, '-p', `tsconfig.${name}.json`], project, {}, 120_000)
      ok(r, `tsc ${name}`)
    },
    150_000,
  )
})

describe('package checkers on the tarball', () => {
  test('publint: all good', async () => {
    const r = await run('node', [PUBLINT, 'run', tarball, '--strict'], root)
    ok(r, 'publint')
    expect(r.stdout).toContain('All good!')
  }, 60_000)

  // ESM only (`"type": "module"`, `engines.node >= 20.19`, where require() of ESM works): the esm-only profile leaves
  // out the node10 (no `exports` support) and node16-CJS resolution modes. attw still lists what those modes would
  // meet; the test pins that it is only that, and nothing under node16-ESM or bundler.
  test('are-the-types-wrong, profile esm-only: no problems; node10 and CJS resolution are all it leaves out', async () => {
    const r = await run('node', [ATTW, tarball, '--profile', 'esm-only', '--format', 'json'], root)
    ok(r, 'attw --profile esm-only')
    const out = JSON.parse(r.stdout) as { problems: Record<string, Array<{ kind: string; resolutionKind?: string }>> }
    const kinds = new Set(
      Object.values(out.problems)
        .flat()
        .map((p) => `${p.kind} ${p.resolutionKind ?? '(package)'}`),
    )
    expect([...kinds].sort()).toEqual(['CJSResolvesToESM node16-cjs', 'NoResolution node10'])
  }, 60_000)
})
