/** Password hashing for the embedded provider's users: argon2id, never stored in clear. */
import { randomBytes, randomInt } from 'node:crypto';
import type Argon2 from 'argon2';

/** argon2 (a native module) loads with the first password hashed or checked, not at start. */
let loaded: Promise<typeof Argon2> | undefined;
async function argon2(): Promise<typeof Argon2> {
  loaded ??= import('argon2').then((module) => module.default);
  return loaded;
}

export const MIN_PASSWORD_LENGTH = 10;

export async function hashPassword(password: string): Promise<string> {
  const { hash, argon2id } = await argon2();
  return hash(password, { type: argon2id });
}

// Checked against when the account does not exist, so that a wrong name costs as much time as a
// wrong password and sign-in timing does not reveal which accounts exist.
let decoy: Promise<string> | undefined;

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    decoy ??= hashPassword(randomBytes(16).toString('hex'));
    const { verify } = await argon2();
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    const { verify } = await argon2();
    return await verify(hash, password);
  } catch {
    return false;
  }
}

/** A password a person can type: 20 characters from an unambiguous alphabet (~115 bits). */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let password = '';
  for (let i = 0; i < 20; i++) password += alphabet[randomInt(alphabet.length)];
  return password;
}

export function checkPasswordStrength(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `A password needs at least ${MIN_PASSWORD_LENGTH} characters`;
  }
  if (password.length > 200) return 'A password may have at most 200 characters';
  return null;
}
