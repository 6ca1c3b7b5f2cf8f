// Node-only: reads komodod's configuration file. Node's modules are reached through `process.getBuiltinModule`
// (Node ≥ 20.16) rather than imported, so a browser bundle of the package root pulls nothing Node-specific; in a
// browser, reading a conf file fails with RPC_CONFIG.
import type * as FsPromises from 'node:fs/promises'
import type * as Os from 'node:os'
import type * as Path from 'node:path'
import { KomodoCcError } from '../errors.js'

function nodeModule<T>(name: string): T {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
  if (typeof proc?.getBuiltinModule !== 'function')
    throw new KomodoCcError(
      'RPC_CONFIG',
      'reading komodod conf files needs Node (≥ 20.16); elsewhere give { url, user, password }',
    )
  return proc.getBuiltinModule(name) as T
}
const readFile: typeof FsPromises.readFile = ((...args: Parameters<typeof FsPromises.readFile>) =>
  nodeModule<typeof FsPromises>('node:fs/promises').readFile(...args)) as typeof FsPromises.readFile
const homedir = (): string => nodeModule<typeof Os>('node:os').homedir()
const join = (...parts: string[]): string => nodeModule<typeof Path>('node:path').join(...parts)
const platformOf = (): string => (globalThis as { process?: { platform?: string } }).process?.platform ?? 'browser'
const envOf = (): Record<string, string | undefined> =>
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {}
import type { RpcEndpoint } from './transport.js'

/** Where to find the conf file: a chain name (`'KMD'` or an asset chain such as `'DOC'`), or an explicit path. */
export type KomodoConfSource = { chain?: string; confPath?: string; dataDir?: string }

/** The RPC port of KMD itself when its conf names none. @example `http://127.0.0.1:${KMD_RPC_PORT}` */
export const KMD_RPC_PORT = 7771

/**
 * komodod's data directory for a chain on this OS: Linux `~/.komodo[/<NAME>]`, macOS
 * `~/Library/Application Support/Komodo[/<NAME>]`, Windows `%APPDATA%\Komodo[\<NAME>]`.
 * @throws KomodoCcError RPC_CONFIG for a chain name that is not a plain name
 * @example komodoDataDir('DOC') // '/home/me/.komodo/DOC' on Linux
 */
export function komodoDataDir(
  chain = 'KMD',
  platform: string = platformOf(),
  env: Record<string, string | undefined> = envOf(),
  home: string = homedir(),
): string {
  checkChain(chain)
  let base: string
  if (platform === 'win32') base = join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Komodo')
  else if (platform === 'darwin') base = join(home, 'Library', 'Application Support', 'Komodo')
  else base = join(home, '.komodo')
  return chain === 'KMD' ? base : join(base, chain)
}

/**
 * Path of the conf file: `<datadir>/komodo.conf` for KMD, `<datadir>/<NAME>.conf` for an asset chain.
 * @example komodoConfPath('DOC') // '/home/me/.komodo/DOC/DOC.conf'
 */
export function komodoConfPath(chain = 'KMD', dataDir?: string): string {
  checkChain(chain)
  const dir = dataDir ?? komodoDataDir(chain)
  return join(dir, chain === 'KMD' ? 'komodo.conf' : `${chain}.conf`)
}

/**
 * Parses conf text (`key=value` lines, `#` comments; the first occurrence of a key wins, as komodod's).
 * @example parseKomodoConf('rpcuser=u\nrpcpassword=p\nrpcport=7771').rpcport // '7771'
 */
export function parseKomodoConf(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim()
    if (line === '') continue
    const eq = line.indexOf('=')
    if (eq <= 0) continue
    const key = line.slice(0, eq).trim()
    if (!(key in out))
      Object.defineProperty(out, key, {
        value: line.slice(eq + 1).trim(),
        enumerable: true,
        writable: true,
        configurable: true,
      })
  }
  return out
}

/**
 * Reads `rpcuser`, `rpcpassword`, `rpcport`, `rpcbind` from a chain's conf file and returns the endpoint
 * (host 127.0.0.1 unless `rpcbind` names a specific address). Errors name the file and the missing key, never a value.
 * @throws KomodoCcError RPC_CONFIG
 * @example const ep = await readKomodoConf({ chain: 'DOC' }) // { url: 'http://127.0.0.1:62415', user, password }
 */
export async function readKomodoConf(source: KomodoConfSource): Promise<RpcEndpoint> {
  const chain = source.chain ?? 'KMD'
  const path = source.confPath ?? komodoConfPath(chain, source.dataDir)
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (e) {
    const code = (e as { code?: string }).code ?? 'read error'
    throw new KomodoCcError('RPC_CONFIG', `cannot read the conf file ${path} (${code})`, { path })
  }
  const conf = parseKomodoConf(text)
  const user = conf.rpcuser
  const password = conf.rpcpassword
  if (user === undefined || user === '')
    throw new KomodoCcError('RPC_CONFIG', `${path} has no rpcuser`, { path, missing: 'rpcuser' })
  if (password === undefined || password === '')
    throw new KomodoCcError('RPC_CONFIG', `${path} has no rpcpassword`, { path, missing: 'rpcpassword' })
  let port: number
  if (conf.rpcport !== undefined) {
    port = Number(conf.rpcport)
    if (!/^\d+$/.test(conf.rpcport) || port < 1 || port > 65535)
      throw new KomodoCcError('RPC_CONFIG', `${path}: rpcport is not a port number`, { path })
  } else if (source.confPath === undefined && chain !== 'KMD')
    throw new KomodoCcError('RPC_CONFIG', `${path} has no rpcport`, { path, missing: 'rpcport' })
  else port = KMD_RPC_PORT
  let host = '127.0.0.1'
  const bind = bindHost(conf.rpcbind)
  if (bind !== undefined && bind !== '' && bind !== '0.0.0.0' && bind !== '::')
    host = bind.includes(':') ? `[${bind}]` : bind
  return { url: `http://${host}:${port}`, user, password }
}

/** rpcbind value → bare host (`[::1]:7771` → `::1`, `127.0.0.1:7771` → `127.0.0.1`, `::1` stays). */
function bindHost(v: string | undefined): string | undefined {
  if (v === undefined) return undefined
  const bracket = /^\[([^\]]*)\](?::\d+)?$/.exec(v)
  if (bracket) return bracket[1]
  const colons = v.split(':').length - 1
  return colons === 1 ? v.replace(/:\d+$/, '') : v
}

function checkChain(chain: unknown): void {
  if (typeof chain !== 'string' || !/^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,63}$/.test(chain) || chain === '..')
    throw new KomodoCcError('RPC_CONFIG', 'chain must be a plain chain name (letters, digits, - _ .)', {
      field: 'chain',
    })
}
