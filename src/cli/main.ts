#!/usr/bin/env node
import { runCli } from './run.js'
import { KomodoCcError } from '../errors.js'

/**
 * One line typed at a terminal, read in raw mode so that the terminal does not echo it (a WIF, a seed phrase, a
 * password). Enter or Ctrl-D ends it, Backspace deletes, Ctrl-C cancels (`ABORTED`).
 */
function readHidden(prompt: string): Promise<string> {
  const stdin = process.stdin
  return new Promise((resolve, reject) => {
    let text = ''
    const finish = (err?: Error): void => {
      stdin.off('data', onData)
      stdin.setRawMode(false)
      stdin.pause()
      process.stderr.write('\n')
      if (err === undefined) resolve(text)
      else reject(err)
    }
    const onData = (chunk: string): void => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return finish()
        if (ch === '\u0003') return finish(new KomodoCcError('ABORTED', 'input cancelled'))
        if (ch === '\u007f' || ch === '\b') text = [...text].slice(0, -1).join('')
        else text += ch
      }
    }
    process.stderr.write(prompt)
    stdin.setEncoding('utf8')
    stdin.setRawMode(true)
    stdin.on('data', onData)
    stdin.resume()
  })
}

const status = await runCli(process.argv.slice(2), {
  stdout: (s) => void process.stdout.write(s),
  stderr: (s) => void process.stderr.write(s),
  env: process.env,
  isTty: process.stderr.isTTY === true,
  readStdin: async () => {
    const chunks: string[] = [] // the caller's read: it may hold a WIF or a seed phrase, so nothing is kept after it
    for await (const c of process.stdin) chunks.push(String(c))
    return chunks.join('')
  },
  ...(process.stdin.isTTY === true ? { readHidden } : {}),
})
process.exitCode = status
