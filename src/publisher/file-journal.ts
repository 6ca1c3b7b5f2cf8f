// The publisher's journal as a file (Node): written atomically (a 0600 temporary file beside it, fsync-ed, renamed
// over it, the directory fsync-ed), locked by a `<file>.lock` file naming the holder's process id.
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { dirname } from 'node:path'
import { KomodoCcError } from '../errors.js'
import type { JournalStorage } from './journal.js'

function fsError(what: string, path: string, e: unknown): KomodoCcError {
  const reason = (e as { code?: string }).code ?? 'error'
  return new KomodoCcError('JOURNAL_INVALID', `cannot ${what} ${path} (${reason})`, { path, reason }, { cause: e })
}

/**
 * Writes `text` to `path` atomically and durably: temporary file (mode 0600, created exclusively), fsync, rename,
 * fsync of the directory. A crash at any point leaves either the old or the new content.
 * @throws KomodoCcError JOURNAL_INVALID (with the file system's error code in `details.reason`)
 * @example writeJournalFile('/var/lib/pub/journal.json', text)
 */
export function writeJournalFile(path: string, text: string): void {
  const dir = dirname(path)
  const tmp = `${path}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`
  try {
    mkdirSync(dir, { recursive: true })
    const fd = openSync(tmp, 'wx', 0o600)
    try {
      const bytes = new TextEncoder().encode(text)
      for (let off = 0; off < bytes.length;) off += writeSync(fd, bytes, off, bytes.length - off)
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    renameSync(tmp, path)
  } catch (e) {
    rmSync(tmp, { force: true })
    throw fsError('write', path, e)
  }
  let fd: number | undefined
  try {
    fd = openSync(dir, 'r')
    fsyncSync(fd)
  } catch {
    // platforms that cannot fsync a directory (Windows): the rename is as durable as they make it
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/** This process's start time, whole seconds since the epoch (with the pid, names the lock's holder). */
function processStart(): number {
  return Math.round(Date.now() / 1000 - process.uptime())
}

/** True when process `pid` exists (a signal 0 reaches it, or it exists under another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as { code?: string }).code === 'EPERM'
  }
}

/**
 * A journal in the file `path` (JSON, mode 0600), for Node. Its lock is `path + '.lock'`, created exclusively with
 * this process's id and start time: a second publisher on the same file refuses to start (`JOURNAL_LOCKED`) while that
 * process lives, in this process too (until the first one's `close()`); a lock left by a process that died (SIGKILL,
 * power loss, a reboot that gave its id to another process) is taken over.
 * @example const pub = await createOraclePublisher({ oracletxid, privateKey, view, journal: fileJournal('pub.json') })
 */
export function fileJournal(path: string): JournalStorage {
  if (typeof path !== 'string' || path === '') throw new KomodoCcError('ARG_INVALID', 'fileJournal expected a path')
  const lockPath = `${path}.lock`
  let holding = false
  return {
    name: path,
    read: () => {
      try {
        return readFileSync(path, 'utf8')
      } catch (e) {
        if ((e as { code?: string }).code === 'ENOENT') return undefined
        throw fsError('read', path, e)
      }
    },
    write: (text: string) => writeJournalFile(path, text),
    lock: () => {
      mkdirSync(dirname(path), { recursive: true })
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          const fd = openSync(lockPath, 'wx', 0o600)
          writeSync(fd, `${process.pid} ${processStart()}`)
          fsyncSync(fd)
          closeSync(fd)
          holding = true
          return
        } catch (e) {
          if ((e as { code?: string }).code !== 'EEXIST') throw fsError('lock', lockPath, e)
        }
        let pid = NaN
        let start = NaN
        try {
          const [p, t] = readFileSync(lockPath, 'utf8').trim().split(/\s+/)
          pid = Number.parseInt(p ?? '', 10)
          start = Number.parseInt(t ?? '', 10)
        } catch {
          // removed meanwhile: try again
        }
        // held by this very process (another publisher on the same file, not closed): a lock of our pid written by
        // an earlier process with that pid (its start time differs) is stale
        if (pid === process.pid && (!Number.isSafeInteger(start) || Math.abs(start - processStart()) <= 2))
          throw new KomodoCcError(
            'JOURNAL_LOCKED',
            `the journal ${path} is held by another publisher in this process (lock file ${lockPath}); close it first`,
            { path, pid },
          )
        if (Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && alive(pid))
          throw new KomodoCcError(
            'JOURNAL_LOCKED',
            `the journal ${path} is held by another publisher (process ${pid}, lock file ${lockPath})`,
            { path, pid },
          )
        rmSync(lockPath, { force: true }) // stale: its process is gone
      }
      throw new KomodoCcError('JOURNAL_LOCKED', `cannot take the lock ${lockPath}`, { path })
    },
    unlock: () => {
      if (!holding) return
      holding = false
      rmSync(lockPath, { force: true })
    },
  }
}
