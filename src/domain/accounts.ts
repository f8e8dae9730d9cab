// An account as the API and the admin list show it: never the password hash.
import type { MembershipStatus, Plan, Role } from './plans';

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
