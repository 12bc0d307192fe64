import { assign, enqueueActions, setup } from 'xstate';
import {
  ALL_ALLOWED,
  NECESSARY_ONLY,
  allowedCategories,
  withNecessary,
  type CookieCategories,
  type OptionalCategory,
  type OptionalChoices,
} from './consent-categories';
import {
  readStoredConsent,
  writeStoredConsent,
  type ConsentStorage,
} from './consent-storage';

export type ConsentInput = {
  /** Where the decision lives: `localStorage` in the browser, an in-memory fake in tests. */
  readonly storage: ConsentStorage;
};

export type ConsentContext = {
  readonly storage: ConsentStorage;
  /** `true` given, `false` refused, `null` not decided yet. */
  readonly consent: boolean | null;
  readonly categories: CookieCategories;
  /** Categories whose `categoryAllowed` action has run in this page's life, in order. */
  readonly activated: readonly OptionalCategory[];
};

export type ConsentEvent =
  | { type: 'consent.acceptAll' }
  | { type: 'consent.acceptNecessary' }
  | { type: 'consent.rejectAll' }
  | { type: 'consent.save'; choices: OptionalChoices }
  | { type: 'settings.open' }
  | { type: 'settings.close' };

function initialContext(storage: ConsentStorage): ConsentContext {
  const stored = readStoredConsent(storage);
  if (stored.status === 'undecided') {
    return {
      storage,
      consent: null,
      categories: NECESSARY_ONLY,
      activated: [],
    };
  }
  return {
    storage,
    consent: stored.consent,
    categories: stored.categories,
    activated: [],
  };
}

/**
 * Cookie consent, the same in every language variant. `undecided` shows the banner
 * (collapsed, or detailed after Customize); any decision goes to `decided`, which hides both,
 * stores the decision and runs `categoryAllowed` once per newly allowed category.
 */
export const consentMachine = setup({
  types: {
    input: {} as ConsentInput,
    context: {} as ConsentContext,
    events: {} as ConsentEvent,
  },
  actions: {
    acceptAll: assign({ consent: true, categories: ALL_ALLOWED }),
    acceptNecessary: assign({ consent: true, categories: NECESSARY_ONLY }),
    rejectAll: assign({ consent: false, categories: NECESSARY_ONLY }),
    // Stores exactly what the visitor chose. The original banner turned every category on when any
    // one was on; that would record consent nobody gave.
    saveChoices: assign(({ event }) => {
      if (event.type !== 'consent.save') return {};
      return { consent: true, categories: withNecessary(event.choices) };
    }),
    persistDecision: ({ context }) => {
      if (context.consent === null) return;
      writeStoredConsent(context.storage, context.consent, context.categories);
    },
    /**
     * Runs when a category becomes allowed. The site loads no tracker of any kind, so it only
     * records the category; a future integration would hook in here, and only after consent.
     */
    categoryAllowed: assign(
      ({ context }, params: { category: OptionalCategory }) => ({
        activated: [...context.activated, params.category],
      }),
    ),
  },
  guards: {
    hasDecision: ({ context }) => context.consent !== null,
  },
}).createMachine({
  id: 'consent',
  context: ({ input }) => initialContext(input.storage),
  initial: 'loading',
  states: {
    loading: {
      always: [
        { guard: 'hasDecision', target: 'decided' },
        { target: 'undecided' },
      ],
    },
    undecided: {
      initial: 'collapsed',
      states: {
        collapsed: { on: { 'settings.open': 'detailed' } },
        detailed: { on: { 'settings.close': 'collapsed' } },
      },
    },
    decided: {
      entry: [
        'persistDecision',
        enqueueActions(({ context, enqueue }) => {
          const allowed = allowedCategories(
            context.consent,
            context.categories,
          );
          for (const category of allowed.filter(
            (name) => !context.activated.includes(name),
          )) {
            enqueue({ type: 'categoryAllowed', params: { category } });
          }
        }),
      ],
    },
  },
  on: {
    'consent.acceptAll': {
      target: '.decided',
      reenter: true,
      actions: 'acceptAll',
    },
    'consent.acceptNecessary': {
      target: '.decided',
      reenter: true,
      actions: 'acceptNecessary',
    },
    'consent.rejectAll': {
      target: '.decided',
      reenter: true,
      actions: 'rejectAll',
    },
    'consent.save': {
      target: '.decided',
      reenter: true,
      actions: 'saveChoices',
    },
  },
});

export type ConsentMachine = typeof consentMachine;
