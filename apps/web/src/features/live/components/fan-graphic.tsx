// Only the live page draws it, so it stays in the page's chunk rather than in ui/icons.tsx,
// which the home page loads.
const BLADE = 'M12 10.2c-1.6-1.9-1.9-4.6-.4-6 1.6-1.5 4.3-.4 4.3 1.9 0 1.9-1.6 3.4-3.9 4.1z';

/** A fan of three blades in its ring, drawn like ui/icons.tsx; the caller makes it turn. */
export function FanGraphic({ size = 64 }: { size?: number }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="10" />
      <circle cx="12" cy="12" r="1.8" />
      <path d={BLADE} fill="currentColor" fillOpacity={0.15} />
      <path d={BLADE} fill="currentColor" fillOpacity={0.15} transform="rotate(120 12 12)" />
      <path d={BLADE} fill="currentColor" fillOpacity={0.15} transform="rotate(240 12 12)" />
    </svg>
  );
}
