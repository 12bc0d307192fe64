/** Line icons drawn inline (no external images, per the CSP). Decorative: always aria-hidden. */
const PATHS = {
  shield:
    'M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6l-8-3Z M9 12l2 2 4-4',
  lock: 'M6 11h12v9H6z M8 11V8a4 4 0 0 1 8 0v3',
  layers: 'm12 3 9 5-9 5-9-5 9-5Z m-9 9 9 5 9-5 M3 16l9 5 9-5',
  bolt: 'M13 2 4 14h7l-1 8 9-12h-7l1-8Z',
  gift: 'M4 10h16v10H4z M3 7h18v3H3z M12 7v13 M12 7c-2-4-6-3-5 0 M12 7c2-4 6-3 5 0',
  pin: 'M12 21s7-6.2 7-12a7 7 0 0 0-14 0c0 5.8 7 12 7 12Z M12 11.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
  file: 'M6 3h8l5 5v13H6z M14 3v5h5 M9 13h7 M9 17h5',
  check: 'M5 12.5 10 17l9-10',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
