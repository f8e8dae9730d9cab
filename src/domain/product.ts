// The product's name and words, kept in one place (docs/product.md#words-and-names).
export const PRODUCT_NAME = 'Life7';
export const PRODUCT_SLUG = 'life7';
export const TAGLINE = 'Your 4-week journey to life balance';
