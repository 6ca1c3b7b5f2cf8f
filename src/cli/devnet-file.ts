// The devnet's connection file: `komodo-cc devnet` writes one where the other commands' `--devnet` looks
// (`~/.komodo-cc/devnet.conf`, or the file KOMODO_CC_DEVNET_FILE names), in komodod's conf-file format (rpcuser,
// rpcpassword, rpcport, rpcbind: what `--conf PATH` reads too) with the devnet's process id and URL in comments, mode
// 0600. The devnet removes it when it stops (SIGINT, SIGTERM, the `stop` RPC, process exit), if it still holds what
// that devnet wrote: the newest devnet started is the one `--devnet` finds.
import { existsSync, mkdirSync, readFileSync, unlinkSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { writeFileAtomic } from '../devnet/persist.js'
import type { CliIo } from './core.js'

/** The first line of a connection file (how `--devnet` tells one from another file at that path). */
const MARK = '# komodo-cc devnet connection file'

/**
 * Where the devnet's connection file goes: `$KOMODO_CC_DEVNET_FILE` when set, else `.komodo-cc/devnet.conf` under the
 * home directory the CLI's environment names (HOME, else USERPROFILE); undefined when the environment names neither
 * (no file is written then: a CLI run in process with an empty environment leaves nothing in the user's home).
 * @example devnetConnectionPath({ HOME: '/home/me' }) // '/home/me/.komodo-cc/devnet.conf'
 */
export function devnetConnectionPath(env: CliIo['env']): string | undefined {
  const file = env.KOMODO_CC_DEVNET_FILE
  if (file !== undefined && file !== '') return file
  const home = env.HOME || env.USERPROFILE
  return home ? join(home, '.komodo-cc', 'devnet.conf') : undefined
}

/**
 * Writes the connection file of a started devnet at `path` (directory created mode 0700, file 0600); returns the
 * function that removes it again if it still holds what was written here (idempotent, never throws).
 * @throws KomodoCcError DEVNET when the file cannot be written
 * @example const remove = writeDevnetConnection(path, dev); … remove()
 */
export function writeDevnetConnection(
  path: string,
  dev: { url: string; user: string; password: string; chainName: string },
): () => void {
  const port = new URL(dev.url).port
  const text =
    `${MARK}: removed when that devnet stops\n# pid=${process.pid}\n# url=${dev.url}\n# chain=${dev.chainName}\n` +
    `rpcuser=${dev.user}\nrpcpassword=${dev.password}\nrpcport=${port}\nrpcbind=127.0.0.1\n`
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
  writeFileAtomic(path, text)
  let removed = false
  const remove = (): void => {
    if (removed) return
    removed = true
    process.off('exit', remove)
    try {
      if (readFileSync(path, 'utf8') === text) unlinkSync(path)
    } catch {
      // already gone (or replaced by a newer devnet's, which is left alone)
    }
  }
  process.once('exit', remove) // a process ending without a clean stop still leaves no file behind
  return remove
}

/** What a connection file says about its devnet (comment lines), or undefined when `text` is no connection file. */
function connectionInfo(text: string): { pid: number; url: string } | undefined {
  if (!text.startsWith(MARK)) return undefined
  const pid = /^# pid=(\d+)$/m.exec(text)?.[1]
  const url = /^# url=(\S+)$/m.exec(text)?.[1]
  return pid === undefined || url === undefined ? undefined : { pid: Number(pid), url }
}

/** True when process `pid` exists (signal 0 checks without sending anything; EPERM: it exists, another user's). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as { code?: string }).code === 'EPERM'
  }
}

/**
 * The connection file of a running devnet, for `--devnet`: the path when the file is there and its devnet's process
 * is alive; `{ stale }` when the file is left from a devnet that is gone (killed with SIGKILL); undefined when there is
 * none.
 * @example const found = findDevnetConnection(io.env)
 */
export function findDevnetConnection(env: CliIo['env']): { path: string } | { stale: string; pid: number } | undefined {
  const path = devnetConnectionPath(env)
  if (path === undefined || !existsSync(path)) return undefined
  let info: ReturnType<typeof connectionInfo>
  try {
    info = connectionInfo(readFileSync(path, 'utf8'))
  } catch {
    return undefined
  }
  if (info === undefined) return { path } // not ours to judge: read as a conf file
  return alive(info.pid) ? { path } : { stale: path, pid: info.pid }
}
