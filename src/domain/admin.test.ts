import { describe, expect, it } from 'vitest';
import {
  CONFIRM_WORDS,
  changeRoleSchema,
  confirmationRefusal,
  deleteUserSchema,
  grantMembershipSchema,
  planConfirmWord,
  readUserListQuery,
  roleConfirmWord,
  selfChangeRefusal,
  userListQuerySchema,
} from './admin';

describe('admin rules', () => {
  it('asks for a word that fits the action, in any letter case', () => {
    expect(CONFIRM_WORDS).toEqual({
      delete: 'delete',
      upgrade: 'upgrade',
      downgrade: 'downgrade',
      admin: 'admin',
      user: 'user',
      revoke: 'revoke',
    });
    expect(planConfirmWord('premium', 'none')).toBe('revoke');
    expect(roleConfirmWord('admin')).toBe('admin');
    expect(roleConfirmWord('user')).toBe('user');
    expect(planConfirmWord(null, 'challenge')).toBe('upgrade');
    expect(planConfirmWord('challenge', 'premium')).toBe('upgrade');
    expect(planConfirmWord('premium', 'premium')).toBe('upgrade');
    expect(planConfirmWord('mastermind', 'challenge')).toBe('downgrade');
    expect(confirmationRefusal('Downgrade ', 'downgrade', true)).toBeNull();
    expect(confirmationRefusal('DELETE', 'delete', true)).toBeNull();
    expect(confirmationRefusal('upgrade', 'downgrade', false)).toBe('Type downgrade to confirm');
    expect(confirmationRefusal('admin', 'user', true)).toBe('Type user to confirm');
    // A form must carry the word; the JSON API may leave it out.
    expect(confirmationRefusal(undefined, 'delete', true)).toBe('Type delete to confirm');
    expect(confirmationRefusal(undefined, 'delete', false)).toBeNull();
    expect(grantMembershipSchema.safeParse({ userId: 'u', plan: 'premium', confirm: 'x'.repeat(41) }).success).toBe(false);
    expect(changeRoleSchema.safeParse({ userId: 'u', role: 'owner' }).success).toBe(false);
    expect(deleteUserSchema.safeParse({ userId: '' }).success).toBe(false);
  });

  it('never lets an admin delete or demote themself', () => {
    expect(selfChangeRefusal('delete', 'a', 'a')).toBe('You cannot delete your own account');
    expect(selfChangeRefusal('role', 'a', 'a', 'user')).toBe('You cannot remove your own admin role');
    expect(selfChangeRefusal('role', 'a', 'a', 'admin')).toBeNull();
    expect(selfChangeRefusal('delete', 'a', 'b')).toBeNull();
  });

  it('reads the list query forgivingly', () => {
    expect(userListQuerySchema.parse({})).toEqual({ sort: 'createdAt', dir: 'desc', page: 1 });
    expect(userListQuerySchema.parse({ q: ' ana ', sort: 'email', dir: 'asc', page: '3' })).toEqual({
      q: 'ana',
      sort: 'email',
      dir: 'asc',
      page: 3,
    });
    expect(userListQuerySchema.parse({ sort: 'password', dir: 'up', page: '1.5', q: ` ${'x'.repeat(100)} ` })).toEqual({
      q: 'x'.repeat(100),
      sort: 'createdAt',
      dir: 'desc',
      page: 1,
    });
  });

  it('refuses a search past 100 characters with a message, keeping the rest of the query', () => {
    for (const q of ['_'.repeat(100), '🦊'.repeat(100)]) {
      expect(readUserListQuery({ q, sort: 'email' })).toEqual({ query: { q, sort: 'email', dir: 'desc', page: 1 }, refusal: null });
    }
    for (const q of ['x'.repeat(101), '🦊'.repeat(101), 'x'.repeat(10_000)]) {
      expect(readUserListQuery({ q, sort: 'email', page: '2' })).toEqual({
        query: { sort: 'email', dir: 'desc', page: 2 },
        refusal: 'Search must be at most 100 characters',
      });
    }
  });
});
