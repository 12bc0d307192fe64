import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec 9: navigation menu hover delay 200 ms, skip delay 300 ms, close delay 150 ms. */
export const HOVER_OPEN_DELAY_MS = 200;
export const HOVER_SKIP_DELAY_MS = 300;
export const HOVER_CLOSE_DELAY_MS = 150;

/**
 * Open/close state of a hover menu. Hovering opens after the open delay, or at once when the menu
 * closed less than the skip delay ago; leaving closes after the close delay. `setOpen` is for
 * clicks and keys and acts at once.
 */
export function useHoverIntent() {
  const [open, setOpenState] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const closedAt = useRef(Number.NEGATIVE_INFINITY);

  const clear = () => clearTimeout(timer.current);

  const setOpen = useCallback((next: boolean) => {
    clearTimeout(timer.current);
    if (!next) closedAt.current = Date.now();
    setOpenState(next);
  }, []);

  const onPointerEnter = useCallback(() => {
    clearTimeout(timer.current);
    const skip = Date.now() - closedAt.current < HOVER_SKIP_DELAY_MS;
    if (skip) return setOpenState(true);
    timer.current = setTimeout(() => setOpenState(true), HOVER_OPEN_DELAY_MS);
  }, []);

  const onPointerLeave = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(false), HOVER_CLOSE_DELAY_MS);
  }, [setOpen]);

  useEffect(() => clear, []);

  return { open, setOpen, onPointerEnter, onPointerLeave };
}
