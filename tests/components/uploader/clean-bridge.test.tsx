import * as Comlink from 'comlink';
import { describe, expect, it, vi } from 'vitest';
import type {
  CleanOutcome,
  CleanWorkerApi,
} from '../../../workers/clean.worker';
import { createCleanBridge } from '../../../src/worker-bridge/clean-bridge';

// The bridge lives in src/worker-bridge; its test sits with the uploader's because Vitest's
// projects only collect tests/unit, tests/machines and tests/components. jsdom's File does not
// survive a MessagePort here (a browser's does), so the fake worker numbers its jobs instead.

type Step = (
  file: File,
  onProgress?: (f: number) => void,
) => Promise<CleanOutcome>;

/** What the fake worker answers for a content comparison. */
const NOT_LOCATED = {
  parts: [],
  identical: false,
  error: 'unsupported',
} as const;

/** A Worker stand-in: a MessageChannel whose far end runs `step` (and `find`) behind Comlink.expose. */
function fakeWorker(
  step: Step,
  find: CleanWorkerApi['findInFiles'] = async () => null,
) {
  const { port1, port2 } = new MessageChannel();
  const api: CleanWorkerApi = {
    cleanFile: step,
    findInFiles: find,
    compareFileContent: () => Promise.resolve(NOT_LOCATED),
  };
  Comlink.expose(api, port2);
  const worker = Object.assign(port1, {
    terminate: vi.fn(() => {
      port1.close();
      port2.close();
    }),
  });
  return worker as unknown as Worker & { terminate: ReturnType<typeof vi.fn> };
}

const photo = new File(['jpeg'], 'photo.jpg', { type: 'image/jpeg' });
const ok = (name: string): CleanOutcome => ({
  ok: true,
  blob: new Blob(['clean']),
  name,
  format: { id: 'jpeg', mime: 'image/jpeg', extension: 'jpg' },
  removed: [],
  kept: [],
});

describe('createCleanBridge', () => {
  it('starts no worker until the first job', async () => {
    const factory = vi.fn(() =>
      fakeWorker(async () => ok('cleaned_photo.jpg')),
    );
    const bridge = createCleanBridge(factory);
    expect(factory).not.toHaveBeenCalled();
    const outcome = await bridge.clean(photo);
    expect(factory).toHaveBeenCalledTimes(1);
    expect(outcome.ok && outcome.name).toBe('cleaned_photo.jpg');
    await bridge.clean(photo);
    expect(factory).toHaveBeenCalledTimes(1);
    bridge.terminate();
  });

  it('compares content in the same worker, after the clean before it', async () => {
    const factory = vi.fn(() =>
      fakeWorker(async () => ok('cleaned_photo.jpg')),
    );
    const bridge = createCleanBridge(factory);
    const cleaned = bridge.clean(photo);
    const compared = await bridge.compareContent(
      new Blob(['a']),
      new Blob(['b']),
    );
    expect((await cleaned).ok).toBe(true);
    expect(compared).toEqual({ ok: true, comparison: NOT_LOCATED });
    expect(factory).toHaveBeenCalledTimes(1);
    bridge.terminate();
  });

  it('forwards progress from the worker', async () => {
    const bridge = createCleanBridge(() =>
      fakeWorker(async (f, onProgress) => {
        await onProgress?.(0.5);
        return ok(f.name);
      }),
    );
    const seen: number[] = [];
    await bridge.clean(photo, { onProgress: (f) => seen.push(f) });
    expect(seen).toEqual([0.5]);
    bridge.terminate();
  });

  it('runs one job at a time, in order', async () => {
    const order: string[] = [];
    let jobs = 0;
    const bridge = createCleanBridge(() =>
      fakeWorker(async () => {
        jobs += 1;
        const job = jobs;
        order.push(`start ${job}`);
        await new Promise((r) => setTimeout(r, 20));
        order.push(`end ${job}`);
        return ok(`job ${job}`);
      }),
    );
    await Promise.all([bridge.clean(photo), bridge.clean(photo)]);
    expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
    bridge.terminate();
  });

  it('terminates the worker on abort and starts a fresh one for the next job', async () => {
    const workers: ReturnType<typeof fakeWorker>[] = [];
    const bridge = createCleanBridge(() => {
      const hangsFirstTime = workers.length === 0;
      const worker = fakeWorker(() =>
        hangsFirstTime ? new Promise(() => {}) : Promise.resolve(ok('fresh')),
      );
      workers.push(worker);
      return worker;
    });
    const controller = new AbortController();
    const pending = bridge.clean(photo, { signal: controller.signal });
    await vi.waitFor(() => expect(workers).toHaveLength(1));
    controller.abort();
    expect(await pending).toEqual({ ok: false, code: 'cancelled', detail: '' });
    expect(workers[0]?.terminate).toHaveBeenCalled();
    const next = await bridge.clean(photo);
    expect(next.ok).toBe(true);
    expect(workers).toHaveLength(2);
    bridge.terminate();
  });

  it('starts nothing for a job cancelled while it waited its turn', async () => {
    const factory = vi.fn(() => fakeWorker(async () => ok('x')));
    const bridge = createCleanBridge(factory);
    const controller = new AbortController();
    controller.abort();
    expect((await bridge.clean(photo, { signal: controller.signal })).ok).toBe(
      false,
    );
    expect(factory).not.toHaveBeenCalled();
  });

  it('ends an idle worker and starts a fresh one for a later job', async () => {
    const IDLE_MS = 30;
    const workers: ReturnType<typeof fakeWorker>[] = [];
    const bridge = createCleanBridge(() => {
      const worker = fakeWorker(async () => ok('x'));
      workers.push(worker);
      return worker;
    }, IDLE_MS);
    await bridge.clean(photo);
    expect(workers[0]?.terminate).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(workers[0]?.terminate).toHaveBeenCalled());
    await bridge.clean(photo);
    expect(workers).toHaveLength(2);
    bridge.terminate();
  });

  it('stops a search on abort: the worker is terminated, the answer is null, and the next job gets a fresh worker', async () => {
    const workers: ReturnType<typeof fakeWorker>[] = [];
    const bridge = createCleanBridge(() => {
      const worker = fakeWorker(
        async () => ok('fresh'),
        () => new Promise(() => {}),
      );
      workers.push(worker);
      return worker;
    });
    const controller = new AbortController();
    const request = {
      original: photo,
      copy: new Blob(['clean']),
      copyName: 'cleaned_photo.jpg',
      words: ['Mariana Souza'],
    };
    const pending = bridge.find(request, controller.signal);
    await vi.waitFor(() => expect(workers).toHaveLength(1));
    controller.abort();
    expect(await pending).toBeNull();
    expect(workers[0]?.terminate).toHaveBeenCalled();
    expect((await bridge.clean(photo)).ok).toBe(true);
    expect(workers).toHaveLength(2);
    bridge.terminate();
  });

  it('starts nothing for a search cancelled while it waited its turn', async () => {
    const factory = vi.fn(() => fakeWorker(async () => ok('x')));
    const bridge = createCleanBridge(factory);
    const controller = new AbortController();
    controller.abort();
    const request = {
      original: photo,
      copy: new Blob(['clean']),
      copyName: 'cleaned_photo.jpg',
      words: ['Mariana Souza'],
    };
    expect(await bridge.find(request, controller.signal)).toBeNull();
    expect(factory).not.toHaveBeenCalled();
  });

  it('keeps the engine error code across the worker boundary', async () => {
    const bridge = createCleanBridge(() =>
      fakeWorker(async () => ({ ok: false, code: 'encrypted', detail: 'AES' })),
    );
    expect(await bridge.clean(photo)).toEqual({
      ok: false,
      code: 'encrypted',
      detail: 'AES',
    });
    bridge.terminate();
  });
});
