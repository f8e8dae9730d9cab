import { type Access, PLAN_LABELS, requiresPlanMessage } from '../domain/plans';
import { PATHS } from '../paths';

/** Shown instead of a page the member's plan does not open. */
export function AccessNotice({ access }: { access: Access }) {
  return (
    <section className="card access-notice" role="alert">
      <h1 className="card-title">{requiresPlanMessage(access)}</h1>
      <p>Your membership does not include this part of the app. See your plan in Settings, or contact the team.</p>
      <p>
        <a className="button button-primary" href={`${PATHS.upgrade}/${access}`}>
          {`Upgrade to ${PLAN_LABELS[access]}`}
        </a>{' '}
        <a className="button button-outline" href={PATHS.settings}>
          Settings
        </a>
      </p>
    </section>
  );
}
