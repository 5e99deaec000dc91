// The purposes a page is linked to by another team (a route list entry's `roles`, CONTRACT §9).
// A team links to another team's page by its role, never by its address: the address is the
// owner's, in its route list, and moves with it.

export const LINK_ROLES = [
  // The shell's layout (header and footer)
  'basket',
  'sign-in',
  'account',
  'search',
  // The remotes' pages
  'product',
  'collections',
  'checkout-details',
  'address-book',
] as const;
export type LinkRole = (typeof LINK_ROLES)[number];
