// The forms of a collection's slug and a product type: database keys and address segments, read
// by pages on their first load. They live apart from the product reader (productRecord.ts), whose
// schema library a page needs only when it reads product records itself (decision 1311).

/** A collection's slug: lower-case letters, digits, hyphens (a database key and an address segment). */
export const COLLECTION_SLUG = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** A product type ("sneakers", "t-shirts"): the same form as a slug, it goes in the address (`?type=`). */
export const PRODUCT_TYPE = /^[a-z0-9][a-z0-9-]{0,39}$/;
