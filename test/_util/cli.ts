import { runCli } from '../../src/cli/run.js'

/** Runs the CLI in-process and captures its output. */
export async function cli(
  args: string[],
  env: Record<string, string> = {},
  stdin = '',
): Promise<{ status: number; stdout: string; stderr: string; json: any; error: any }> {
  let stdout = ''
  let stderr = ''
  const status = await runCli(args, {
    stdout: (s) => void (stdout += s),
    stderr: (s) => void (stderr += s),
    env,
    isTty: false,
    readStdin: async () => stdin,
  })
  const parse = (s: string) => {
    try {
      return JSON.parse(s)
    } catch {
      return undefined
    }
  }
  return { status, stdout, stderr, json: parse(stdout), error: parse(stderr)?.error }
}
