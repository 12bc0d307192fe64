import { useCallback, useContext, useSyncExternalStore } from 'react';
import type { SnapshotFrom } from 'xstate';
import type {
  ConsentEvent,
  consentMachine,
} from '../../machines/consentMachine';
import { ConsentActorContext } from './consent-actor';

export type ConsentSnapshot = SnapshotFrom<typeof consentMachine>;

export interface ConsentHandle {
  snapshot: ConsentSnapshot;
  send: (event: ConsentEvent) => void;
}

const NOT_IN_BROWSER = () => null;

/**
 * The consent state, or null while the page is prerendered or hydrating: the server snapshot is
 * null, so nothing that depends on the visitor's stored choice reaches the static HTML, and React
 * re-renders with the real state right after hydration (banner only after load).
 */
export function useConsent(): ConsentHandle | null {
  const getActor = useContext(ConsentActorContext);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = getActor().subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [getActor],
  );
  const snapshot = useSyncExternalStore(
    subscribe,
    () => getActor().getSnapshot(),
    NOT_IN_BROWSER,
  );
  if (snapshot === null) return null;
  return { snapshot, send: (event) => getActor().send(event) };
}
