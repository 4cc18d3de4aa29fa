/** Adds a user (administrators only), with an optional password for the embedded sign-in. */
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/index';
import { fail } from '../../errors';
import { checkPasswordStrength, hashPassword } from '../../auth/passwords';
import { createUser } from './create-user';
import { readUser, type UserView } from './get-user';
import { requireAdministrator } from './guards';
import { checkAssignableRoles } from './check-roles';

export interface AddUserInput {
  username: string;
  password?: string | undefined;
  given_name?: string | undefined;
  family_name?: string | undefined;
  email?: string | null | undefined;
  roles: string[];
}

export async function addUser(db: Db, actor: Actor, input: AddUserInput): Promise<UserView> {
  // access
  requireAdministrator(actor, 'add users');
  // validate
  await checkAssignableRoles(db, actor, input.roles);
  if (input.password !== undefined) {
    const problem = checkPasswordStrength(input.password);
    if (problem) fail('VALIDATION_FAILED', problem);
  }
  // write (createUser checks the name and writes user and roles in one transaction)
  const userId = await createUser(
    db,
    {
      username: input.username,
      given_name: input.given_name ?? '',
      family_name: input.family_name ?? '',
      email: input.email ?? null,
      password_hash: input.password === undefined ? null : await hashPassword(input.password),
      roleIds: input.roles,
    },
    actor,
  );
  return readUser(db, userId);
}
