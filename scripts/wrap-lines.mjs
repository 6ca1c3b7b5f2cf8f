// Breaks a generated line of code that is longer than `width` after a top-level ` + ` or `, ` (the operator or comma
// ends the line, so no semicolon is inserted), the rest indented four more spaces: the generated kernels keep their
// lines under the project's 160-column limit (test/long-lines.test.ts) without changing a token.

/**
 * @param {string} line
 * @param {number} [width]
 * @returns {string[]}
 */
export function wrapLine(line, width = 120) {
  const out = []
  const indent = /^ */.exec(line)[0] + '    '
  let rest = line
  while (rest.length > width) {
    let depth = 0
    let cut = -1
    for (let i = 0; i < rest.length && i < width; i++) {
      const ch = rest[i]
      if (ch === '(' || ch === '[') depth++
      else if (ch === ')' || ch === ']') depth--
      else if (depth <= 1 && (rest.startsWith(' + ', i) || rest.startsWith(', ', i))) cut = i
    }
    if (cut < 0) break
    const sep = rest[cut + 1] === '+' ? 3 : 2
    out.push(rest.slice(0, cut + sep - 1))
    rest = indent + rest.slice(cut + sep)
  }
  out.push(rest)
  return out
}
