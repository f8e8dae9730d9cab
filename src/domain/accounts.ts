// An account as the API and the admin list show it: never the password hash.
import type { MembershipStatus, Plan, Role } from './plans';

/** The answer (404) wherever an account named by id does not exist. */
export const USER_NOT_FOUND = 'User not found';
/** The answer (409) to a sign-up or a new account with an address someone already has. */
export const EMAIL_TAKEN = 'An account with this email already exists';

export interface PublicUser {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  createdAt: string;
  lastLoginAt: string | null;
  mustChangePassword: boolean;
  timeZone: string;
  emailVerified: boolean;
}

export interface PublicMembership {
  plan: Plan;
  status: MembershipStatus;
}
