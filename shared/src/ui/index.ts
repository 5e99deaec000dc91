// @shop/shared/ui: the parts that show products, prices and quantities, for the pages that list
// them. Not in the package's main module, which every page loads first (decision 1312); each app
// that imports it bundles its own copy (the basket it changes is the main module's).
export { Price, type PriceProps } from './Price';
export { PricingSummary, describeDiscount, type PricingSummaryProps } from './PricingSummary';
export { QuantitySelector, type QuantitySelectorProps } from './QuantitySelector';
export { ProductListItem, type ProductListItemProps } from './ProductListItem';
export { OrderProgress, type OrderProgressProps } from './OrderProgress';
