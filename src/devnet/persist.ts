import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { dirname } from 'node:path'
import { KomodoCcError } from '../errors.js'

/** Mode of every file the devnet writes: the data file holds the wallet key, the conf file the RPC password. */
export const DEVNET_FILE_MODE = 0o600

/**
 * Writes `text` to `path` atomically: a fresh temporary file beside it, created with mode 0600 (never wider, not
 * chmod-ed afterwards) and exclusively (`wx`), then renamed over `path`, which therefore ends up 0600 too. With
 * `sync`, the file is fsync-ed before the rename and its directory after it, so the new content survives a crash
 * or power loss once this returns. On failure the temporary file is removed and `path` keeps its old content.
 * @throws KomodoCcError DEVNET (with the file system's error code in `details.reason`)
 * @example writeFileAtomic('/tmp/dev/chain.json', JSON.stringify(snapshot), { sync: true })
 */
export function writeFileAtomic(path: string, text: string, options: { sync?: boolean } = {}): void {
  const dir = dirname(path)
  const tmp = `${path}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`
  try {
    mkdirSync(dir, { recursive: true })
    const fd = openSync(tmp, 'wx', DEVNET_FILE_MODE)
    try {
      const bytes = new TextEncoder().encode(text)
      for (let off = 0; off < bytes.length;) off += writeSync(fd, bytes, off, bytes.length - off)
      if (options.sync === true) fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    renameSync(tmp, path)
  } catch (e) {
    rmSync(tmp, { force: true })
    const reason = (e as { code?: string }).code ?? 'error'
    throw new KomodoCcError('DEVNET', `cannot write ${path} (${reason})`, { path, reason }, { cause: e })
  }
  if (options.sync === true) syncDirectory(dir)
}

/** fsync of a directory, so a rename in it is durable. Platforms that cannot open a directory (Windows) skip it. */
function syncDirectory(dir: string): void {
  let fd: number
  try {
    fd = openSync(dir, 'r')
  } catch {
    return
  }
  try {
    fsyncSync(fd)
  } catch (e) {
    const code = (e as { code?: string }).code
    if (code !== 'EINVAL' && code !== 'EPERM' && code !== 'EISDIR')
      throw new KomodoCcError(
        'DEVNET',
        `cannot sync ${dir} (${code ?? 'error'})`,
        { path: dir, reason: code ?? 'error' },
        { cause: e },
      )
  } finally {
    closeSync(fd)
  }
}
