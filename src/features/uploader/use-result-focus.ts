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
      link?.focus({ preventScroll: true });
      const behavior = prefersReducedMotion() ? 'auto' : 'smooth';
      targets.result.current?.scrollIntoView?.({ block: 'start', behavior });
      // A long summary on a short screen could push the link below the fold.
      link?.scrollIntoView?.({ block: 'nearest', behavior });
    } else if (status === 'error') {
      targets.error.current?.focus();
    } else if (status === 'selected' && was === 'processing') {
      targets.action.current?.focus();
    }
  }, [status, targets]);
}
