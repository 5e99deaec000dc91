import { productImageAlt } from '../catalog/imageAlt';
import type { CartLine, Product, ProductLine } from '../types';

/** A basket line with the catalog's data for display and ordering (docs/product.md §3). */
export function toProductLine(line: CartLine, product: Product): ProductLine {
  const productLine: ProductLine = {
    id: line.id,
    quantity: line.quantity,
    imageUrl: product.imageUrl,
    // The picture's description in the line's colour (decision 1503), not the product's first one.
    alt: productImageAlt(product.alt, product.colours, line.colour),
    annotation: product.annotation,
    name: product.name,
    originalPrice: product.originalPrice,
    discountedPrice: product.discountedPrice,
  };
  if (line.size) productLine.size = line.size;
  if (line.colour) productLine.colour = line.colour;
  return productLine;
}
