// How the back office writes a moment (an order placed, a status moved, a product changed): one
// format and one element for its pages.
const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** `at` (ms since the epoch) as a `<time>`: read by people, its exact value for machines. */
export function Moment({ at }: { at: number }) {
  return <time dateTime={new Date(at).toISOString()}>{DATE_TIME.format(at)}</time>;
}
