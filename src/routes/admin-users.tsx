// The users admins manage (docs/product.md#admin-actions): the /admin/users page and the JSON API
// its dialogs call (/api/admin/users, create-user, grant-membership, change-role,
// reset-user-password, delete-user). Admins only: anonymous visitors go to /login, other users to
// /dashboard; the API answers 401 and 403.
import { Hono, type Context } from 'hono';
import type * as z from 'zod/mini';
import type { AppEnv } from '../app-env';
import { deleteUser, findUserById, listUsersPage, setRole, setTemporaryPassword, type GuardedChange } from '../data/admin-users';
import { setAdminPlan } from '../data/memberships';
import { createAccount, findUserByEmail, publicMembership, publicUser } from '../data/users';
import {
  LAST_ADMIN,
  changeRoleSchema,
  createUserSchema,
  deleteUserSchema,
  grantMembershipSchema,
  resetUserPasswordSchema,
  selfChangeRefusal,
  userListQuerySchema,
} from '../domain/admin';
import { welcomeMail } from '../domain/emails';
import { PATHS } from '../paths';
import { HttpError } from '../server/errors';
import { currentAuth, requireAdminApi, requireAdminPage } from '../server/guards';
import { readInput } from '../server/input';
import { hashPassword } from '../server/password';
import { temporaryPassword } from '../server/temporary-password';
import { sendVerificationLink, VERIFICATION_VALIDITY } from '../server/verification-mail';
import { AdminUsersPage } from '../views/AdminUsersPage';
import { renderPage } from '../views/render-page';

const USER_NOT_FOUND = 'User not found';

/** The body's checked value, or a 400 with the field messages. */
async function body<S extends z.core.$ZodType>(c: Context<AppEnv>, schema: S): Promise<z.output<S>> {
  const input = await readInput(c, schema);
  if (!input.ok) throw new HttpError(400, input.message, input.fieldErrors);
  return input.value;
}

function guarded(result: GuardedChange) {
  if (result.ok) return result.user;
  throw result.reason === 'not-found' ? new HttpError(404, USER_NOT_FOUND) : new HttpError(409, LAST_ADMIN);
}

async function createUser(c: Context<AppEnv>): Promise<Response> {
  const { email, name, plan } = await body(c, createUserSchema);
  const db = c.get('db');
  if (await findUserByEmail(db, email)) throw new HttpError(409, 'An account with this email already exists');
  const tempPassword = temporaryPassword();
  const account = await createAccount(db, {
    email,
    name,
    passwordHash: await hashPassword(tempPassword),
    role: 'user',
    plan,
    source: 'admin',
    mustChangePassword: true,
  }).catch((error: unknown) => {
    if (String(error).includes('UNIQUE')) throw new HttpError(409, 'An account with this email already exists');
    throw error;
  });
  sendVerificationLink(c, account.user, (link) => welcomeMail(link, VERIFICATION_VALIDITY));
  return c.json({ tempPassword, user: { ...publicUser(account.user), membership: publicMembership(account.membership) } }, 201);
}

async function grantMembership(c: Context<AppEnv>): Promise<Response> {
  const { userId, plan } = await body(c, grantMembershipSchema);
  const db = c.get('db');
  if (!(await findUserById(db, userId))) throw new HttpError(404, USER_NOT_FOUND);
  const membership = await setAdminPlan(db, userId, plan);
  return c.json({ message: 'Membership updated successfully', membership: publicMembership(membership) });
}

async function changeRole(c: Context<AppEnv>): Promise<Response> {
  const { userId, role } = await body(c, changeRoleSchema);
  const refusal = selfChangeRefusal('role', currentAuth(c).user.id, userId, role);
  if (refusal) throw new HttpError(409, refusal);
  const user = guarded(await setRole(c.get('db'), userId, role));
  return c.json({ message: 'Role updated', user: publicUser(user) });
}

async function resetUserPassword(c: Context<AppEnv>): Promise<Response> {
  const { userId } = await body(c, resetUserPasswordSchema);
  const refusal = selfChangeRefusal('reset', currentAuth(c).user.id, userId);
  if (refusal) throw new HttpError(409, refusal);
  const tempPassword = temporaryPassword();
  if (!(await setTemporaryPassword(c.get('db'), userId, await hashPassword(tempPassword)))) throw new HttpError(404, USER_NOT_FOUND);
  return c.json({ tempPassword });
}

async function removeUser(c: Context<AppEnv>): Promise<Response> {
  const { userId } = await body(c, deleteUserSchema);
  const refusal = selfChangeRefusal('delete', currentAuth(c).user.id, userId);
  if (refusal) throw new HttpError(409, refusal);
  const user = guarded(await deleteUser(c.get('db'), userId));
  return c.json({ deletedUser: { id: user.id, email: user.email } });
}

const api = '/api/admin';

export const adminUserRoutes = new Hono<AppEnv>()
  .get(PATHS.admin, requireAdminPage(), (c) => c.redirect(PATHS.adminUsers, 302))
  .get(PATHS.adminUsers, requireAdminPage(), async (c) => {
    const query = userListQuerySchema.parse(c.req.query());
    const page = await listUsersPage(c.get('db'), query);
    return renderPage(c, <AdminUsersPage page={page} query={query} currentUserId={currentAuth(c).user.id} />, { title: 'Users' });
  })
  .get(`${api}/users`, requireAdminApi(), async (c) => c.json(await listUsersPage(c.get('db'), userListQuerySchema.parse(c.req.query()))))
  .post(`${api}/create-user`, requireAdminApi(), createUser)
  .post(`${api}/grant-membership`, requireAdminApi(), grantMembership)
  .post(`${api}/change-role`, requireAdminApi(), changeRole)
  .post(`${api}/reset-user-password`, requireAdminApi(), resetUserPassword)
  .delete(`${api}/delete-user`, requireAdminApi(), removeUser);
