// Temporary passwords for accounts an admin creates or resets (docs/product.md#admin-actions):
// random, shown once, replaced by the user at the next sign-in.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
export const TEMPORARY_PASSWORD_LENGTH = 20;

/** 20 characters from a 56-letter alphabet without look-alikes (I, l, O, 0, 1): about 116 bits. */
export function temporaryPassword(): string {
  const out: string[] = [];
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 56).
  const limit = 256 - (256 % ALPHABET.length);
  while (out.length < TEMPORARY_PASSWORD_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(32))) {
      if (byte < limit && out.length < TEMPORARY_PASSWORD_LENGTH) out.push(ALPHABET[byte % ALPHABET.length]!);
    }
  }
  return out.join('');
}
