// How often an account or a client may try the sign-in and reset actions. The windows are in
// seconds; the messages quote them, so a change here changes what users read.
import type { Limit } from '../data/throttle';

export const FIFTEEN_MINUTES = 15 * 60;
export const HOUR = 60 * 60;

export const loginLimits = (email: string, ip: string): Limit[] => [
  { key: `login:email:${email}`, max: 10, windowSeconds: FIFTEEN_MINUTES },
  { key: `login:ip:${ip}`, max: 100, windowSeconds: FIFTEEN_MINUTES },
];

export const resetMailLimits = (email: string, ip: string): Limit[] => [
  { key: `forgot:email:${email}`, max: 3, windowSeconds: HOUR },
  { key: `forgot:ip:${ip}`, max: 30, windowSeconds: HOUR },
];

export const signupLimit = (ip: string): Limit => ({ key: `signup:ip:${ip}`, max: 20, windowSeconds: HOUR });

/** Verification emails a user may ask for. */
export const verificationResendLimit = (userId: string): Limit => ({ key: `verify-resend:${userId}`, max: 3, windowSeconds: HOUR });

export const changePasswordLimit = (userId: string): Limit => ({ key: `change-password:${userId}`, max: 10, windowSeconds: FIFTEEN_MINUTES });

export function minutes(seconds: number): string {
  const m = Math.round(seconds / 60);
  return m >= 60 && m % 60 === 0 ? (m === 60 ? '1 hour' : `${m / 60} hours`) : `${m} minutes`;
}
