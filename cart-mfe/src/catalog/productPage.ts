import { hrefFor } from '@shop/shared';

/** The catalog's product page, by its role (the catalog's routes.json says where it is). */
export const productPage = (id: string): string => hrefFor('product', { id });
