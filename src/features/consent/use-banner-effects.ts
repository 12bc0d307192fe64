import { useEffect, type RefObject } from 'react';
import type { ConsentHandle } from './use-consent';

/** Gives focus back to what had it before the banner appeared, when the banner goes away. */
export function useRestoreFocus() {
  useEffect(() => {
    const previous = document.activeElement;
    return () => {
      if (previous instanceof HTMLElement && previous.isConnected)
        previous.focus();
    };
  }, []);
}

/**
 * Pads the end of the page by the banner's height while it shows, so the banner never hides the
 * footer for good: every link can still be scrolled above it (a small screen included). The
 * footer itself grows, in its own colour, so no white band shows under it.
 */
export function useReservePageSpace(banner: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = banner.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const target =
      document.querySelector<HTMLElement>('.site-footer') ?? document.body;
    const { style } = target;
    const before = style.paddingBlockEnd;
    const base = getComputedStyle(target).paddingBlockEnd || '0px';
    const observer = new ResizeObserver(() => {
      style.paddingBlockEnd = `calc(${base} + ${element.offsetHeight}px)`;
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      style.paddingBlockEnd = before;
    };
  }, [banner]);
}

/**
 * Marks `<html data-consent="undecided|decided">` once the page has hydrated and read the stored
 * choice: page styles and browser tests can tell "no banner yet" from "no banner needed".
 */
export function useConsentStateAttribute(consent: ConsentHandle | null) {
  const state = consent?.snapshot.matches('undecided')
    ? 'undecided'
    : 'decided';
  const known = consent !== null;
  useEffect(() => {
    if (known) document.documentElement.dataset.consent = state;
  }, [known, state]);
}
