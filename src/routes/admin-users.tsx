// The users admins manage (docs/product.md#admin-actions): the /admin/users list, each row linking
// to the participant's page (src/routes/admin-user.tsx, where the other actions live), and
// 'Create User' as a form post (POST /admin/users) or JSON (POST /api/admin/create-user). A
// created account's temporary password is shown on its page (src/server/issued-password.ts).
// Admins only: anonymous visitors go to /login, other users to /dashboard; the API answers 401 and 403.

import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { listUsersPage } from '../data/admin-users';
import { createAccount, findUserByEmail, publicMembership, publicUser } from '../data/users';
import { EMAIL_TAKEN } from '../domain/accounts';
import { createUserSchema, readUserListQuery } from '../domain/admin';
import { welcomeMail } from '../domain/emails';
import { ADMIN_FAILURE_TITLES } from '../domain/toast-words';
import { adminUserPath, PATHS } from '../paths';
import { coachDay } from '../server/coach-day';
import { HttpError } from '../server/errors';
import { type Failure, setFlash, takeFailure } from '../server/flash';
import { currentAuth, requireAdminApi, requireAdminPage } from '../server/guards';
import { readInput } from '../server/input';
import { keepIssuedPassword } from '../server/issued-password';
import { hashPassword, passwordCost } from '../server/password';
import { accept, reject } from '../server/respond';
import { temporaryPassword } from '../server/temporary-password';
import { sendVerificationLink, VERIFICATION_VALIDITY } from '../server/verification-mail';
import { AdminUsersPage } from '../views/AdminUsersPage';
import { renderPage } from '../views/render-page';

async function renderUsersPage(c: Context<AppEnv>, failure: Failure | null): Promise<Response> {
  const { query, refusal } = readUserListQuery(c.req.query());
  // A refused search lists nobody and says why beside the search box (400), never everybody.
  const page = refusal ? { users: [], total: 0, page: 1, pageCount: 1 } : await listUsersPage(c.get('db'), query);
  return renderPage(
    c,
    <AdminUsersPage
      page={page}
      query={query}
      searchError={refusal}
      currentUserId={currentAuth(c).user.id}
      createFailure={
        failure
          ? {
              message: failure.message,
              fieldErrors: failure.fieldErrors ?? {},
              values: (failure.reply.initialValue ?? {}) as Record<string, unknown>,
            }
          : null
      }
    />,
    {
      title: 'Users',
      status: failure?.status ?? (refusal ? 400 : undefined),
      toast: failure ? { title: ADMIN_FAILURE_TITLES.create, description: failure.message, variant: 'destructive' } : undefined,
    },
  );
}

/**
 * Create User, from the JSON API or the page (its form, or its dialog sending JSON); the page lands
 * on the new participant's page, which shows the temporary password.
 */
async function createUser(c: Context<AppEnv>): Promise<Response> {
  const input = await readInput(c, createUserSchema);
  if (!input.ok) return reject(c, input, renderUsersPage, { status: 400 });
  const { email, name, plan } = input.value;
  const db = c.get('db');
  const taken = () => reject(c, input, renderUsersPage, { status: 409, message: EMAIL_TAKEN, fieldErrors: { email: [EMAIL_TAKEN] } });
  if (await findUserByEmail(db, email)) return taken();
  const tempPassword = temporaryPassword();
  const admin = currentAuth(c).user;
  let account: Awaited<ReturnType<typeof createAccount>>;
  try {
    account = await createAccount(db, {
      email,
      name,
      passwordHash: await hashPassword(tempPassword, passwordCost(c.env)),
      role: 'user',
      plan,
      source: 'admin',
      mustChangePassword: true,
      createdBy: admin.email,
      coachDay: coachDay(c),
    });
  } catch (error) {
    if (String(error).includes('UNIQUE')) return taken();
    throw error;
  }
  sendVerificationLink(c, account.user, (link) => welcomeMail(link, VERIFICATION_VALIDITY));
  const flash = { title: 'User Created', description: `${account.user.email} can now sign in with the temporary password.` };
  // A form post, or the page's dialog sending JSON: the next page shows the password and the toast.
  const fromPage = !c.req.path.startsWith('/api/');
  if (input.mode === 'form' || fromPage) await keepIssuedPassword(c, admin.id, account.user.id, tempPassword);
  if (input.mode === 'json' && fromPage) setFlash(c, { toast: flash });
  return accept(c, input.mode, {
    json: { tempPassword, user: { ...publicUser(account.user), membership: publicMembership(account.membership) } },
    jsonStatus: 201,
    redirect: adminUserPath(account.user.id),
    flash,
  });
}

export const adminUserRoutes = new Hono<AppEnv>()
  .get(PATHS.admin, requireAdminPage(), (c) => c.redirect(PATHS.adminUsers, 302))
  .get(PATHS.adminUsers, requireAdminPage(), (c) => renderUsersPage(c, takeFailure(c)))
  .post(PATHS.adminUsers, requireAdminPage(), createUser)
  .get('/api/admin/users', requireAdminApi(), async (c) => {
    const { query, refusal } = readUserListQuery(c.req.query());
    if (refusal) throw new HttpError(400, refusal, { q: [refusal] });
    return c.json(await listUsersPage(c.get('db'), query));
  })
  .post('/api/admin/create-user', requireAdminApi(), createUser);
