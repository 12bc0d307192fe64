/**
 * React 18 and later have `useSyncExternalStore`; the `use-sync-external-store/shim` package
 * that wouter (and @xstate/react) import to support older React only adds bytes on top of it.
 * vite.config.ts points the shim here.
 */
export { useSyncExternalStore } from 'react';
