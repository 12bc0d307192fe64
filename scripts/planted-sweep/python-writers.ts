/**
 * The sweep's Python writers (`python/`): mutagen, python-docx, openpyxl, PIL and pikepdf, run
 * by the system's `/usr/bin/python3`, where those packages are installed. Each script plants its
 * canaries in place and prints them; they join the fixture's set.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CanarySet } from './canaries';

const PYTHON = process.env.SWEEP_PYTHON ?? '/usr/bin/python3';
const SCRIPTS = fileURLToPath(new URL('python/', import.meta.url));

/** Runs `python/<script>` with `args` and adds the canaries it planted to `set`. */
export function pythonPlant(
  script: string,
  args: readonly string[],
  set: CanarySet,
): void {
  const printed = execFileSync(PYTHON, [join(SCRIPTS, script), ...args], {
    cwd: SCRIPTS,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const rows = JSON.parse(printed) as [string, string, boolean][];
  for (const [field, value, content] of rows) set.adopt(field, value, content);
}
