/** The catalog's product page (its address is the catalog's; links between teams are URLs). */
export const productPage = (id: string): string => `/products/${encodeURIComponent(id)}`;
