// The admin side of accounts (docs/product.md#admin-actions): the searchable, sortable user list,
// and the changes only admins make. The last-admin rule is part of each statement, so two admins
// demoting each other at once cannot leave nobody in charge.
import { and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailOutbox, memberships, passwordResetTokens, progress, rateLimits, type User, users } from '../db/schema';
import { type AdminUserView, USERS_PAGE_SIZE, type UserListQuery } from '../domain/admin';
import { AUDIT_ACTIONS } from '../domain/audit';
import type { Role } from '../domain/plans';
import { adminGrantNow, appendAudit } from './audit';
import { endOtherSessions } from './auth-sessions';
import { forgetCohortReport } from './cohort-report';
import { type FreedSeat, findCurrentPlace, seatFromWaitlistStatement } from './cohorts';
import { publicMembership, publicUser } from './users';

type AdminUserRow = AdminUserView;

export interface UserPage {
  users: AdminUserRow[];
  total: number;
  page: number;
  pageCount: number;
}

const completedSessions = sql<number>`(${progress.session1CompletedAt} IS NOT NULL) + (${progress.session2CompletedAt} IS NOT NULL) + (${progress.session3CompletedAt} IS NOT NULL) + (${progress.session4CompletedAt} IS NOT NULL)`;

const SORT_COLUMNS = {
  createdAt: users.createdAt,
  email: users.email,
  name: users.name,
  role: users.role,
  lastLoginAt: users.lastLoginAt,
  sessionsCompleted: completedSessions,
  plan: memberships.plan,
} as const;

/**
 * The column holds the user's text, taken literally (% and _ are letters), ignoring ASCII letter
 * case as LIKE does. Not LIKE: D1 refuses a LIKE pattern over 50 bytes ('LIKE or GLOB pattern too
 * complex'), which a 49-letter search or 20 emoji reach; instr has no pattern and no limit.
 */
function contains(column: typeof users.email | typeof users.name, text: string): SQL {
  return sql`instr(lower(${column}), lower(${text})) > 0`;
}

/** One page of users matching the search (email or name), in the chosen order. */
export async function listUsersPage(db: Db, query: UserListQuery): Promise<UserPage> {
  const where = query.q ? or(contains(users.email, query.q), contains(users.name, query.q)) : undefined;
  const order = query.dir === 'asc' ? asc(SORT_COLUMNS[query.sort]) : desc(SORT_COLUMNS[query.sort]);
  const [rows, [totals]] = await db.batch([
    db
      .select({ user: users, membership: memberships, sessionsCompleted: completedSessions })
      .from(users)
      .leftJoin(memberships, eq(memberships.userId, users.id))
      .leftJoin(progress, eq(progress.userId, users.id))
      .where(where)
      // The id breaks ties, so a page boundary never repeats or skips a user.
      .orderBy(order, asc(users.id))
      .limit(USERS_PAGE_SIZE)
      .offset((query.page - 1) * USERS_PAGE_SIZE),
    db.select({ total: count() }).from(users).where(where),
  ]);
  const total = totals?.total ?? 0;
  return {
    users: rows.map(({ user, membership, sessionsCompleted }) => ({
      ...publicUser(user),
      sessionsCompleted: sessionsCompleted ?? 0,
      membership: publicMembership(membership),
    })),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)),
  };
}

async function findUserById(db: Db, userId: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user ?? null;
}

/** Some other admin remains besides this user. */
const anotherAdmin = (userId: string) =>
  sql`EXISTS (SELECT 1 FROM ${users} AS others WHERE others.role = 'admin' AND others.id <> ${userId})`;

export type GuardedChange = { ok: true; user: User } | { ok: false; reason: 'not-found' | 'last-admin' };

/** The user's role as the batch reaches this point. */
const roleNow = (userId: string) => sql`(SELECT ${users.role} FROM ${users} WHERE ${users.id} = ${userId})`;

/**
 * Sets the role (with its audit entry, when it changes); removing the last admin's role changes
 * nothing. A change drops the stored cohort report: an admin is no participant, a participant again is.
 */
export async function setRole(db: Db, userId: string, role: Role, actor: string): Promise<GuardedChange> {
  const guard = role === 'admin' ? undefined : anotherAdmin(userId);
  const changes = sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} AND ${users.role} <> ${role})`;
  const [, , [user]] = await db.batch([
    appendAudit(db, { userId, actor, action: AUDIT_ACTIONS.role, from: roleNow(userId), to: role }, guard ? and(changes, guard)! : changes),
    forgetCohortReport(db, userId, guard ? and(changes, guard) : changes),
    db
      .update(users)
      .set({ role })
      .where(and(eq(users.id, userId), guard))
      .returning(),
  ]);
  if (user) return { ok: true, user };
  return (await findUserById(db, userId)) ? { ok: false, reason: 'last-admin' } : { ok: false, reason: 'not-found' };
}

/**
 * Deletes the user and, through the foreign keys, every row of theirs; never the last admin. The
 * audit trail stays (decision 25), with one more entry saying who deleted the account; it holds
 * no address or name of the participant (docs/product.md#audit-trail). The stored cohort report
 * goes too, so the coach never sees the account in it again.
 */
export async function deleteUser(
  db: Db,
  userId: string,
  actor: string,
  at = new Date().toISOString(),
): Promise<GuardedChange & { freed?: FreedSeat }> {
  const [target, place] = await Promise.all([findUserById(db, userId), findCurrentPlace(db, userId)]);
  if (!target) return { ok: false, reason: 'not-found' };
  // Rows keyed by user_id go by ON DELETE CASCADE; what names the user by address or in a
  // throttle key goes in the same batch, once the user row is really gone.
  const gone = sql`NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId})`;
  const keyNames = (subject: string) => sql`substr(${rateLimits.key}, ${-(subject.length + 1)}) = ${`:${subject}`}`;
  const deletable = sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} AND (${users.role} <> 'admin' OR ${anotherAdmin(userId)}))`;
  const [, , deleted, , , seated] = await db.batch([
    appendAudit(db, { userId, actor, action: AUDIT_ACTIONS.deleted, from: adminGrantNow(userId), to: null }, deletable),
    // While their cohort membership is still there: their cohort's report.
    forgetCohortReport(db, userId, deletable),
    db
      .delete(users)
      .where(and(eq(users.id, userId), or(sql`${users.role} <> 'admin'`, anotherAdmin(userId))))
      .returning(),
    db.delete(emailOutbox).where(and(eq(emailOutbox.to, target.email), gone)),
    db.delete(rateLimits).where(and(or(keyNames(target.email), keyNames(userId)), gone)),
    // The seat their membership held (gone by cascade) goes to the first on the waitlist.
    seatFromWaitlistStatement(db, place?.id ?? '', at),
  ]);
  const [user] = deleted;
  if (!user) return { ok: false, reason: 'last-admin' };
  return { ok: true, user, freed: place ? { cohortId: place.id, at, seatedFromWaitlist: seated.length } : undefined };
}

/** An admin-issued temporary password: to be replaced at once, every session and reset link ended. */
export async function setTemporaryPassword(db: Db, userId: string, passwordHash: string, actor: string): Promise<boolean> {
  const exists = sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId})`;
  const [, [updated]] = await db.batch([
    appendAudit(db, { userId, actor, action: AUDIT_ACTIONS.password }, exists),
    db.update(users).set({ passwordHash, mustChangePassword: true }).where(eq(users.id, userId)).returning({ id: users.id }),
    db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)),
    endOtherSessions(db, userId, null),
  ]);
  return Boolean(updated);
}
