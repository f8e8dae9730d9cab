import { describe, expect, it } from 'vitest';
import { WEBHOOK_STATUSES, webhookStatusLabel, webhookStatusNamed } from './webhook-status';

describe('webhook status words', () => {
  it('read processed, ignored, needs review or error, never success', () => {
    expect(WEBHOOK_STATUSES.map(webhookStatusLabel)).toEqual(['processed', 'ignored', 'needs review', 'error']);
    expect(webhookStatusLabel('something older')).toBe('error');
  });

  it('filter by the page word or the stored one, nothing else', () => {
    expect(webhookStatusNamed('processed')).toBe('success');
    expect(webhookStatusNamed('success')).toBe('success');
    expect(webhookStatusNamed('needs review')).toBe('needs review');
    expect(webhookStatusNamed('ignored')).toBe('ignored');
    expect(webhookStatusNamed('nope')).toBeUndefined();
  });
});
