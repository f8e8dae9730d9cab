// How a long text's limit reads while it is typed (docs/product.md#text-limits).

/** The longest text a participant may write in one field (names and links aside). */
export const TEXT_LIMIT = 2000;
/** The field's own message past the limit (the schemas use it too). */
export const TOO_LONG_MESSAGE = `Please use at most ${TEXT_LIMIT} characters`;

/** Where the live count starts: before that the hint does not change, so nothing is announced. */
const COUNT_FROM = 0.8;

const number = (n: number): string => n.toLocaleString('en-US');

/** 'Up to 2,000 characters', then '120 characters left of 2,000', then '5 characters over the limit of 2,000'. */
export function textLimitWords(length: number, max: number): string {
  if (length < max * COUNT_FROM) return `Up to ${number(max)} characters`;
  const left = max - length;
  if (left >= 0) return `${number(left)} ${left === 1 ? 'character' : 'characters'} left of ${number(max)}`;
  return `${number(-left)} ${left === -1 ? 'character' : 'characters'} over the limit of ${number(max)}`;
}

export function isNearLimit(length: number, max: number): boolean {
  return length >= max * COUNT_FROM;
}
