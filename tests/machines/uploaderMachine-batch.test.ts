import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { NO_FORMAT_MATCHED } from '../../workers/engine/errors';
import type { BatchInput } from '../../src/machines/batch-items';
import {
  uploaderMachine,
  type CleanInput,
} from '../../src/machines/uploaderMachine';
import type {
  BridgeOutcome,
  CleanSuccess,
} from '../../src/worker-bridge/clean-bridge';

const FORMAT = { id: 'jpeg', mime: 'image/jpeg', extension: 'jpg' } as const;

function photo(name: string): BatchInput {
  return {
    file: new File(['jpeg bytes'], name, { type: 'image/jpeg' }),
    path: `trip/${name}`,
  };
}

function cleaned(input: BatchInput, removed = 1): CleanSuccess {
  return {
    ok: true,
    blob: new Blob(['clean']),
    name: `cleaned_${input.file.name}`,
    format: FORMAT,
    removed: Array.from({ length: removed }, () => ({
      category: 'location' as const,
      field: 'gps.position' as const,
      label: 'GPSPosition',
      location: 'APP1',
    })),
    kept: [],
    crc32: 0,
  };
}

interface Job {
  readonly input: CleanInput;
  readonly signal: AbortSignal;
  settle(outcome: BridgeOutcome): void;
}

function harness() {
  const jobs: Job[] = [];
  const machine = uploaderMachine.provide({
    actors: {
      cleanFile: fromPromise<BridgeOutcome, CleanInput>(
        ({ input, signal }) =>
          new Promise((resolve) => {
            jobs.push({ input, signal, settle: resolve });
          }),
      ),
    },
  });
  return { actor: createActor(machine).start(), jobs };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

const statuses = (actor: ReturnType<typeof harness>['actor']) =>
  actor.getSnapshot().context.items.map((item) => item.status);

describe('uploaderMachine with many files', () => {
  it('cleans every file, one at a time, asking the worker for each copy’s checksum', async () => {
    const { actor, jobs } = harness();
    const inputs = [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')];
    actor.send({ type: 'files.select', inputs });
    expect(actor.getSnapshot().matches({ batch: 'ready' })).toBe(true);
    expect(statuses(actor)).toEqual(['waiting', 'waiting', 'waiting']);

    actor.send({ type: 'processing.start' });
    for (const [i, input] of inputs.entries()) {
      expect(jobs).toHaveLength(i + 1);
      expect(jobs[i]?.input.file).toBe(input.file);
      expect(jobs[i]?.input.checksum).toBe(true);
      jobs[i]?.settle(cleaned(input, i === 2 ? 0 : 1));
      await settled();
    }

    expect(actor.getSnapshot().matches({ batch: 'finished' })).toBe(true);
    expect(statuses(actor)).toEqual(['clean', 'clean', 'already-clean']);
  });

  it('settles refused files and sidecars on arrival and cleans only the others', async () => {
    const { actor, jobs } = harness();
    const ok = photo('IMG_0042.HEIC');
    actor.send({
      type: 'files.select',
      inputs: [
        { ...photo('notes.txt'), refusal: 'file-invalid-type' },
        ok,
        {
          ...photo('IMG_0042.AAE'),
          sidecar: { kind: 'apple-edits', belongsTo: 'trip/IMG_0042.HEIC' },
        },
      ],
    });
    actor.send({ type: 'processing.start' });
    expect(statuses(actor)).toEqual(['refused', 'cleaning', 'left-out']);
    jobs[0]?.settle({ ok: false, code: 'corrupt', detail: 'cut' });
    await settled();

    expect(jobs).toHaveLength(1);
    expect(statuses(actor)).toEqual(['refused', 'failed', 'left-out']);
    expect(actor.getSnapshot().context.items[1]?.errorCode).toBe('corrupt');
  });

  it('stops the rest on cancel: the running clean is aborted and the waiting files are not cleaned', async () => {
    const { actor, jobs } = harness();
    const inputs = [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')];
    actor.send({ type: 'files.select', inputs });
    actor.send({ type: 'processing.start' });
    jobs[0]?.settle(cleaned(inputs[0] as BatchInput));
    await settled();
    actor.send({ type: 'processing.cancel' });

    expect(jobs[1]?.signal.aborted).toBe(true);
    expect(jobs).toHaveLength(2);
    expect(actor.getSnapshot().matches({ batch: 'finished' })).toBe(true);
    expect(statuses(actor)).toEqual(['clean', 'cancelled', 'cancelled']);
    expect(actor.getSnapshot().context.items[0]?.result).toBeDefined();
  });

  it('queues a drop made while cleaning and cleans it after the others', async () => {
    const { actor, jobs } = harness();
    const first = [photo('a.jpg'), photo('b.jpg')];
    const late = photo('late.jpg');
    actor.send({ type: 'files.select', inputs: first });
    actor.send({ type: 'processing.start' });
    actor.send({ type: 'files.select', inputs: [late] });
    // One file dropped alone while a batch runs joins the list too, not the one-file flow.
    actor.send({ type: 'file.select', file: late.file });
    expect(actor.getSnapshot().matches({ batch: 'cleaning' })).toBe(true);
    expect(statuses(actor)).toEqual([
      'cleaning',
      'waiting',
      'waiting',
      'waiting',
    ]);

    const order = [...first, late, late];
    for (const input of order) {
      jobs.at(-1)?.settle(cleaned(input));
      await settled();
    }
    expect(jobs.map((j) => j.input.file)).toEqual(order.map((i) => i.file));
    expect(statuses(actor)).toEqual(['clean', 'clean', 'clean', 'clean']);
    expect(actor.getSnapshot().context.items.map((i) => i.id)).toEqual([
      0, 1, 2, 3,
    ]);
  });

  it('records a worker crash as that file’s failure and goes on with the next', async () => {
    const jobs: {
      reject(error: unknown): void;
      resolve(o: BridgeOutcome): void;
    }[] = [];
    const machine = uploaderMachine.provide({
      actors: {
        cleanFile: fromPromise<BridgeOutcome, CleanInput>(
          () =>
            new Promise((resolve, reject) => {
              jobs.push({ resolve, reject });
            }),
        ),
      },
    });
    const actor = createActor(machine).start();
    const inputs = [photo('a.jpg'), photo('b.jpg')];
    actor.send({ type: 'files.select', inputs });
    actor.send({ type: 'processing.start' });
    jobs[0]?.reject(new Error('crash'));
    await settled();
    jobs[1]?.resolve(cleaned(inputs[1] as BatchInput));
    await settled();

    expect(actor.getSnapshot().context.items.map((i) => i.status)).toEqual([
      'failed',
      'clean',
    ]);
    expect(actor.getSnapshot().context.items[0]?.errorCode).toBe(
      'worker-failed',
    );
  });

  it('keeps that a failed file’s bytes are no kind the engine reads, for its row to say so', async () => {
    const { actor, jobs } = harness();
    actor.send({ type: 'files.select', inputs: [photo('notes.jpg')] });
    actor.send({ type: 'processing.start' });
    jobs[0]?.settle({
      ok: false,
      code: 'unsupported',
      detail: NO_FORMAT_MATCHED,
      unknownKind: true,
    });
    await settled();

    const [item] = actor.getSnapshot().context.items;
    expect(item?.errorCode).toBe('unsupported');
    expect(item?.unknownKind).toBe(true);
  });

  it('starts a new list when files come after the batch finished', async () => {
    const { actor, jobs } = harness();
    const one = photo('a.jpg');
    actor.send({ type: 'files.select', inputs: [one, photo('b.jpg')] });
    actor.send({ type: 'processing.start' });
    actor.send({ type: 'processing.cancel' });
    actor.send({ type: 'files.select', inputs: [photo('c.jpg'), one] });

    expect(jobs).toHaveLength(1);
    expect(actor.getSnapshot().matches({ batch: 'ready' })).toBe(true);
    expect(statuses(actor)).toEqual(['waiting', 'waiting']);
    expect(actor.getSnapshot().context.cancelled).toBe(false);
  });
});
