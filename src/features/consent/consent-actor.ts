import { createContext } from 'react';
import { createActor, type ActorRefFrom } from 'xstate';
import { consentMachine } from '../../machines/consentMachine';
import { browserStorage } from './browser-storage';

export type ConsentActor = ActorRefFrom<typeof consentMachine>;

let browserActor: ConsentActor | null = null;

/**
 * The page's one consent actor, shared by the banner and the settings panel. Created on first use
 * in the browser, never at import: the site is prerendered in Node.
 */
export function getBrowserConsentActor(): ConsentActor {
  browserActor ??= createActor(consentMachine, {
    input: { storage: browserStorage() },
  }).start();
  return browserActor;
}

/** How components reach the actor; tests provide one built on a fake storage. */
export const ConsentActorContext = createContext<() => ConsentActor>(
  getBrowserConsentActor,
);
