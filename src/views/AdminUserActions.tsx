// Every admin action on one participant, as plain forms posting to the page's own address
// (?action=plan, role, password, delete): they work without JavaScript. Each typed word fits its
// action and is accepted in any letter case (docs/product.md#admin-actions).
import type { ReactNode } from 'react';
import { type AdminUserAction, CONFIRM_WORDS, roleConfirmWord } from '../domain/admin';
import type { FieldErrors } from '../domain/field-errors';
import { PLAN_LABELS, PLANS, type Plan, type Role } from '../domain/plans';
import { adminUserPath } from '../paths';
import { FieldMessage } from './FieldMessage';

export interface ActionFailure {
  action: AdminUserAction;
  message: string;
  fieldErrors: FieldErrors;
  /** What was posted (the chosen plan is kept). */
  values: Record<string, unknown>;
}

interface ActionsProps {
  userId: string;
  email: string;
  role: Role;
  /** The plan the admin grant gives now (null: none): 'downgrade' lowers it. */
  adminPlan: Plan | null;
  self: boolean;
  failure: ActionFailure | null;
}

function ActionCard({
  id,
  title,
  children,
  failure,
  action,
}: {
  id: string;
  title: string;
  children: ReactNode;
  failure: ActionFailure | null;
  action: AdminUserAction;
}) {
  const mine = failure?.action === action ? failure : null;
  return (
    <section className="card admin-action" id={id} aria-labelledby={`${id}-title`}>
      <h3 className="card-title" id={`${id}-title`}>
        {title}
      </h3>
      {mine && !mine.fieldErrors.confirm && (
        <p className="banner banner-error" role="alert">
          {mine.message}
        </p>
      )}
      {children}
    </section>
  );
}

function WordField({
  id,
  label,
  failure,
  action,
}: {
  id: string;
  label: ReactNode;
  failure: ActionFailure | null;
  action: AdminUserAction;
}) {
  const messages = failure?.action === action ? failure.fieldErrors.confirm : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="confirm"
        type="text"
        required
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={40}
        aria-invalid={messages ? true : undefined}
        aria-describedby={messages ? `${id}-error` : undefined}
      />
      <FieldMessage id={`${id}-error`} messages={messages} />
    </div>
  );
}

export function AdminUserActions({ userId, email, role, adminPlan, self, failure }: ActionsProps) {
  const post = (action: AdminUserAction) => `${adminUserPath(userId)}?action=${action}`;
  const newRole: Role = role === 'admin' ? 'user' : 'admin';
  const postedPlan = failure?.action === 'plan' && PLANS.includes(failure.values.plan as Plan) ? (failure.values.plan as Plan) : null;
  return (
    <div className="admin-actions">
      <ActionCard id="change-plan" title="Change Plan" failure={failure} action="plan">
        <form method="post" action={post('plan')} className="form">
          <p className="card-subtitle">
            Sets the admin grant of {email}
            {adminPlan ? ` (now ${PLAN_LABELS[adminPlan]})` : ''}. A plan paid through Stripe or Patreon is kept: the best active grant
            wins.
          </p>
          <div className="field">
            <label htmlFor="plan-choice">Plan</label>
            <select id="plan-choice" name="plan" defaultValue={postedPlan ?? adminPlan ?? 'challenge'}>
              {PLANS.map((plan) => (
                <option key={plan} value={plan}>
                  {PLAN_LABELS[plan]}
                </option>
              ))}
            </select>
          </div>
          <WordField
            id="plan-confirm"
            failure={failure}
            action="plan"
            label={
              <>
                Type <strong>{CONFIRM_WORDS.upgrade}</strong> for a higher plan, <strong>{CONFIRM_WORDS.downgrade}</strong> for a lower one,
                to confirm
              </>
            }
          />
          <button type="submit" className="button button-primary">
            Update Plan
          </button>
        </form>
      </ActionCard>

      <ActionCard id="change-role" title={newRole === 'admin' ? 'Make Admin' : 'Remove Admin'} failure={failure} action="role">
        {self ? (
          <p className="card-subtitle">You cannot remove your own admin role.</p>
        ) : (
          <form method="post" action={post('role')} className="form">
            <p className="card-subtitle">
              {newRole === 'admin'
                ? `Make ${email} an admin? Admin users have full access: they manage every user, plan and role.`
                : `Remove admin access from ${email}? They keep their account and plan.`}
            </p>
            <input type="hidden" name="role" value={newRole} />
            <WordField
              id="role-confirm"
              failure={failure}
              action="role"
              label={
                <>
                  Type <strong>{roleConfirmWord(newRole)}</strong> to confirm
                </>
              }
            />
            <button type="submit" className="button button-primary">
              {newRole === 'admin' ? 'Make Admin' : 'Remove Admin'}
            </button>
          </form>
        )}
      </ActionCard>

      <ActionCard id="temporary-password" title="Reset Password" failure={failure} action="password">
        {self ? (
          <p className="card-subtitle">Change your own password in Settings.</p>
        ) : (
          <form method="post" action={post('password')} className="form">
            <p className="card-subtitle">
              Give {email} a new temporary password? They are signed out everywhere and must choose their own password at the next sign-in.
              It is shown on this page once.
            </p>
            <button type="submit" className="button button-outline">
              Reset Password
            </button>
          </form>
        )}
      </ActionCard>

      <ActionCard id="delete-user" title="Delete User" failure={failure} action="delete">
        {self ? (
          <p className="card-subtitle">You cannot delete your own account.</p>
        ) : (
          <form method="post" action={post('delete')} className="form">
            <p className="card-subtitle">
              Delete {email} and all of their data: progress, check-ins and membership. This cannot be undone. The audit trail is kept.
            </p>
            <WordField
              id="delete-confirm"
              failure={failure}
              action="delete"
              label={
                <>
                  Type <strong>{CONFIRM_WORDS.delete}</strong> to confirm
                </>
              }
            />
            <button type="submit" className="button button-destructive">
              Delete User
            </button>
          </form>
        )}
      </ActionCard>
    </div>
  );
}
