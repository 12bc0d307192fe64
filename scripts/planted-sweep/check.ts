/**
 * One fixture through the CLI as the independent checkers run it (`--json --out-dir`), judged by
 * the leak oracle (exiftool, ffprobe, zip members, PDF objects, raw bytes in every text form) on
 * the input first, then on the clean copy; and the content compared by independent readers.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  canaryName,
  locateCanaries,
  type Canary,
} from '../../tests/helpers/leak-oracle';
import type { CanarySet } from './canaries';
import { contentOf, type ContentKind } from './content';

export interface Fixture {
  /** What the row is called: the format and how it was made. */
  readonly name: string;
  readonly path: string;
  readonly canaries: CanarySet;
  /** Whether the position was planted too. */
  readonly gps: boolean;
  readonly content: ContentKind;
}

/** A fixture made only when the sweep reaches it. */
export interface FixtureMaker {
  readonly name: string;
  readonly make: (dir: string) => Fixture;
}

export interface Row {
  readonly name: string;
  readonly planted: number;
  readonly foundInInput: number;
  /** Planted canaries no reader found in the input, by field. */
  readonly unseen: string[];
  /** `cleaned`, or the status and error code of a refusal. */
  readonly outcome: string;
  /** Canaries read in the clean copy, as `field [canary] (where)`. */
  readonly leaks: string[];
  /** Content canaries found in the clean copy, of those found in the input. */
  readonly contentCanaries: string;
  /** The fields of content canaries found in the input and not in the clean copy. */
  readonly contentLost: string[];
  /** `yes`, or the content readings before and after when they differ. */
  readonly contentKept: string;
  /** A refusal that left a file behind. */
  readonly strayOutput: boolean;
}

/** The canaries the readers find in the input, and the row's first columns. */
export function readInput(fixture: Fixture): {
  seen: Canary[];
  head: Pick<Row, 'name' | 'planted' | 'foundInInput' | 'unseen'>;
} {
  const canaries = fixture.canaries.all(fixture.gps);
  const before = locateCanaries(readFileSync(fixture.path), canaries);
  const seen = canaries.filter((c) => before[canaryName(c)]!.length > 0);
  return {
    seen,
    head: {
      name: fixture.name,
      planted: canaries.length,
      foundInInput: seen.length,
      unseen: canaries
        .filter((c) => !seen.includes(c))
        .map((c) =>
          typeof c === 'string' ? fixture.canaries.fieldOf(c) : 'GPS',
        ),
    },
  };
}

/** The judgement of a clean copy at `output`: leaks, content canaries kept, content kept. */
export function judgeOutput(
  fixture: Fixture,
  seen: readonly Canary[],
  output: string,
): Pick<Row, 'leaks' | 'contentCanaries' | 'contentLost' | 'contentKept'> {
  const after = locateCanaries(readFileSync(output), seen);
  const isContent = (name: string) => fixture.canaries.isContent(name);
  const shown = Object.keys(after).filter(isContent);
  const shownKept = shown.filter((name) => after[name]!.length > 0);
  const leaks = Object.entries(after)
    .filter(([name, where]) => where.length > 0 && !isContent(name))
    .map(
      ([name, where]) =>
        `${fixture.canaries.fieldOf(name)} [${name}] (${where.slice(0, 2).join('; ')})`,
    );
  const gone = seen.filter(
    (c): c is string => typeof c === 'string' && !isContent(c),
  );
  const was = contentOf(fixture.content, fixture.path, gone);
  const now = contentOf(fixture.content, output, gone);
  return {
    leaks,
    contentCanaries: `${shownKept.length}/${shown.length}`,
    contentLost: shown
      .filter((name) => after[name]!.length === 0)
      .map((name) => fixture.canaries.fieldOf(name)),
    contentKept: was === now ? 'yes' : `${was} -> ${now}`,
  };
}

const CLI = join(process.cwd(), 'cli', 'bin.cjs');

interface CliResult {
  readonly status: string;
  readonly output?: string;
  readonly code?: string;
}

function runCli(path: string, outDir: string): CliResult {
  const run = spawnSync('node', [CLI, '--json', '--out-dir', outDir, path], {
    encoding: 'utf8',
    maxBuffer: 256 << 20,
  });
  const line = run.stdout.split('\n').find((l) => l.startsWith('{'));
  if (!line) return { status: 'crashed', code: run.stderr.slice(0, 200) };
  const json = JSON.parse(line) as {
    status: string;
    output?: string;
    error?: { code?: string };
  };
  return { status: json.status, output: json.output, code: json.error?.code };
}

export function checkFixture(fixture: Fixture, outRoot: string): Row {
  const { seen, head } = readInput(fixture);
  const outDir = join(outRoot, fixture.name.replace(/[^\w.-]+/g, '_'));
  mkdirSync(outDir, { recursive: true });
  const result = runCli(fixture.path, outDir);
  // `already-clean` writes its copy too: a file with nothing to remove.
  const wrote =
    result.status === 'cleaned' || result.status === 'already-clean';
  if (!wrote || !result.output)
    return {
      ...head,
      outcome: `${result.status} ${result.code ?? ''}`.trim(),
      leaks: [],
      contentCanaries: '-',
      contentLost: [],
      contentKept: '-',
      strayOutput: readdirSync(outDir).length > 0,
    };
  return {
    ...head,
    outcome: result.status,
    ...judgeOutput(fixture, seen, result.output),
    strayOutput: false,
  };
}
