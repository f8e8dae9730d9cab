import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { codeOrRecoverySchema, enableSchema, formatRecoveryCode, formatSecret, secondFactorStep } from './second-factor';

describe('secondFactorStep', () => {
  it('asks admins only: the code when it is on and not given, the setup when required and off', () => {
    const admin = (enabled: boolean, verified: boolean) => ({ role: 'admin' as const, enabled, verified });
    expect(secondFactorStep(admin(true, false), 'optional')).toBe('code');
    expect(secondFactorStep(admin(true, false), 'required')).toBe('code');
    expect(secondFactorStep(admin(true, true), 'required')).toBe('none');
    expect(secondFactorStep(admin(false, false), 'required')).toBe('setup');
    expect(secondFactorStep(admin(false, false), 'optional')).toBe('none');
    expect(secondFactorStep({ role: 'user', enabled: true, verified: false }, 'required')).toBe('none');
    expect(secondFactorStep({ role: 'user', enabled: false, verified: false }, 'required')).toBe('none');
  });
});

describe('the code fields', () => {
  const code = (schema: z.ZodMiniType, value: unknown) => {
    const parsed = z.safeParse(schema, { code: value });
    return parsed.success ? (parsed.data as { code: string }).code : parsed.error.issues[0]?.message;
  };

  it('take six digits, spaces and dashes dropped', () => {
    expect(code(enableSchema, '123 456')).toBe('123456');
    expect(code(enableSchema, ' 123-456 ')).toBe('123456');
    expect(code(enableSchema, '12345')).toBe('Enter the 6-digit code from your authenticator app');
    expect(code(enableSchema, 'abcde-fghjk')).toBe('Enter the 6-digit code from your authenticator app');
    expect(code(enableSchema, undefined)).toBe('Enter the 6-digit code from your authenticator app');
  });

  it('take a recovery code where one may stand for the code, in any case, with or without its dash', () => {
    expect(code(codeOrRecoverySchema, '123456')).toBe('123456');
    expect(code(codeOrRecoverySchema, 'ABCDE-FGHJK')).toBe('abcdefghjk');
    expect(code(codeOrRecoverySchema, 'abcde fghjk')).toBe('abcdefghjk');
    // i, l, o, 0 and 1 are never in a recovery code.
    expect(code(codeOrRecoverySchema, 'abcde-fghij')).toMatch(/or one of your recovery codes$/);
    expect(code(codeOrRecoverySchema, '')).toMatch(/^Enter the 6-digit code/);
  });
});

describe('how secrets and codes are written', () => {
  it('groups a key in fours and a recovery code in fives', () => {
    expect(formatSecret('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')).toBe('ABCD EFGH IJKL MNOP QRST UVWX YZ23 4567');
    expect(formatRecoveryCode('abcdefghjk')).toBe('abcde-fghjk');
  });
});
