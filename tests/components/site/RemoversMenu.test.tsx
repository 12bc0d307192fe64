import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RemoversMenu } from '../../../src/layout/RemoversMenu';
import {
  HOVER_CLOSE_DELAY_MS,
  HOVER_OPEN_DELAY_MS,
  HOVER_SKIP_DELAY_MS,
} from '../../../src/layout/use-hover-intent';
import { renderInVariant } from './render-site';

const MOUSE = { pointerType: 'mouse' };

async function setup() {
  await renderInVariant('en', <RemoversMenu />);
  const button = screen.getByRole('button', { name: 'All removers' });
  const container = button.parentElement as HTMLElement;
  return { button, container };
}

function advance(ms: number) {
  act(() => vi.advanceTimersByTime(ms));
}

describe('RemoversMenu hover timing (200 / 300 / 150 ms)', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('opens only after the open delay', async () => {
    const { button, container } = await setup();
    fireEvent.pointerEnter(container, MOUSE);
    advance(HOVER_OPEN_DELAY_MS - 1);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    advance(1);
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });

  it('closes only after the close delay, and stays open when the pointer returns in time', async () => {
    const { button, container } = await setup();
    fireEvent.pointerEnter(container, MOUSE);
    advance(HOVER_OPEN_DELAY_MS);
    fireEvent.pointerLeave(container, MOUSE);
    advance(HOVER_CLOSE_DELAY_MS - 1);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerEnter(container, MOUSE);
    advance(HOVER_CLOSE_DELAY_MS);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerLeave(container, MOUSE);
    advance(HOVER_CLOSE_DELAY_MS);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('reopens at once within the skip delay, and waits again after it', async () => {
    const { button, container } = await setup();
    fireEvent.pointerEnter(container, MOUSE);
    advance(HOVER_OPEN_DELAY_MS);
    fireEvent.pointerLeave(container, MOUSE);
    advance(HOVER_CLOSE_DELAY_MS);
    fireEvent.pointerEnter(container, MOUSE);
    expect(button.getAttribute('aria-expanded')).toBe('true');

    fireEvent.pointerLeave(container, MOUSE);
    advance(HOVER_CLOSE_DELAY_MS + HOVER_SKIP_DELAY_MS);
    fireEvent.pointerEnter(container, MOUSE);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    advance(HOVER_OPEN_DELAY_MS);
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });

  it('ignores touch pointers, which open it by tapping instead', async () => {
    const { button, container } = await setup();
    fireEvent.pointerEnter(container, { pointerType: 'touch' });
    advance(HOVER_OPEN_DELAY_MS);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });
});
