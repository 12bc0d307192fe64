import { useEffect, type RefObject } from 'react';

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
 * footer for good: every link can still be scrolled above it (a small screen included).
 */
export function useReservePageSpace(banner: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = banner.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const { style } = document.body;
    const before = style.paddingBlockEnd;
    const observer = new ResizeObserver(() => {
      style.paddingBlockEnd = `${element.offsetHeight}px`;
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      style.paddingBlockEnd = before;
    };
  }, [banner]);
}
