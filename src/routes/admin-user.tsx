// One participant, as the coach sees them (docs/product.md#the-coachs-desk): /admin/users/:id, its
// action forms (?action=plan, role, password, delete: plain form posts, 303 with a flash, a failure
// shown again on the page under the action's own toast title; the page's dialogs send the same
// address JSON), the JSON API the same actions keep (grant-membership, change-role,
// reset-user-password, delete-user) and the audit trail, GET /api/admin/users/:id/audit. An
// account that is not there (deleted, or never was) sends the page back to the users list with
// 'User not found'; the JSON API answers 404. Every change is written with its audit entry
// (decision 25, src/data/audit.ts). ?action=cohort and POST /api/admin/users/:id/cohort move them to
// another cohort (docs/product.md#cohorts).
import { type Context, Hono } from 'hono';
import type * as z from 'zod/mini';
import type { AppEnv } from '../app-env';
import { readAuditTrail } from '../data/audit';
import { storedAttention } from '../data/cohort-report';
import { readParticipant } from '../data/participant';
import { readTimeline } from '../data/timeline';
import { publicMembership, publicUser } from '../data/users';
import { USER_NOT_FOUND } from '../domain/accounts';
import {
  type AdminUserAction,
  changeRoleSchema,
  deleteFormSchema,
  deleteUserSchema,
  grantMembershipSchema,
  NO_PLAN,
  passwordFormSchema,
  planFormSchema,
  resetUserPasswordSchema,
  roleFormSchema,
} from '../domain/admin';
import { AUDIT_ACTIONS } from '../domain/audit';
import { attentionInWords } from '../domain/cohort-report';
import { moveToCohortSchema } from '../domain/cohort-schema';
import type { FieldErrors } from '../domain/field-errors';
import { TIMELINE_PAGE_SIZE, TIMELINE_PAGES, timelineQuerySchema } from '../domain/timeline';
import { ADMIN_FAILURE_TITLES } from '../domain/toast-words';
import { adminUserPath, PATHS } from '../paths';
import { changePlan, changeRole, issuePassword, json, moveCohort, removeUser } from '../server/admin-user-actions';
import { postCoachForm } from '../server/coach-forms';
import { HttpError } from '../server/errors';
import { type Failure, setFlash, type Toast, takeFailure } from '../server/flash';
import { currentAuth, requireAdminApi, requireAdminPage } from '../server/guards';
import { type Input, readInput } from '../server/input';
import { keepIssuedPassword, takeIssuedPassword } from '../server/issued-password';
import { accept, reject } from '../server/respond';
import { AdminUserPage } from '../views/AdminUserPage';
import { renderPage } from '../views/render-page';

const ACTIONS: readonly AdminUserAction[] = ['plan', 'role', 'password', 'delete', 'cohort', 'attention', 'note'];
const isAction = (value: string | undefined): value is AdminUserAction => ACTIONS.includes(value as AdminUserAction);

/** The users list, with a toast saying the account is not there (a Back after a delete, an old link). */
function backToList(c: Context<AppEnv>, toast: Toast): Response {
  setFlash(c, { toast });
  return c.redirect(PATHS.adminUsers, 303);
}

/** The body's checked value, or a 400 with the field messages. */
async function body<S extends z.core.$ZodType>(c: Context<AppEnv>, schema: S): Promise<z.output<S>> {
  const input = await readInput(c, schema);
  if (!input.ok) throw new HttpError(400, input.message, input.fieldErrors);
  return input.value;
}

async function renderUserPage(c: Context<AppEnv>, failure: Failure | null): Promise<Response> {
  const userId = c.req.param('id') ?? '';
  const auth = currentAuth(c);
  const record = await readParticipant(c.get('db'), userId);
  if (!record) {
    // Back after a delete: the trail outlives the account and says so.
    const trail = await readAuditTrail(c.get('db'), userId);
    if (trail?.some((entry) => entry.action === AUDIT_ACTIONS.deleted))
      return backToList(c, { title: 'User deleted', description: 'That user was deleted: here is the users list.' });
    return backToList(c, { title: USER_NOT_FOUND, variant: 'destructive' });
  }
  const issuedPassword = await takeIssuedPassword(c, auth.user.id, userId);
  const action = c.req.query('action') as AdminUserAction | undefined;
  const asked = timelineQuerySchema.safeParse({ page: c.req.query('page'), kind: c.req.query('kind') || undefined });
  const { page, kind } = asked.success ? asked.data : { page: 1, kind: undefined };
  const timeline = await readTimeline(c.get('db'), userId, page, kind ?? null, TIMELINE_PAGES);
  const row = record.attention;
  const reasons =
    row?.today && row.timeZone && row.createdAt
      ? attentionInWords(storedAttention({ ...row, today: row.today, timeZone: row.timeZone, createdAt: row.createdAt })).reasons
      : [];
  return renderPage(
    c,
    <AdminUserPage
      record={record}
      now={new Date().toISOString()}
      currentUserId={auth.user.id}
      issuedPassword={issuedPassword}
      coach={{
        reasons,
        adminZone: auth.user.timeZone,
        timeline: {
          entries: timeline.entries,
          page,
          kind: kind ?? null,
          pageCount: Math.max(1, Math.ceil(timeline.total / TIMELINE_PAGE_SIZE)),
        },
      }}
      failure={
        failure && action
          ? {
              action,
              message: failure.message,
              fieldErrors: failure.fieldErrors ?? {},
              values: (failure.reply.initialValue ?? {}) as Record<string, unknown>,
            }
          : null
      }
    />,
    {
      title: record.user.name ?? record.user.email,
      status: failure?.status,
      toast: failure
        ? { title: isAction(action) ? ADMIN_FAILURE_TITLES[action] : 'Error', description: failure.message, variant: 'destructive' }
        : undefined,
    },
  );
}

/**
 * A post from the participant's page: the action its address names. A form post (no JavaScript)
 * answers 303 with the toast in the flash; the page's dialogs send JSON, and get JSON, with the
 * success toast in the flash too, for the page they load next.
 */
async function postAction(c: Context<AppEnv>): Promise<Response> {
  const userId = c.req.param('id') ?? '';
  const action = c.req.query('action');
  const fail = (input: Input<unknown>, outcome: { status: 400 | 404 | 409; message: string; fieldErrors?: FieldErrors }) => {
    // The account is gone: its page cannot show the failure, the list can.
    if (outcome.status === 404 && outcome.message === USER_NOT_FOUND && input.mode === 'form' && isAction(action))
      return backToList(c, { title: ADMIN_FAILURE_TITLES[action], description: outcome.message, variant: 'destructive' });
    return reject(c, input, renderUserPage, { status: outcome.status, message: outcome.message, fieldErrors: outcome.fieldErrors });
  };
  const invalid = (input: Input<unknown> & { ok: false }) => reject(c, input, renderUserPage, { status: 400 });
  const done = (input: Input<unknown>, options: { json: unknown; redirect: string; flash: Toast }) => {
    if (input.mode === 'json') setFlash(c, { toast: options.flash });
    return accept(c, input.mode, options);
  };
  const page = adminUserPath(userId);
  switch (action) {
    case 'plan': {
      const input = await readInput(c, planFormSchema);
      if (!input.ok) return invalid(input);
      const outcome = await changePlan(c, userId, input.value.plan, input.value.confirm, true);
      if (!outcome.ok) return fail(input, outcome);
      return done(input, {
        json: { message: 'Membership updated successfully' },
        redirect: page,
        flash:
          input.value.plan === NO_PLAN
            ? { title: 'Admin grant ended', description: 'A plan paid through Stripe or Patreon stays.' }
            : { title: 'Success', description: 'Membership updated successfully' },
      });
    }
    case 'role': {
      const input = await readInput(c, roleFormSchema);
      if (!input.ok) return invalid(input);
      const outcome = await changeRole(c, userId, input.value.role, input.value.confirm, true);
      if (!outcome.ok) return fail(input, outcome);
      const { email, role } = outcome.value.user;
      return done(input, {
        json: { message: 'Role updated' },
        redirect: page,
        flash: { title: 'Role Updated', description: `${email} is now ${role === 'admin' ? 'an admin' : 'a user'}.` },
      });
    }
    case 'password': {
      const input = await readInput(c, passwordFormSchema);
      if (!input.ok) return invalid(input);
      const outcome = await issuePassword(c, userId);
      if (!outcome.ok) return fail(input, outcome);
      await keepIssuedPassword(c, currentAuth(c).user.id, userId, outcome.value.tempPassword);
      return done(input, {
        json: outcome.value,
        redirect: page,
        flash: { title: 'Password Reset', description: 'The temporary password is shown on the page.' },
      });
    }
    case 'delete': {
      const input = await readInput(c, deleteFormSchema);
      if (!input.ok) return invalid(input);
      const outcome = await removeUser(c, userId, input.value.confirm, true);
      if (!outcome.ok) return fail(input, outcome);
      const { email } = outcome.value.user;
      return done(input, {
        json: { deletedUser: { id: userId, email } },
        redirect: PATHS.adminUsers,
        flash: { title: 'User Deleted', description: `${email} was deleted.` },
      });
    }
    case 'cohort': {
      const input = await readInput(c, moveToCohortSchema);
      if (!input.ok) return invalid(input);
      const outcome = await moveCohort(c, userId, input.value.cohortId);
      if (!outcome.ok) return fail(input, outcome);
      const { to } = outcome.value;
      return done(input, {
        json: { cohort: to },
        redirect: page,
        flash: { title: 'Cohort changed', description: `Now in ${to.name}${to.seat === 'waitlisted' ? ', on its waitlist' : ''}.` },
      });
    }
    case 'attention':
    case 'note':
    case 'note-delete':
      return postCoachForm(c, action, renderUserPage);
    default:
      throw new HttpError(400, 'Say what to do: ?action=plan, role, password, delete, cohort, attention, note or note-delete');
  }
}

const api = '/api/admin';

export const adminUserPageRoutes = new Hono<AppEnv>()
  .get(`${PATHS.adminUsers}/:id`, requireAdminPage(), (c) => renderUserPage(c, takeFailure(c)))
  .post(`${PATHS.adminUsers}/:id`, requireAdminPage(), postAction)
  .get(`${api}/users/:id/audit`, requireAdminApi(), async (c) => {
    const userId = c.req.param('id').slice(0, 64);
    // The trail outlives the account: a deleted user's entries are still answered.
    const entries = await readAuditTrail(c.get('db'), userId);
    if (!entries) throw new HttpError(404, USER_NOT_FOUND);
    return c.json({ entries });
  })
  .post(`${api}/grant-membership`, requireAdminApi(), async (c) => {
    const { userId, plan, confirm } = await body(c, grantMembershipSchema);
    const { membership } = json(await changePlan(c, userId, plan, confirm, false));
    return c.json({ message: 'Membership updated successfully', membership: publicMembership(membership) });
  })
  .post(`${api}/change-role`, requireAdminApi(), async (c) => {
    const { userId, role, confirm } = await body(c, changeRoleSchema);
    const { user } = json(await changeRole(c, userId, role, confirm, false));
    return c.json({ message: 'Role updated', user: publicUser(user) });
  })
  .post(`${api}/reset-user-password`, requireAdminApi(), async (c) => {
    const { userId } = await body(c, resetUserPasswordSchema);
    return c.json(json(await issuePassword(c, userId)));
  })
  .post(`${api}/users/:id/cohort`, requireAdminApi(), async (c) => {
    const { cohortId } = await body(c, moveToCohortSchema);
    const { from, to } = json(await moveCohort(c, c.req.param('id').slice(0, 64), cohortId));
    return c.json({ from, cohort: to });
  })
  .delete(`${api}/delete-user`, requireAdminApi(), async (c) => {
    const { userId, confirm } = await body(c, deleteUserSchema);
    const { user } = json(await removeUser(c, userId, confirm, false));
    return c.json({ deletedUser: { id: user.id, email: user.email } });
  });
