import {
  MemoryStorage,
  type ConsentStorage,
} from '../../machines/consent-storage';

/**
 * The browser's `localStorage`. Reading the property itself throws in some browsers when site
 * data is blocked, so it is read here, on first use, and never at module scope (prerendered code).
 */
export function browserStorage(): ConsentStorage {
  try {
    return window.localStorage;
  } catch {
    return new MemoryStorage();
  }
}
