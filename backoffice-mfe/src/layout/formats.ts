// How the back office writes a moment (an order placed, a status moved): one format for its pages.
export const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});
