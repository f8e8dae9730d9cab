import { describe, expect, it } from 'vitest';
import { isNearLimit, textLimitWords } from './text-limit';

describe('textLimitWords', () => {
  it('names the limit, then counts down from 80% of it, then counts what is over', () => {
    expect(textLimitWords(0, 2000)).toBe('Up to 2,000 characters');
    expect(textLimitWords(1599, 2000)).toBe('Up to 2,000 characters');
    expect(textLimitWords(1600, 2000)).toBe('400 characters left of 2,000');
    expect(textLimitWords(1999, 2000)).toBe('1 character left of 2,000');
    expect(textLimitWords(2000, 2000)).toBe('0 characters left of 2,000');
    expect(textLimitWords(2001, 2000)).toBe('1 character over the limit of 2,000');
    expect(textLimitWords(2500, 2000)).toBe('500 characters over the limit of 2,000');
  });

  it('is near the limit from 80% on', () => {
    expect(isNearLimit(1599, 2000)).toBe(false);
    expect(isNearLimit(1600, 2000)).toBe(true);
  });
});
