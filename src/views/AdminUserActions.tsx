// Every admin action on one participant, each behind a confirmation (docs/product.md#admin-actions).
// With JavaScript a button opens the action's modal dialog (src/islands/admin/AdminActionDialog.tsx,
// by invoker commands) holding its form and typed word; without it the same action is the inline
// plain form of old, posting to the page's own address (?action=plan, role, password, delete).
// OnlyScripted and OnlyUnscripted choose between them. The dialogs come after the cards, so the
// forms a card holds are its own. Each typed word fits its action and is accepted in any letter
// case.
import type { ReactNode } from 'react';
import { opensDialog } from '../components/dialog-invoker';
import { type AdminUserAction, CONFIRM_WORDS, NO_PLAN, roleConfirmWord } from '../domain/admin';
import type { FieldErrors } from '../domain/field-errors';
import { PLAN_LABELS, PLANS, type Plan, type Role } from '../domain/plans';
import { adminUserPath } from '../paths';
import { FieldMessage } from './FieldMessage';
import { Island } from './islands';
import { OnlyScripted, OnlyUnscripted } from './scripting';

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

const dialogId = (card: string) => `${card}-dialog`;

/**
 * One action: its title, what it does, then its dialog's button (with JavaScript) or its inline
 * form (without). `form` is absent where the admin may not act on their own account.
 */
function ActionCard({
  id,
  title,
  text,
  form,
  failure,
  action,
  trigger,
}: {
  id: string;
  title: string;
  text: ReactNode;
  form: ReactNode | null;
  failure: ActionFailure | null;
  action: AdminUserAction;
  /** The dialog button's classes. */
  trigger: string;
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
      <p className="card-subtitle">{text}</p>
      {form && (
        <>
          <OnlyScripted>
            <button type="button" className={trigger} {...opensDialog(dialogId(id))}>
              {title}
            </button>
          </OnlyScripted>
          <OnlyUnscripted>{form}</OnlyUnscripted>
        </>
      )}
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
  const dialog = (card: string, action: Exclude<AdminUserAction, 'cohort' | 'attention' | 'note'>) => {
    const mine = failure?.action === action ? failure : null;
    return (
      <Island
        name="AdminActionDialog"
        props={{
          id: dialogId(card),
          action,
          user: { id: userId, email, role, plan: adminPlan },
          adminPlan,
          words: CONFIRM_WORDS,
          failure: mine ? { message: mine.message, fieldErrors: mine.fieldErrors, values: mine.values } : null,
        }}
        // A refused post sent before the island was live: its dialog opens again at once.
        hydrate={mine ? 'load' : undefined}
      />
    );
  };
  return (
    <>
      <div className="admin-actions">
        <ActionCard
          id="change-plan"
          title="Change Plan"
          failure={failure}
          action="plan"
          trigger="button button-primary"
          text={
            <>
              Sets the admin grant of {email}
              {adminPlan ? ` (now ${PLAN_LABELS[adminPlan]})` : ''}. A plan paid through Stripe or Patreon is kept: the best active grant
              wins.
            </>
          }
          form={
            <form method="post" action={post('plan')} className="form">
              <div className="field">
                <label htmlFor="plan-choice">Plan</label>
                <select id="plan-choice" name="plan" defaultValue={postedPlan ?? adminPlan ?? 'challenge'}>
                  {PLANS.map((plan) => (
                    <option key={plan} value={plan}>
                      {PLAN_LABELS[plan]}
                    </option>
                  ))}
                  <option value={NO_PLAN}>No plan (ends the admin grant)</option>
                </select>
              </div>
              <WordField
                id="plan-confirm"
                failure={failure}
                action="plan"
                label={
                  <>
                    Type <strong>{CONFIRM_WORDS.upgrade}</strong> for a higher plan, <strong>{CONFIRM_WORDS.downgrade}</strong> for a lower
                    one, <strong>{CONFIRM_WORDS.revoke}</strong> for no plan, to confirm
                  </>
                }
              />
              <button type="submit" className="button button-primary">
                Update Plan
              </button>
            </form>
          }
        />

        <ActionCard
          id="change-role"
          title={newRole === 'admin' ? 'Make Admin' : 'Remove Admin'}
          failure={failure}
          action="role"
          trigger="button button-primary"
          text={
            self
              ? 'You cannot remove your own admin role.'
              : newRole === 'admin'
                ? `Make ${email} an admin? Admin users have full access: they manage every user, plan and role.`
                : `Remove admin access from ${email}? They keep their account and plan.`
          }
          form={
            self ? null : (
              <form method="post" action={post('role')} className="form">
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
            )
          }
        />

        <ActionCard
          id="temporary-password"
          title="Reset Password"
          failure={failure}
          action="password"
          trigger="button button-outline"
          text={
            self
              ? 'Change your own password in Settings.'
              : `Give ${email} a new temporary password? They are signed out everywhere and must choose their own password at the next sign-in. It is shown on this page once.`
          }
          form={
            self ? null : (
              <form method="post" action={post('password')} className="form">
                <button type="submit" className="button button-outline">
                  Reset Password
                </button>
              </form>
            )
          }
        />

        <ActionCard
          id="delete-user"
          title="Delete User"
          failure={failure}
          action="delete"
          trigger="button button-destructive"
          text={
            self
              ? 'You cannot delete your own account.'
              : `Delete ${email} and all of their data: progress, check-ins and membership. This cannot be undone. The audit trail is kept.`
          }
          form={
            self ? null : (
              <form method="post" action={post('delete')} className="form">
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
            )
          }
        />
      </div>
      {dialog('change-plan', 'plan')}
      {!self && (
        <>
          {dialog('change-role', 'role')}
          {dialog('temporary-password', 'password')}
          {dialog('delete-user', 'delete')}
        </>
      )}
    </>
  );
}
