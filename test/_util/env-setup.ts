// The environment every test (and every CLI it spawns) runs in: `komodo-cc devnet` keeps its connection file, where
// `--devnet` looks, in a directory of this test worker's, never in the user's ~/.komodo-cc (a devnet the user runs
// while the tests run keeps its file). A test of the connection file sets its own path.
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { threadId } from 'node:worker_threads'

process.env.KOMODO_CC_DEVNET_FILE = join(tmpdir(), `komodo-cc-test-${process.pid}-${threadId}`, 'devnet.conf')
