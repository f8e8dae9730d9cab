import { describe, expect, it } from 'vitest';
import { CONFIRM_WORDS, changeRoleSchema, deleteUserSchema, grantMembershipSchema, roleConfirmWord, selfChangeRefusal, userListQuerySchema } from './admin';

describe('admin rules', () => {
  it('asks for the exact words of each action', () => {
    expect(CONFIRM_WORDS).toEqual({ delete: 'delete', plan: 'upgrade', admin: 'admin', user: 'user' });
    expect(roleConfirmWord('admin')).toBe('admin');
    expect(roleConfirmWord('user')).toBe('user');
    expect(grantMembershipSchema.safeParse({ userId: 'u', plan: 'premium', confirm: 'upgrade' }).success).toBe(true);
    expect(grantMembershipSchema.safeParse({ userId: 'u', plan: 'premium', confirm: 'upgrade ' }).success).toBe(false);
    expect(changeRoleSchema.safeParse({ userId: 'u', role: 'user', confirm: 'user' }).success).toBe(true);
    expect(changeRoleSchema.safeParse({ userId: 'u', role: 'user', confirm: 'admin' }).success).toBe(false);
    expect(deleteUserSchema.safeParse({ userId: 'u', confirm: 'Delete' }).success).toBe(false);
    // The JSON API may leave the word out.
    expect(deleteUserSchema.safeParse({ userId: 'u' }).success).toBe(true);
  });

  it('never lets an admin delete or demote themself', () => {
    expect(selfChangeRefusal('delete', 'a', 'a')).toBe('You cannot delete your own account');
    expect(selfChangeRefusal('role', 'a', 'a', 'user')).toBe('You cannot remove your own admin role');
    expect(selfChangeRefusal('role', 'a', 'a', 'admin')).toBeNull();
    expect(selfChangeRefusal('delete', 'a', 'b')).toBeNull();
  });

  it('reads the list query forgivingly', () => {
    expect(userListQuerySchema.parse({})).toEqual({ sort: 'createdAt', dir: 'desc', page: 1 });
    expect(userListQuerySchema.parse({ q: ' ana ', sort: 'email', dir: 'asc', page: '3' })).toEqual({ q: 'ana', sort: 'email', dir: 'asc', page: 3 });
    expect(userListQuerySchema.parse({ sort: 'password', dir: 'up', page: '1.5', q: 'x'.repeat(101) })).toEqual({ sort: 'createdAt', dir: 'desc', page: 1 });
  });
});
