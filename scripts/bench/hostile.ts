// Hostile inputs whose speed the tests once asserted (a loaded machine failed them): built here the
// same way, cleaned by the engine in this process, each beside the bound its test used to hold.
import { execFileSync } from 'node:child_process';
import { cleanPlan, isEngineError } from '../../workers/engine/index';
import {
  hugeHexString,
  hugeLiteralString,
  unterminatedObjectStreams,
} from '../../tests/helpers/pdf-bombs';
import { insertAfterIhdr, zTXt } from '../../tests/helpers/png-chunks';

const MB = 1024 * 1024;
/** The zTXt bomb of png.test.ts: 32 MB of text deflated into one chunk. */
const ZTXT_BOMB_BYTES = 32 * MB;
/** png.test.ts's many small bombs: each inflates to the per-chunk cap. */
const SMALL_BOMBS = 4000;
const SMALL_BOMB_BYTES = 4 * MB;

export interface HostileCase {
  readonly name: string;
  readonly make: () => Uint8Array;
  /** The bound the test asserted before it was moved here. */
  readonly reference: string;
}

function smallPng(): Uint8Array {
  return new Uint8Array(
    execFileSync('convert', ['-size', '16x8', 'gradient:red-blue', 'png:-']),
  );
}

export const HOSTILE_CASES: readonly HostileCase[] = [
  {
    name: 'pdf: 60 MB literal string in a 61 KB file',
    make: () => hugeLiteralString(60 * MB),
    reference: 'seconds (pdf-bounds)',
  },
  {
    name: 'pdf: 60 million hex digits',
    make: () => hugeHexString(60 * MB),
    reference: 'seconds (pdf-bounds)',
  },
  {
    name: 'pdf: 10,000 unterminated object streams',
    make: () => unterminatedObjectStreams(10_000),
    reference: 'linear (pdf-bounds)',
  },
  {
    name: 'png: one 32 MB zTXt bomb',
    make: () =>
      insertAfterIhdr(smallPng(), [
        zTXt('Comment', 'A'.repeat(ZTXT_BOMB_BYTES)),
      ]),
    reference: '< 5 s (png.test)',
  },
  {
    name: 'png: 4,000 small zTXt bombs',
    make: () => {
      const bomb = zTXt('Comment', 'A'.repeat(SMALL_BOMB_BYTES));
      return insertAfterIhdr(
        smallPng(),
        Array.from({ length: SMALL_BOMBS }, () => bomb),
      );
    },
    reference: '< 10 s (png.test)',
  },
];

/** The engine's answer to one hostile input and how long it took, in milliseconds. */
export async function hostileFigure(
  bytes: Uint8Array,
): Promise<{ ms: number; outcome: string }> {
  const blob = new Blob([bytes as Uint8Array<ArrayBuffer>]);
  const start = performance.now();
  let outcome = 'clean';
  try {
    await cleanPlan(blob);
  } catch (error) {
    outcome = isEngineError(error) ? error.code : `foreign: ${String(error)}`;
  }
  return { ms: performance.now() - start, outcome };
}
