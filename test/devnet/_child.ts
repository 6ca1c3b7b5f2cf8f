import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const MAIN = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url))

/** A `komodo-cc devnet` child process (the CLI run from source through tsx) and what it printed on start. */
export type DevnetChild = {
  child: ChildProcess
  info: { url: string; confPath: string; confDir: string; pubkey: string; height: number; dataFile: string | null }
  /** Settles with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  stderr: () => string
  /** What it printed on stdout so far (its start-up JSON, as written). */
  stdout: () => string
}

/** Starts `komodo-cc devnet <args>` and waits (at most `timeoutMs`) for its start-up JSON on stdout. */
export async function startDevnetChild(
  args: string[],
  timeoutMs = 20_000,
  env: Record<string, string> = {},
): Promise<DevnetChild> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'devnet', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '', ...env },
  })
  let out = ''
  let err = ''
  child.stderr!.on('data', (c: Buffer) => {
    err += String(c)
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }))
  })
  const info = await new Promise<DevnetChild['info']>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`devnet child did not start in ${timeoutMs} ms: ${err}`))
    }, timeoutMs)
    child.stdout!.on('data', (c: Buffer) => {
      out += String(c)
      try {
        const v = JSON.parse(out) as DevnetChild['info']
        clearTimeout(timer)
        resolve(v)
      } catch {
        // not complete yet
      }
    })
    void exited.then(({ code }) => {
      clearTimeout(timer)
      reject(new Error(`devnet child exited (${code}) before starting: ${err}`))
    })
  })
  return { child, info, exited, stderr: () => err, stdout: () => out }
}

/** Kills a child that is still running (SIGKILL) and waits for it: for `finally` blocks. */
export async function reap(c: DevnetChild | undefined): Promise<void> {
  if (c === undefined) return
  if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL')
  await c.exited
}
