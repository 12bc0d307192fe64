/** The brand mark: a document with a sweep through it. Decorative; the brand name is beside it. */
export function Logo() {
  return (
    <svg
      className="logo"
      viewBox="0 0 32 32"
      width="28"
      height="28"
      aria-hidden="true"
    >
      <rect x="4" y="3" width="20" height="26" rx="4" className="logo-sheet" />
      <path d="M9 11h10M9 16h10M9 21h6" className="logo-lines" />
      <circle cx="24" cy="23" r="6" className="logo-badge" />
      <path d="m21.5 23 1.8 1.8 3.2-3.6" className="logo-check" />
    </svg>
  );
}
