/**
 * Verdict icons as inline SVG (no icon font, no emoji: they render the same everywhere).
 * Decorative: the verdict is always written next to them, so they are hidden from screen readers.
 */
import type { Tone } from '~~/shared/reading/story.js';

const PATHS: Record<Tone, string> = {
  // A circle with a bar: refused.
  blocked: 'M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1zm-4 6h8v2H4z',
  // A half-filled circle: partly.
  partial: 'M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1zm0 2a5 5 0 0 1 0 10z',
  // A tick in a circle: explicitly allowed.
  allowed: 'M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1zm3.3 4.3 1.4 1.4L7 12.4 3.3 8.7l1.4-1.4L7 9.6z',
  // An empty ring: nothing said, not restricted.
  neutral: 'M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1zm0 2a5 5 0 1 1 0 10A5 5 0 0 1 8 3z',
  // A question mark in a circle: unknown.
  unknown:
    'M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1zm-1 10h2v2H7zm1-8a3 3 0 0 1 1 5.8V10H7V7.5h1a1 1 0 1 0-1-1H5a3 3 0 0 1 3-3.5z',
};

export function VerdictIcon({ tone }: { tone: Tone }) {
  return (
    <svg class={`icon icon-${tone}`} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path fill="currentColor" fill-rule="evenodd" d={PATHS[tone]} />
    </svg>
  );
}
