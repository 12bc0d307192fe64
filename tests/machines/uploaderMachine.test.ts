import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  uploaderMachine,
  type CleanInput,
  type UploaderEvent,
} from '../../src/machines/uploaderMachine';
import type { BridgeOutcome } from '../../src/worker-bridge/clean-bridge';

const photo = new File(['jpeg bytes'], 'photo.jpg', { type: 'image/jpeg' });
const other = new File(['png bytes'], 'other.png', { type: 'image/png' });

const SUCCESS: BridgeOutcome = {
  ok: true,
  blob: new Blob(['clean']),
  name: 'cleaned_photo.jpg',
  format: { id: 'jpeg', mime: 'image/jpeg', extension: 'jpg' },
  removed: [
    {
      category: 'location',
      field: 'gps.position',
      label: 'GPSLatitude',
      location: 'APP1',
      value: '1, 2',
    },
  ],
  kept: [],
};
const FAILURE: BridgeOutcome = { ok: false, code: 'corrupt', detail: 'cut' };

const DONE = 'xstate.done.actor.cleanFile';
const ERROR = 'xstate.error.actor.cleanFile';
const INIT = 'xstate.init';

interface Job {
  readonly input: CleanInput;
  readonly signal: AbortSignal;
  settle(outcome: BridgeOutcome): void;
  fail(error: unknown): void;
}

/** The machine with a cleaning actor the test settles by hand; `jobs` records every invocation. */
function harness() {
  const jobs: Job[] = [];
  const machine = uploaderMachine.provide({
    actors: {
      cleanFile: fromPromise<BridgeOutcome, CleanInput>(
        ({ input, signal }) =>
          new Promise((resolve, reject) => {
            jobs.push({ input, signal, settle: resolve, fail: reject });
          }),
      ),
    },
  });
  const actor = createActor(machine).start();
  return { actor, jobs };
}

const lastJob = (jobs: Job[]): Job => {
  const job = jobs.at(-1);
  if (!job) throw new Error('no cleaning job was started');
  return job;
};

/** `clean done (ok)` rather than the internal event type, so each path's name is unique. */
function stepName(event: EventObject): string {
  const output = (event as { output?: BridgeOutcome }).output;
  if (event.type === DONE)
    return `clean done (${output?.ok ? 'ok' : 'failure'})`;
  if (event.type === ERROR) return 'clean crashed';
  return event.type;
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('uploaderMachine shortest paths', () => {
  const events: EventObject[] = [
    { type: 'file.select', file: photo } as EventObject,
    { type: 'processing.start' },
    { type: 'processing.cancel' },
    { type: 'processing.progress', fraction: 0.5 } as EventObject,
    { type: DONE, output: SUCCESS } as EventObject,
    { type: DONE, output: FAILURE } as EventObject,
    { type: ERROR, error: new Error('crash') } as EventObject,
  ];
  const paths = getShortestPaths(uploaderMachine, {
    events: events as never,
    serializeEvent: (event) =>
      JSON.stringify({ ...event, file: undefined, output: undefined }) +
      String((event as { output?: BridgeOutcome }).output?.ok),
  });

  it('reaches every state', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const state of ['idle', 'selected', 'processing', 'done', 'error']) {
      expect(reached).toContain(JSON.stringify(state));
    }
  });

  for (const path of paths) {
    // The graph also walks the actor's own done/error events, which the machine's types omit.
    const steps: { event: EventObject }[] = path.steps.filter(
      ({ event }) => (event as EventObject).type !== INIT,
    );
    const route = steps.map(({ event }) => stepName(event)).join(' > ');
    it(`replays ${route || 'nothing'} to ${JSON.stringify(path.state.value)}`, async () => {
      const { actor, jobs } = harness();
      for (const { event } of steps) {
        if (event.type === DONE) {
          lastJob(jobs).settle(
            (event as unknown as { output: BridgeOutcome }).output,
          );
          await settled();
        } else if (event.type === ERROR) {
          lastJob(jobs).fail(new Error('crash'));
          await settled();
        } else {
          actor.send(event as UploaderEvent);
        }
      }
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(path.state.value);
      expect(snapshot.context.result?.name).toEqual(
        path.state.context.result?.name,
      );
      expect(snapshot.context.errorCode).toEqual(path.state.context.errorCode);
    });
  }
});

describe('uploaderMachine rules', () => {
  it('passes the selected file to the cleaner and reports progress', () => {
    const { actor, jobs } = harness();
    actor.send({ type: 'file.select', file: photo });
    actor.send({ type: 'processing.start' });
    lastJob(jobs).input.onProgress(0.25);
    expect(lastJob(jobs).input.file).toBe(photo);
    expect(actor.getSnapshot().context.progress).toBe(0.25);
  });

  it('aborts the cleaner and keeps the file on cancel', () => {
    const { actor, jobs } = harness();
    actor.send({ type: 'file.select', file: photo });
    actor.send({ type: 'processing.start' });
    actor.send({ type: 'processing.cancel' });
    expect(lastJob(jobs).signal.aborted).toBe(true);
    expect(actor.getSnapshot().value).toBe('selected');
    expect(actor.getSnapshot().context.file).toBe(photo);
    expect(actor.getSnapshot().context.cancelled).toBe(true);
    actor.send({ type: 'processing.start' });
    expect(actor.getSnapshot().context.cancelled).toBe(false);
  });

  it('replaces the file and clears the result when a new file comes after done', async () => {
    const { actor, jobs } = harness();
    actor.send({ type: 'file.select', file: photo });
    actor.send({ type: 'processing.start' });
    lastJob(jobs).settle(SUCCESS);
    await settled();
    actor.send({ type: 'file.select', file: other });
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('selected');
    expect(context.file).toBe(other);
    expect(context.result).toBeNull();
  });

  it('creates a download URL on done and revokes it when a new file comes', async () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const { actor, jobs } = harness();
    actor.send({ type: 'file.select', file: photo });
    actor.send({ type: 'processing.start' });
    lastJob(jobs).settle(SUCCESS);
    await settled();
    const url = actor.getSnapshot().context.downloadUrl;
    expect(url).toMatch(/^blob:/);
    actor.send({ type: 'file.select', file: other });
    expect(revoke).toHaveBeenCalledWith(url);
    expect(actor.getSnapshot().context.downloadUrl).toBeNull();
    revoke.mockRestore();
  });

  it('serves the download as bytes to save, never as a renderable type', async () => {
    const create = vi.spyOn(URL, 'createObjectURL');
    const { actor, jobs } = harness();
    actor.send({ type: 'file.select', file: photo });
    actor.send({ type: 'processing.start' });
    lastJob(jobs).settle({
      ...SUCCESS,
      blob: new Blob(['<svg onload="alert(1)"/>'], { type: 'image/svg+xml' }),
    });
    await settled();
    const served = create.mock.calls.at(-1)?.[0] as Blob;
    expect(served.type).toBe('application/octet-stream');
    expect(await served.text()).toBe('<svg onload="alert(1)"/>');
    create.mockRestore();
  });

  it('clears the previous result and revokes its download when a drop is refused', async () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const { actor, jobs } = harness();
    actor.send({ type: 'file.select', file: photo });
    actor.send({ type: 'processing.start' });
    lastJob(jobs).settle(SUCCESS);
    await settled();
    const url = actor.getSnapshot().context.downloadUrl;
    actor.send({ type: 'file.reject' });
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('idle');
    expect(context.file).toBeNull();
    expect(context.result).toBeNull();
    expect(revoke).toHaveBeenCalledWith(url);
    revoke.mockRestore();
  });

  it('keeps the engine error code and clears it on a new file', async () => {
    const { actor, jobs } = harness();
    actor.send({ type: 'file.select', file: photo });
    actor.send({ type: 'processing.start' });
    lastJob(jobs).settle(FAILURE);
    await settled();
    expect(actor.getSnapshot().context.errorCode).toBe('corrupt');
    actor.send({ type: 'file.select', file: other });
    expect(actor.getSnapshot().context.errorCode).toBeNull();
  });

  it('ignores a new file while processing', () => {
    const { actor } = harness();
    actor.send({ type: 'file.select', file: photo });
    actor.send({ type: 'processing.start' });
    actor.send({ type: 'file.select', file: other });
    expect(actor.getSnapshot().value).toBe('processing');
    expect(actor.getSnapshot().context.file).toBe(photo);
  });

  it('retries from error with the same file', async () => {
    const { actor, jobs } = harness();
    actor.send({ type: 'file.select', file: photo });
    actor.send({ type: 'processing.start' });
    lastJob(jobs).fail(new Error('worker died'));
    await settled();
    expect(actor.getSnapshot().context.errorCode).toBe('worker-failed');
    actor.send({ type: 'processing.start' });
    expect(jobs).toHaveLength(2);
    expect(actor.getSnapshot().context.errorCode).toBeNull();
  });

  it('cleans again removing the parts the engine cannot clean, only when the person asks', async () => {
    const { actor, jobs } = harness();
    actor.send({ type: 'file.select', file: photo });
    actor.send({ type: 'processing.start' });
    expect(lastJob(jobs).input.dropUncleanable).toBe(false);
    lastJob(jobs).settle({
      ok: false,
      code: 'uncleanable-part',
      detail: 'attachments',
      parts: ['report.doc'],
    });
    await settled();
    expect(actor.getSnapshot().context.errorParts).toEqual(['report.doc']);
    actor.send({ type: 'processing.dropUncleanable' });
    expect(jobs).toHaveLength(2);
    expect(lastJob(jobs).input.dropUncleanable).toBe(true);
    expect(actor.getSnapshot().context.errorParts).toEqual([]);
    lastJob(jobs).settle(SUCCESS);
    await settled();
    expect(actor.getSnapshot().value).toBe('done');
    actor.send({ type: 'file.select', file: other });
    actor.send({ type: 'processing.start' });
    expect(lastJob(jobs).input.dropUncleanable).toBe(false);
  });

  it('offers no removal for other errors', async () => {
    const { actor, jobs } = harness();
    actor.send({ type: 'file.select', file: photo });
    actor.send({ type: 'processing.start' });
    lastJob(jobs).settle(FAILURE);
    await settled();
    actor.send({ type: 'processing.dropUncleanable' });
    expect(jobs).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('error');
  });
});
