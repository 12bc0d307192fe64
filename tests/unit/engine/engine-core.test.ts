import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ByteSource } from '../../../workers/engine/byte-source';
import type { FormatModule } from '../../../workers/engine/format-module';
import { finding, type Finding } from '../../../workers/engine/findings';
import {
  OutputBuilder,
  type OutputPlan,
} from '../../../workers/engine/output-plan';
import {
  clean,
  cleanPlan,
  inPlacePatches,
  inspect,
} from '../../../workers/engine';
import { blobOf } from '../../helpers/video-tools';

/** A small PNG as ImageMagick writes it, with its date text chunks. */
const DIRTY_PNG_BYTES = execFileSync('convert', [
  '-size',
  '8x8',
  'xc:red',
  'png:-',
]);
const ENGINE = '../../../workers/engine';
const FAKE_MAGIC = 'FAKEFMT!';

interface FakeBehaviour {
  readonly inspect: (src: ByteSource) => Promise<Finding[]>;
  readonly clean: (src: ByteSource) => Promise<OutputPlan>;
}

/** A module for a made-up format; its plan copies the input unless told otherwise. */
function fakeModule(overrides: Partial<FakeBehaviour>): FormatModule {
  const behaviour: FakeBehaviour = {
    inspect: async () => [finding('author.name', 'Artist', 'fake', 'CANARY')],
    clean: async (src) => new OutputBuilder().copy(0, src.size).build(),
    ...overrides,
  };
  return {
    formats: [],
    sniff: (head) =>
      Buffer.from(head).toString('latin1').startsWith(FAKE_MAGIC)
        ? { id: 'bmp', mime: 'image/x-fake', extension: 'fake' }
        : null,
    analyze: async (src) => ({
      findings: await behaviour.inspect(src),
      plan: () => behaviour.clean(src),
    }),
  };
}

const BMP_MODULE = '../../../workers/engine/formats/bmp';
const BMP_SNIFFER = '../../../workers/engine/formats/bmp/sniff';

/** The engine with the BMP slot of the registry (its sniffer and its module) replaced by `module`. */
async function engineWith(module: FormatModule) {
  vi.resetModules();
  vi.doMock(BMP_SNIFFER, () => ({ bmpSniffer: module }));
  vi.doMock(BMP_MODULE, () => ({ bmp: module }));
  return (await import(ENGINE)) as typeof import('../../../workers/engine');
}

afterEach(() => {
  vi.doUnmock(BMP_SNIFFER);
  vi.doUnmock(BMP_MODULE);
  vi.resetModules();
});

describe('engine core', () => {
  it('fails as unsupported on bytes no module recognises', async () => {
    const noise = Uint8Array.from(
      { length: 512 },
      (_, i) => (i * 31 + 7) % 256,
    );
    await expect(inspect(blobOf(noise))).rejects.toMatchObject({
      code: 'unsupported',
    });
    await expect(cleanPlan(blobOf(noise))).rejects.toMatchObject({
      code: 'unsupported',
    });
  });

  it('sniffs the real format behind a wrong extension and keeps the name', async () => {
    const result = await clean(blobOf(DIRTY_PNG_BYTES), {
      name: 'holiday.jpg',
    });
    expect(result.format.id).toBe('png');
    expect(result.name).toBe('cleaned_holiday.jpg');
    expect(result.blob.type).toBe('image/png');
  });

  it('fails as cancelled when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      cleanPlan(blobOf(DIRTY_PNG_BYTES), { signal: controller.signal }),
    ).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('reports progress done at the end', async () => {
    const onProgress = vi.fn();
    await cleanPlan(blobOf(DIRTY_PNG_BYTES), { onProgress });
    expect(onProgress).toHaveBeenLastCalledWith(1);
  });

  it('fails closed as unclean when the output still has something removable', async () => {
    const engine = await engineWith(fakeModule({}));
    const input = blobOf(Buffer.from(`${FAKE_MAGIC} CANARY`));
    await expect(engine.cleanPlan(input)).rejects.toMatchObject({
      code: 'unclean',
      detail: 'fake: Artist',
    });
    await expect(engine.clean(input, { name: 'x.fake' })).rejects.toMatchObject(
      { code: 'unclean' },
    );
  });

  it('passes when the module output inspects clean', async () => {
    const engine = await engineWith(
      fakeModule({
        inspect: async (src) =>
          src.size > FAKE_MAGIC.length
            ? [finding('author.name', 'Artist', 'fake')]
            : [],
        clean: async () =>
          new OutputBuilder().copy(0, FAKE_MAGIC.length).build(),
      }),
    );
    const result = await engine.cleanPlan(
      blobOf(Buffer.from(`${FAKE_MAGIC} CANARY`)),
    );
    expect(result.removed).toHaveLength(1);
  });

  it('turns a parser crash into a typed corrupt error', async () => {
    const engine = await engineWith(
      fakeModule({
        inspect: () =>
          Promise.reject(new RangeError('offset is outside the bounds')),
      }),
    );
    const error: unknown = await engine
      .inspect(blobOf(Buffer.from(FAKE_MAGIC)))
      .catch((e: unknown) => e);
    expect(engine.isEngineError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'corrupt' });
  });
});

describe('byte source', () => {
  const src = new ByteSource(blobOf(Uint8Array.of(1, 2, 3, 4)));

  it('clamps reads to the end of the file', async () => {
    expect(await src.read(2, 10)).toEqual(Uint8Array.of(3, 4));
    expect(await src.read(9, 1)).toEqual(new Uint8Array(0));
  });

  it('fails as corrupt on a truncated exact read or a negative offset', async () => {
    await expect(src.readExact(2, 3)).rejects.toMatchObject({
      code: 'corrupt',
    });
    await expect(src.read(-1, 2)).rejects.toMatchObject({ code: 'corrupt' });
  });
});

describe('output plan', () => {
  it('merges adjacent copies and skips empty ones', () => {
    const plan = new OutputBuilder().copy(0, 4).copy(4, 8).copy(9, 9).build();
    expect(plan).toEqual([{ kind: 'copy', start: 0, end: 8 }]);
  });

  it('gives in-place patches only when nothing moves', () => {
    const same = new OutputBuilder()
      .copy(0, 4)
      .push(Uint8Array.of(0, 0))
      .copy(6, 10)
      .build();
    expect(inPlacePatches(10, same)).toEqual([
      { offset: 4, data: Uint8Array.of(0, 0) },
    ]);
    const moved = new OutputBuilder().copy(0, 4).copy(6, 10).build();
    expect(inPlacePatches(10, moved)).toBeNull();
  });
});
