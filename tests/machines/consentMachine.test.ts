import { describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  consentMachine,
  type ConsentEvent,
} from '../../src/machines/consentMachine';
import {
  CONSENT_KEY,
  LEGACY_GERMAN_PREFERENCES_KEY,
  PREFERENCES_KEY,
  type ConsentStorage,
} from '../../src/machines/consent-storage';

/** In-memory Storage; `failing` makes every call throw, like a browser with storage blocked. */
class FakeStorage implements ConsentStorage {
  readonly items = new Map<string, string>();
  constructor(
    initial: Record<string, string> = {},
    private readonly failing = false,
  ) {
    for (const [key, value] of Object.entries(initial))
      this.items.set(key, value);
  }
  getItem(key: string): string | null {
    if (this.failing) throw new Error('SecurityError');
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.failing) throw new Error('QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    if (this.failing) throw new Error('SecurityError');
    this.items.delete(key);
  }
  preferences(): unknown {
    const json = this.items.get(PREFERENCES_KEY);
    return json === undefined ? undefined : JSON.parse(json);
  }
}

const ALL = {
  necessary: true,
  analytics: true,
  marketing: true,
  preferences: true,
};
const NONE = {
  necessary: true,
  analytics: false,
  marketing: false,
  preferences: false,
};
const ANALYTICS_ONLY = {
  analytics: true,
  marketing: false,
  preferences: false,
};

function start(storage = new FakeStorage()) {
  const actor = createActor(consentMachine, { input: { storage } });
  actor.start();
  return { actor, storage };
}

describe('consentMachine on a first visit', () => {
  it('shows the collapsed banner and writes nothing', () => {
    const { actor, storage } = start();
    expect(actor.getSnapshot().matches({ undecided: 'collapsed' })).toBe(true);
    expect(actor.getSnapshot().context.consent).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('accept all stores consent and every category', () => {
    const { actor, storage } = start();
    actor.send({ type: 'consent.acceptAll' });
    expect(actor.getSnapshot().matches('decided')).toBe(true);
    expect(storage.items.get(CONSENT_KEY)).toBe('true');
    expect(storage.preferences()).toEqual(ALL);
  });

  it('accept necessary only stores consent with the optional categories off', () => {
    const { actor, storage } = start();
    actor.send({ type: 'consent.acceptNecessary' });
    expect(actor.getSnapshot().matches('decided')).toBe(true);
    expect(storage.items.get(CONSENT_KEY)).toBe('true');
    expect(storage.preferences()).toEqual(NONE);
  });

  it('reject all stores refused consent with the optional categories off', () => {
    const { actor, storage } = start();
    actor.send({ type: 'consent.rejectAll' });
    expect(actor.getSnapshot().context.consent).toBe(false);
    expect(storage.items.get(CONSENT_KEY)).toBe('false');
    expect(storage.preferences()).toEqual(NONE);
  });

  it('save stores exactly the chosen categories with consent', () => {
    const { actor, storage } = start();
    actor.send({ type: 'settings.open' });
    actor.send({ type: 'consent.save', choices: ANALYTICS_ONLY });
    expect(storage.items.get(CONSENT_KEY)).toBe('true');
    expect(storage.preferences()).toEqual({
      necessary: true,
      ...ANALYTICS_ONLY,
    });
  });

  it('save with nothing chosen equals accept necessary only', () => {
    const { actor, storage } = start();
    actor.send({
      type: 'consent.save',
      choices: { analytics: false, marketing: false, preferences: false },
    });
    expect(storage.items.get(CONSENT_KEY)).toBe('true');
    expect(storage.preferences()).toEqual(NONE);
  });

  it('customize opens the detailed view and closing it returns to the banner', () => {
    const { actor, storage } = start();
    actor.send({ type: 'settings.open' });
    expect(actor.getSnapshot().matches({ undecided: 'detailed' })).toBe(true);
    actor.send({ type: 'settings.close' });
    expect(actor.getSnapshot().matches({ undecided: 'collapsed' })).toBe(true);
    expect(storage.items.size).toBe(0);
  });

  it.each<ConsentEvent['type']>([
    'consent.acceptAll',
    'consent.acceptNecessary',
    'consent.rejectAll',
  ])('%s from the detailed view hides banner and panel', (type) => {
    const { actor } = start();
    actor.send({ type: 'settings.open' });
    actor.send({ type } as ConsentEvent);
    expect(actor.getSnapshot().value).toBe('decided');
  });
});

describe('consentMachine with a stored decision', () => {
  it('starts decided from the current keys', () => {
    const storage = new FakeStorage({
      [CONSENT_KEY]: 'true',
      [PREFERENCES_KEY]: JSON.stringify({ ...NONE, marketing: true }),
    });
    const { actor } = start(storage);
    expect(actor.getSnapshot().value).toBe('decided');
    expect(actor.getSnapshot().context.categories).toEqual({
      ...NONE,
      marketing: true,
    });
  });

  it('starts decided and refused from consent false', () => {
    const { actor } = start(new FakeStorage({ [CONSENT_KEY]: 'false' }));
    expect(actor.getSnapshot().value).toBe('decided');
    expect(actor.getSnapshot().context.consent).toBe(false);
    expect(actor.getSnapshot().context.activated).toEqual([]);
  });

  it('treats refused consent as refusing every category, whatever the preferences say', () => {
    const storage = new FakeStorage({
      [CONSENT_KEY]: 'false',
      [PREFERENCES_KEY]: JSON.stringify(ALL),
    });
    const { actor } = start(storage);
    expect(actor.getSnapshot().context.categories).toEqual(NONE);
    expect(storage.preferences()).toEqual(NONE);
  });

  it('reads the German page legacy key as a decision and writes it back in the one format', () => {
    const legacy = {
      necessary: true,
      analytics: true,
      marketing: false,
      preferences: true,
    };
    const storage = new FakeStorage({
      [LEGACY_GERMAN_PREFERENCES_KEY]: JSON.stringify(legacy),
    });
    const { actor } = start(storage);
    expect(actor.getSnapshot().value).toBe('decided');
    expect(storage.items.get(CONSENT_KEY)).toBe('true');
    expect(storage.preferences()).toEqual(legacy);
    expect(storage.items.has(LEGACY_GERMAN_PREFERENCES_KEY)).toBe(false);
  });

  it("reads the banner's legacy 'functional' name as preferences", () => {
    const storage = new FakeStorage({
      [CONSENT_KEY]: 'true',
      [PREFERENCES_KEY]: JSON.stringify({
        necessary: true,
        analytics: false,
        marketing: false,
        functional: true,
      }),
    });
    start(storage);
    expect(storage.preferences()).toEqual({ ...NONE, preferences: true });
  });

  it('reads consent without preferences as necessary only', () => {
    const { actor } = start(new FakeStorage({ [CONSENT_KEY]: 'true' }));
    expect(actor.getSnapshot().context.categories).toEqual(NONE);
  });

  it('lets the visitor change the decision later (settings page)', () => {
    const storage = new FakeStorage({
      [CONSENT_KEY]: 'true',
      [PREFERENCES_KEY]: JSON.stringify(NONE),
    });
    const { actor } = start(storage);
    actor.send({
      type: 'consent.save',
      choices: { analytics: false, marketing: true, preferences: false },
    });
    expect(storage.preferences()).toEqual({ ...NONE, marketing: true });
    actor.send({ type: 'consent.rejectAll' });
    expect(storage.items.get(CONSENT_KEY)).toBe('false');
  });

  it('ignores opening the banner settings once decided', () => {
    const { actor } = start(new FakeStorage({ [CONSENT_KEY]: 'true' }));
    actor.send({ type: 'settings.open' });
    expect(actor.getSnapshot().value).toBe('decided');
  });
});

describe('consentMachine with unreadable storage', () => {
  it.each([
    [
      'corrupt JSON',
      { [CONSENT_KEY]: 'true', [PREFERENCES_KEY]: '{"analytics":tru' },
    ],
    [
      'JSON that is not an object',
      { [CONSENT_KEY]: 'true', [PREFERENCES_KEY]: '[true]' },
    ],
    ['JSON null', { [PREFERENCES_KEY]: 'null' }],
    [
      'a category that is not boolean',
      { [CONSENT_KEY]: 'true', [PREFERENCES_KEY]: '{"analytics":"yes"}' },
    ],
    ['corrupt legacy German JSON', { [LEGACY_GERMAN_PREFERENCES_KEY]: '{' }],
    ['a consent value other than true or false', { [CONSENT_KEY]: 'yes' }],
  ])('falls back to not decided on %s', (_name, items) => {
    const { actor } = start(new FakeStorage(items));
    expect(actor.getSnapshot().matches({ undecided: 'collapsed' })).toBe(true);
  });

  it('replaces a corrupt record on the next decision', () => {
    const storage = new FakeStorage({
      [PREFERENCES_KEY]: '{oops',
      [LEGACY_GERMAN_PREFERENCES_KEY]: '{',
    });
    const { actor } = start(storage);
    actor.send({ type: 'consent.acceptNecessary' });
    expect(storage.preferences()).toEqual(NONE);
    expect(storage.items.has(LEGACY_GERMAN_PREFERENCES_KEY)).toBe(false);
  });

  it('asks, and still honours the decision for this page, when storage is blocked', () => {
    const { actor } = start(new FakeStorage({}, true));
    expect(actor.getSnapshot().matches('undecided')).toBe(true);
    actor.send({ type: 'consent.acceptAll' });
    expect(actor.getSnapshot().value).toBe('decided');
    expect(actor.getSnapshot().context.consent).toBe(true);
  });
});

describe('consentMachine categoryAllowed', () => {
  function startWithSpy(storage = new FakeStorage()) {
    const allowed = vi.fn();
    const machine = consentMachine.provide({
      actions: { categoryAllowed: (_args, params) => allowed(params.category) },
    });
    const actor = createActor(machine, { input: { storage } });
    actor.start();
    return { actor, allowed };
  }

  it('runs nothing before a decision or after a refusal', () => {
    const { actor, allowed } = startWithSpy();
    actor.send({ type: 'consent.rejectAll' });
    actor.send({ type: 'consent.acceptNecessary' });
    expect(allowed).not.toHaveBeenCalled();
  });

  it('runs once per category that becomes allowed', () => {
    const { actor, allowed } = startWithSpy();
    actor.send({ type: 'consent.save', choices: ANALYTICS_ONLY });
    expect(allowed.mock.calls).toEqual([['analytics']]);
  });

  it('records each allowed category once in the page life', () => {
    const { actor } = start();
    actor.send({ type: 'consent.save', choices: ANALYTICS_ONLY });
    actor.send({ type: 'consent.rejectAll' });
    actor.send({ type: 'consent.acceptAll' });
    expect(actor.getSnapshot().context.activated).toEqual([
      'analytics',
      'marketing',
      'preferences',
    ]);
  });

  it('runs on start for categories a stored decision allows', () => {
    const storage = new FakeStorage({
      [CONSENT_KEY]: 'true',
      [PREFERENCES_KEY]: JSON.stringify({ ...NONE, preferences: true }),
    });
    const { allowed } = startWithSpy(storage);
    expect(allowed.mock.calls).toEqual([['preferences']]);
  });
});

describe('consentMachine shortest paths', () => {
  const events: ConsentEvent[] = [
    { type: 'consent.acceptAll' },
    { type: 'consent.acceptNecessary' },
    { type: 'consent.rejectAll' },
    { type: 'consent.save', choices: ANALYTICS_ONLY },
    {
      type: 'consent.save',
      choices: { analytics: false, marketing: true, preferences: true },
    },
    { type: 'settings.open' },
    { type: 'settings.close' },
  ];
  const serializeState = (snapshot: SnapshotFrom<typeof consentMachine>) => {
    const { consent, categories, activated } = snapshot.context;
    return JSON.stringify({
      value: snapshot.value,
      consent,
      categories,
      activated,
    });
  };
  const paths = getShortestPaths(consentMachine, {
    input: { storage: new FakeStorage() },
    events,
    serializeState,
  });

  it('reaches both banner views and decisions of every kind', () => {
    const values = new Set(
      paths.map((path) => JSON.stringify(path.state.value)),
    );
    expect(values).toEqual(
      new Set([
        '{"undecided":"collapsed"}',
        '{"undecided":"detailed"}',
        '"decided"',
      ]),
    );
    const consents = new Set(paths.map((path) => path.state.context.consent));
    expect(consents).toEqual(new Set([null, true, false]));
  });

  it.each(
    paths.map(
      (path) =>
        [
          path.steps.map((step) => step.event.type).join(' > ') || '(start)',
          path,
        ] as const,
    ),
  )(
    'replays %s on a real actor and stores what the state says',
    (_name, path) => {
      const { actor, storage } = start();
      for (const step of path.steps) actor.send(step.event);
      const snapshot = actor.getSnapshot();
      expect(serializeState(snapshot)).toBe(serializeState(path.state));
      const { consent, categories } = snapshot.context;
      if (consent === null) {
        expect(storage.items.size).toBe(0);
        return;
      }
      expect(storage.items.get(CONSENT_KEY)).toBe(String(consent));
      expect(storage.preferences()).toEqual(categories);
    },
  );
});
