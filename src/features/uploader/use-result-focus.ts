import { useEffect, useRef, type RefObject } from 'react';
import type { UploaderStatus } from './StatusAnnouncer';

interface FocusTargets {
  /** The whole result, scrolled to its top so the summary shows above the link. */
  readonly result: RefObject<HTMLElement | null>;
  readonly download: RefObject<HTMLElement | null>;
  readonly error: RefObject<HTMLElement | null>;
  readonly action: RefObject<HTMLElement | null>;
}

function prefersReducedMotion(): boolean {
  return (
    window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
  );
}

/**
 * One scroll, so a smooth one is not cut short by a second: the result's top when the link then
 * fits on screen, else the link at the bottom edge (a long summary on a short phone screen).
 */
function scrollResultIntoView(result: HTMLElement, link: HTMLElement): void {
  const behavior = prefersReducedMotion() ? 'auto' : 'smooth';
  const headerRoom =
    Number.parseFloat(getComputedStyle(result).scrollMarginBlockStart) || 0;
  const fits =
    link.getBoundingClientRect().bottom -
      result.getBoundingClientRect().top +
      headerRoom <=
    window.innerHeight;
  if (fits) result.scrollIntoView?.({ block: 'start', behavior });
  else link.scrollIntoView?.({ block: 'end', behavior });
}

/**
 * Where focus goes when the uploader changes state, so it never falls back to the page body when
 * a button disappears: the download link when done (with the result scrolled into view on any
 * screen size), the red box on failure, the action button after a cancel.
 */
export function useResultFocus(
  status: UploaderStatus,
  targets: FocusTargets,
): void {
  const previous = useRef(status);
  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (was === status) return;
    if (status === 'done') {
      const link = targets.download.current;
      const result = targets.result.current;
      link?.focus({ preventScroll: true });
      if (link && result) scrollResultIntoView(result, link);
    } else if (status === 'error') {
      targets.error.current?.focus();
    } else if (status === 'selected' && was === 'processing') {
      targets.action.current?.focus();
    }
  }, [status, targets]);
}
