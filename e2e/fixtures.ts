// Every browser test fails on a JavaScript error or a console error (hydration mismatches
// included), so a broken island cannot pass unnoticed.
import { test as base, expect } from '@playwright/test';

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        // A 4xx answer to a form post is expected behaviour, not a script error.
        if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) errors.push(message.text());
      });
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
