// Re-wraps comments on lines longer than 160 columns at 120 (prettier's printWidth; prettier leaves comments
// alone): a one-line `/** … */` becomes a block, a `//` line or a ` * ` line of a block becomes several. Code and
// strings are not touched (those lines are mended by hand). test/long-lines.test.ts counts what is left.
// Usage: node scripts/wrap-long-comments.mjs FILE…   (prints the files it changed)
import { readFileSync, writeFileSync } from 'node:fs'

const LIMIT = 160
const WIDTH = 120

/** Words of `text` in lines of at most `width - prefix.length` characters, each with `prefix`. */
function fill(prefix, text, width = WIDTH) {
  const out = []
  let line = ''
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (line !== '' && prefix.length + line.length + 1 + word.length > width) {
      out.push(prefix + line)
      line = word
    } else line = line === '' ? word : `${line} ${word}`
  }
  if (line !== '') out.push(prefix + line)
  return out
}

/** The lines that replace one long comment line, or null when it is not a comment line. */
export function wrapComment(line) {
  let m = /^(\s*)\/\*\*\s?(.*?)\s*\*\/\s*$/.exec(line)
  if (m !== null) return [`${m[1]}/**`, ...fill(`${m[1]} * `, m[2]), `${m[1]} */`]
  m = /^(\s*)\/\/\s?(.*)$/.exec(line)
  if (m !== null) return fill(`${m[1]}// `, m[2])
  m = /^(\s*)\* (.*)$/.exec(line)
  if (m !== null && !/\*\/\s*$/.test(m[2])) {
    // an example is code: its own lines, the code and then its trailing `//` comment (a filled line would cut both)
    const example = /^@example\s+(.*?)(?:\s+(\/\/.*))?$/.exec(m[2])
    if (example !== null)
      return [
        `${m[1]}* @example`,
        `${m[1]}* ${example[1]}`,
        ...(example[2] === undefined ? [] : [`${m[1]}* ${example[2]}`]),
      ]
    // a tag keeps its line; its continuation is indented as TSDoc continues a tag
    const tag = /^@\w+\s/.exec(m[2])
    const [first, ...rest] = fill(`${m[1]}* `, m[2])
    if (tag === null) return [first, ...rest]
    return [first, ...fill(`${m[1]}*   `, rest.map((r) => r.slice(`${m[1]}* `.length)).join(' '))]
  }
  return null
}

if (import.meta.url === `file://${process.argv[1]}`)
  for (const file of process.argv.slice(2)) {
    const text = readFileSync(file, 'utf8')
    const lines = text.split('\n')
    const out = lines.flatMap((l) => (l.length > LIMIT ? (wrapComment(l) ?? [l]) : [l]))
    if (out.length !== lines.length) {
      writeFileSync(file, out.join('\n'))
      console.log(file)
    }
  }
