/**
 * Faults around the CLI, each checked by what is left on disk: a signal in the middle of a copy,
 * an input that shrinks, grows, changes or is replaced during the run, output paths that are not
 * regular files, two inputs with the same name, and names that would forge terminal output.
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
  appendFileSync,
  openSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { KERNEL_COPY_MIN_BYTES } from '../../../cli/kernel-copy';
import { COPY_CHUNK_BYTES } from '../../../cli/write-plan';
import { includes, padMp4, taggedMovie } from '../../helpers/cli-fixtures';
import { runCli, jsonLines } from '../../helpers/cli-run';
import { tempDir } from '../../helpers/video-tools';

const CANARY = 'CANARYFAULTS7k';
const REPLACEMENT = 'CANARYREPLACED7k';
/** Timestamps of a change made within the same clock tick as the open can be equal on some kernels. */
const TICK_MS = 20;

let fixtures = '';
/** A tagged MP4 grown to three copy chunks, so a copy is still running after its first chunk. */
let big = '';
let small = '';

beforeAll(() => {
  fixtures = tempDir('metaclean-faults');
  small = taggedMovie(fixtures, 'small.mp4', CANARY);
  big = join(fixtures, 'big.mp4');
  copyFileSync(small, big);
  padMp4(big, 3 * COPY_CHUNK_BYTES);
});

/** A fresh folder with a copy of `source` named `name`. */
function workspace(source: string, name = 'video.mp4') {
  const dir = tempDir('metaclean-fault-run');
  const input = join(dir, name);
  copyFileSync(source, input);
  const out = join(dir, 'out');
  mkdirSync(out);
  return { dir, input, out };
}

const tempName = (pid: number) => `cleaned_video.mp4.metaclean-${pid}.tmp`;

describe('a signal in the middle of a copy', () => {
  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)(
    '%s removes the temporary copy and leaves no output',
    async (signal) => {
      const { dir, input, out } = workspace(big);
      let seenTemp = 0;
      const result = await runCli(['--out-dir', out, input], {
        fault: 'copying:pause',
        onPause: async (pid) => {
          seenTemp = statSync(join(out, tempName(pid))).size;
          process.kill(pid, signal);
          return 'stop';
        },
      });
      expect(seenTemp).toBeGreaterThan(0);
      expect(seenTemp).toBeLessThan(statSync(input).size);
      expect(result.signal).toBe(signal);
      expect(readdirSync(out)).toEqual([]);
      expect(readdirSync(dir).sort()).toEqual(['out', 'video.mp4']);
    },
  );
});

describe('a large input, copied by the kernel', () => {
  let huge = '';
  beforeAll(() => {
    huge = join(fixtures, 'huge.mp4');
    copyFileSync(small, huge);
    padMp4(huge, KERNEL_COPY_MIN_BYTES);
  });

  it("writes the cleaned file: the input's size, no canary left", async () => {
    const { dir, input } = workspace(huge);
    const result = await runCli(['-o', join(dir, 'kernel.mp4'), input]);
    expect(result.code).toBe(0);
    const out = readFileSync(join(dir, 'kernel.mp4'));
    expect(out.length).toBe(statSync(input).size);
    expect(includes(out, CANARY)).toBe(false);
  });

  it('SIGTERM after the copy, before the patches, removes the temporary copy', async () => {
    const { dir, input, out } = workspace(huge);
    let seenTemp = 0;
    const result = await runCli(['--out-dir', out, input], {
      fault: 'copying:pause',
      onPause: async (pid) => {
        const temp = join(out, tempName(pid));
        seenTemp = statSync(temp).size;
        // The copy holds the original metadata until the patches are written.
        expect(includes(readFileSync(temp), CANARY)).toBe(true);
        process.kill(pid, 'SIGTERM');
        return 'stop';
      },
    });
    expect(seenTemp).toBe(statSync(input).size);
    expect(result.signal).toBe('SIGTERM');
    expect(readdirSync(out)).toEqual([]);
    expect(readdirSync(dir).sort()).toEqual(['out', 'video.mp4']);
  });

  it('fails unreadable, without spinning, when the input was truncated before the copy', async () => {
    const { input, out } = workspace(huge);
    const result = await runCli(['--json', '--out-dir', out, input], {
      fault: 'planned:pause',
      onPause: async () => {
        truncateSync(input, KERNEL_COPY_MIN_BYTES / 2);
        return 'resume';
      },
    });
    expect(jsonLines(result.stdout)[0].error.code).toBe('unreadable');
    expect(readdirSync(out)).toEqual([]);
  });
});

describe('an input that changes during the run', () => {
  it('fails unreadable when it shrinks during the copy, and writes nothing', async () => {
    const { input, out } = workspace(big);
    const result = await runCli(['--json', '--out-dir', out, input], {
      fault: 'copying:pause',
      onPause: async () => {
        truncateSync(input, COPY_CHUNK_BYTES + 1000);
        return 'resume';
      },
    });
    expect(result.code).toBe(1);
    expect(jsonLines(result.stdout)[0].error.code).toBe('unreadable');
    expect(readdirSync(out)).toEqual([]);
  });

  it('fails unreadable when it grows during the copy', async () => {
    const { input, out } = workspace(big);
    const result = await runCli(['--json', '--out-dir', out, input], {
      fault: 'copying:pause',
      onPause: async () => {
        appendFileSync(input, 'CANARYAPPENDED');
        return 'resume';
      },
    });
    expect(jsonLines(result.stdout)[0].error.code).toBe('unreadable');
    expect(readdirSync(out)).toEqual([]);
  });

  it('fails unreadable when its bytes change (same size) after the analysis', async () => {
    const { input, out } = workspace(big);
    const result = await runCli(['--json', '--out-dir', out, input], {
      fault: 'planned:pause',
      onPause: async () => {
        await sleep(TICK_MS);
        const fd = openSync(input, 'r+');
        writeSync(fd, 'CANARYWRITTEN', statSync(input).size - 100);
        closeSync(fd);
        return 'resume';
      },
    });
    expect(jsonLines(result.stdout)[0].error.code).toBe('unreadable');
    expect(readdirSync(out)).toEqual([]);
  });

  it('cleans the file it analysed when another file is renamed over it mid-run', async () => {
    const { dir, input, out } = workspace(small);
    const pristine = join(dir, 'pristine.mp4');
    copyFileSync(small, pristine);
    const replacement = taggedMovie(dir, 'other.mp4', REPLACEMENT);
    expect(includes(readFileSync(replacement), REPLACEMENT)).toBe(true);
    const result = await runCli(['--json', '--out-dir', out, input], {
      fault: 'planned:pause',
      onPause: async () => {
        renameSync(replacement, input);
        return 'resume';
      },
    });
    expect(result.code).toBe(0);
    const output = readFileSync(join(out, 'cleaned_video.mp4'));
    expect(includes(output, REPLACEMENT)).toBe(false);
    expect(includes(output, CANARY)).toBe(false);
    const reference = join(dir, 'reference.mp4');
    expect((await runCli(['-o', reference, pristine])).code).toBe(0);
    expect(output.equals(readFileSync(reference))).toBe(true);
  });
});

describe('output paths that are not regular files', () => {
  it('refuses a symlink as unwritable and leaves the link and its target alone', async () => {
    const { dir, input } = workspace(small);
    const target = join(dir, 'target.txt');
    writeFileSync(target, 'keep me');
    const link = join(dir, 'link.mp4');
    symlinkSync(target, link);
    const result = await runCli(['--json', '-o', link, input]);
    expect(result.code).toBe(1);
    expect(jsonLines(result.stdout)[0].error.code).toBe('unwritable');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(target);
    expect(readFileSync(target, 'utf8')).toBe('keep me');
  });

  it('refuses a FIFO as unwritable without blocking on it', async () => {
    const { dir, input } = workspace(small);
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const result = await runCli(['--json', '-o', fifo, input]);
    expect(jsonLines(result.stdout)[0].error.code).toBe('unwritable');
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it.skipIf(process.getuid?.() !== 0)(
    'refuses a device node as unwritable (as root, where a rename would replace it)',
    async () => {
      const { dir, input } = workspace(small);
      const device = join(dir, 'null');
      execFileSync('mknod', [device, 'c', '1', '3']);
      const result = await runCli(['--json', '-o', device, input]);
      expect(jsonLines(result.stdout)[0].error.code).toBe('unwritable');
      expect(lstatSync(device).isCharacterDevice()).toBe(true);
    },
  );

  it('reads a FIFO input as unreadable without blocking on it', async () => {
    const { dir } = workspace(small);
    const fifo = join(dir, 'in.mp4');
    execFileSync('mkfifo', [fifo]);
    const result = await runCli(['--json', fifo]);
    expect(jsonLines(result.stdout)[0].error.code).toBe('unreadable');
    expect(readdirSync(dir).sort()).toEqual(['in.mp4', 'out', 'video.mp4']);
  });

  it.each([
    ['the same path', (input: string) => input],
    [
      'a hard link to it',
      (input: string) => {
        linkSync(input, `${input}.link.mp4`);
        return `${input}.link.mp4`;
      },
    ],
  ])(
    'refuses -o naming the input (%s) as output-is-input',
    async (_, target) => {
      const { input } = workspace(small);
      const before = readFileSync(input);
      const result = await runCli(['--json', '-o', target(input), input]);
      expect(result.code).toBe(1);
      expect(jsonLines(result.stdout)[0].error.code).toBe('output-is-input');
      expect(readFileSync(input).equals(before)).toBe(true);
    },
  );

  it('reports a folder it cannot create as unwritable, not unreadable', async () => {
    const { dir, input } = workspace(small);
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, '');
    const result = await runCli([
      '--json',
      '--out-dir',
      join(blocker, 'sub'),
      input,
    ]);
    expect(jsonLines(result.stdout)[0].error.code).toBe('unwritable');
  });
});

describe('two inputs with the same name', () => {
  it('get distinct outputs under --out-dir, each the clean of its own input', async () => {
    const dir = tempDir('metaclean-dupes');
    mkdirSync(join(dir, 'a'));
    mkdirSync(join(dir, 'b'));
    const first = taggedMovie(join(dir, 'a'), 'clip.mp4', 'CANARYFIRST7k');
    const second = taggedMovie(join(dir, 'b'), 'clip.mp4', 'CANARYSECOND7k');
    padMp4(second, 4096);
    const out = join(dir, 'out');
    const result = await runCli(['--json', '--out-dir', out, first, second]);
    expect(result.code).toBe(0);
    const outputs: string[] = jsonLines(result.stdout).map((o) => o.output);
    expect(outputs).toEqual([
      join(out, 'cleaned_clip.mp4'),
      join(out, 'cleaned_clip-2.mp4'),
    ]);
    expect(statSync(outputs[0]).size).toBe(statSync(first).size);
    expect(statSync(outputs[1]).size).toBe(statSync(second).size);
  });
});

describe('names in text output', () => {
  const evil = 'evil\n\u001b[31mred\u202eoc.mp4';

  it('escapes newlines, escape sequences and direction overrides in a cleaned file name', async () => {
    const { input, dir } = workspace(small, evil);
    const result = await runCli([input]);
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    expect(result.stdout).not.toContain('\u001b');
    expect(result.stdout).not.toContain('\u202e');
    expect(result.stdout).toContain('evil\\n\\x1b[31mred\\u202eoc.mp4');
    expect(readdirSync(dir)).toContain(`cleaned_${evil}`);
  });

  it('escapes them in a failure line on stderr', async () => {
    const { dir } = workspace(small);
    const file = join(dir, 'bad\nmetaclean: forged.xyz');
    writeFileSync(file, 'no known signature');
    const result = await runCli([file]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('bad\\nmetaclean: forged.xyz');
  });
});
