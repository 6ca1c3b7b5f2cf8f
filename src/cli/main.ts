#!/usr/bin/env node
import { runCli } from './run.js'

const chunks: string[] = []
const status = await runCli(process.argv.slice(2), {
  stdout: (s) => void process.stdout.write(s),
  stderr: (s) => void process.stderr.write(s),
  env: process.env,
  isTty: process.stderr.isTTY === true,
  readStdin: async () => {
    for await (const c of process.stdin) chunks.push(String(c))
    return chunks.join('')
  },
})
process.exitCode = status
