// Joining and paying (decision 41, docs/product.md#joining-and-paying): the public /join and
// /join/:cohort, their 'Join' form (POST /join/:cohort: a visitor is sent to sign up first and
// comes back; a member joins, and goes to pay when the plan costs money), GET /api/plans and
// POST /api/cohorts/:id/join, and /upgrade/:plan. The seat rules are src/data/cohort-join.ts.
import { type Context, Hono } from 'hono';
import * as z from 'zod';
import type { AppEnv } from '../app-env';
import type { Auth } from '../data/auth-sessions';
import { joinCohort } from '../data/cohort-join';
import { listOpenCohorts } from '../data/cohort-public';
import { CLOSED_COHORT } from '../domain/auth-schemas';
import { coachToday } from '../domain/cohort-compare';
import { COHORT_NOT_FOUND, type Seat } from '../domain/cohorts';
import { defaultJoinPlan, HOLD_MS, needsPayment, planNamed } from '../domain/plan-offers';
import { currentPlan, PLAN_LABELS, PLANS, type Plan, planRank } from '../domain/plans';
import { userTimeZone } from '../domain/time-zone';
import { coachTimeZone, knownZone } from '../domain/webinars';
import { PATHS } from '../paths';
import { loadAuth } from '../server/auth-session';
import { mailSeatedFromWaitlist } from '../server/cohort-seat-mail';
import { appOrigin, signupPlan } from '../server/config';
import { HttpError } from '../server/errors';
import { type Failure, setFlash, takeFailure } from '../server/flash';
import { currentAuth, requireUserApi, requireUserPage } from '../server/guards';
import { readInput } from '../server/input';
import { offeredPlans, payUrl } from '../server/plan-config';
import { reject } from '../server/respond';
import { JoinPage } from '../views/JoinPage';
import { NotFoundPage } from '../views/NotFoundPage';
import { renderPage } from '../views/render-page';

const CHOOSE_PLAN = 'Choose one of the plans offered';
const NOT_FOR_SALE = 'This plan cannot be bought here yet';

const joinSchema = z.object({
  plan: z.optional(z.string().trim().max(40, CHOOSE_PLAN)),
});

const cohortParam = (c: Context<AppEnv>) => (c.req.param('cohort') ?? c.req.param('id') ?? '').slice(0, 64);

/** The plan a join asks for, checked against the plans offered. */
function wantedPlan(c: Context<AppEnv>, named: string | undefined): Plan {
  const offers = offeredPlans(c.env);
  const plan = named ? offers.find((o) => o.plan === named)?.plan : defaultJoinPlan(offers);
  if (!plan) throw new HttpError(400, CHOOSE_PLAN, { plan: [CHOOSE_PLAN] });
  return plan;
}

export interface JoinAnswer {
  seat: Seat;
  payUrl?: string;
  cohortName: string;
}

/**
 * One member joins one cohort with one plan: seated (or waitlisted) when the plan costs them
 * nothing, else their seat is held 30 minutes and `payUrl` is where they pay. Joining again answers
 * the place they hold; whoever their old cohort's freed seat went to is mailed.
 */
async function join(c: Context<AppEnv>, auth: Auth, cohortId: string, plan: Plan): Promise<JoinAnswer> {
  const at = new Date();
  const paying = needsPayment(plan, currentPlan(auth.membership, at), signupPlan(c.env));
  const url = paying ? payUrl(c, plan, { userId: auth.user.id, email: auth.user.email }) : null;
  if (paying && !url) throw new HttpError(409, NOT_FOR_SALE, { plan: [NOT_FOR_SALE] });
  const hold = paying ? { until: new Date(at.getTime() + HOLD_MS).toISOString(), plan } : undefined;
  const joined = await joinCohort(c.get('db'), auth.user.id, cohortId, at.toISOString(), hold);
  if (!joined.ok) {
    if (joined.reason === 'no-cohort') throw new HttpError(404, COHORT_NOT_FOUND);
    throw new HttpError(409, CLOSED_COHORT);
  }
  if (joined.seatedFromWaitlist?.count) await mailSeatedFromWaitlist(c, joined.seatedFromWaitlist.cohortId, at.toISOString());
  const { place } = joined;
  // Nothing to pay while on the waitlist: the payment comes with a seat.
  const pay = url && place.seat !== 'waitlisted' ? { payUrl: url } : {};
  return { seat: place.seat, ...pay, cohortName: place.name };
}

async function renderJoin(c: Context<AppEnv>, single: boolean, failure: Failure | null = null): Promise<Response> {
  const db = c.get('db');
  const coachZone = coachTimeZone(c.env.COACH_TIME_ZONE);
  const today = coachToday(new Date(), coachZone);
  const [auth, all] = await Promise.all([loadAuth(c), listOpenCohorts(db, today)]);
  const id = cohortParam(c);
  const cohorts = single ? all.filter((cohort) => cohort.id === id) : all.filter((cohort) => cohort.startDate >= today);
  if (single && cohorts.length === 0)
    return renderPage(c, <NotFoundPage developerHint={false} />, { title: 'Page Not Found', status: 404 });
  const offers = offeredPlans(c.env);
  const asked = c.req.query('plan');
  const plan = offers.find((o) => o.plan === asked)?.plan ?? defaultJoinPlan(offers);
  const timeZone = auth ? userTimeZone(auth.user.timeZone) : coachZone;
  const zoneNote = auth ? `your time zone (${knownZone(timeZone)})` : `the coaches' time zone (${coachZone})`;
  const title = single ? `Join ${cohorts[0]!.name}` : 'Join';
  return renderPage(
    c,
    <JoinPage
      cohorts={cohorts}
      single={single}
      offers={offers}
      plan={plan}
      timeZone={timeZone}
      zoneNote={zoneNote}
      member={auth ? { email: auth.user.email, cohortId: auth.cohort?.id ?? null } : null}
      today={today}
      url={`${appOrigin(c)}${single ? `${PATHS.join}/${encodeURIComponent(id)}` : PATHS.join}`}
    />,
    {
      title,
      status: failure?.status,
      toast: failure && { title: 'Could not join', description: failure.message, variant: 'destructive' },
    },
  );
}

/** The 'Join' form: a visitor signs up (or logs in) first and comes back; a member joins, then pays or goes to the dashboard. */
async function joinForm(c: Context<AppEnv>): Promise<Response> {
  const input = await readInput(c, joinSchema);
  const render = (ctx: Context<AppEnv>, failure: Failure) => renderJoin(ctx, true, failure);
  if (!input.ok) return reject(c, input, render, { status: 400 });
  const cohortId = cohortParam(c);
  const auth = await loadAuth(c);
  const plan = input.value.plan && (PLANS as readonly string[]).includes(input.value.plan) ? input.value.plan : undefined;
  const back = `${PATHS.join}/${encodeURIComponent(cohortId)}${plan ? `?plan=${plan}` : ''}`;
  if (!auth) {
    setFlash(c, { toast: { title: 'Create your account', description: 'Sign up (or log in), then press Join again to take your place.' } });
    return c.redirect(`${PATHS.login}?tab=signup&next=${encodeURIComponent(back)}`, 303);
  }
  try {
    const answer = await join(c, auth, cohortId, wantedPlan(c, input.value.plan));
    if (answer.payUrl) return c.redirect(answer.payUrl, 303);
    setFlash(c, {
      toast:
        answer.seat === 'waitlisted'
          ? { title: `You joined ${answer.cohortName}`, description: 'You are on its waitlist: seats go first come, first served.' }
          : { title: `You joined ${answer.cohortName}`, description: 'You have a seat.' },
    });
    return c.redirect(PATHS.dashboard, 303);
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    return reject(c, input, render, { status: error.status as 400, message: error.message, fieldErrors: error.fieldErrors });
  }
}

/**
 * 'Upgrade' where the wall is (Next Steps, a page the plan does not open): the plan's Payment Link
 * with the member's `client_reference_id` and `prefilled_email`; a member who has that plan or
 * better is sent to Settings, which shows what they have. Only a redirect: nothing is written.
 */
function upgrade(c: Context<AppEnv>): Response {
  const auth = currentAuth(c);
  const plan = planNamed(c.req.param('plan'));
  const current = currentPlan(auth.membership);
  if (plan && current && planRank(current) >= planRank(plan)) {
    setFlash(c, { toast: { title: `You have ${PLAN_LABELS[current]}`, description: 'It includes everything of that plan.' } });
    return c.redirect(PATHS.settings, 303);
  }
  const offered = plan && offeredPlans(c.env).find((o) => o.plan === plan && o.paid);
  const url = offered ? payUrl(c, offered.plan, { userId: auth.user.id, email: auth.user.email }) : null;
  if (!url) {
    setFlash(c, { toast: { title: NOT_FOR_SALE, description: 'See the plans on offer.', variant: 'destructive' } });
    return c.redirect(PATHS.join, 303);
  }
  return c.redirect(url, 303);
}

export const joinRoutes = new Hono<AppEnv>()
  .get(`${PATHS.upgrade}/:plan`, requireUserPage(), upgrade)
  .get(PATHS.join, (c) => renderJoin(c, false))
  .get(`${PATHS.join}/:cohort`, (c) => renderJoin(c, true, takeFailure(c)))
  .post(`${PATHS.join}/:cohort`, joinForm)
  .get('/api/plans', (c) => c.json({ plans: offeredPlans(c.env) }))
  .post('/api/cohorts/:id/join', requireUserApi(), async (c) => {
    const auth = (await loadAuth(c))!;
    // No body at all is a join with the default plan.
    const raw = await c.req.text();
    const named = raw.trim() === '' ? undefined : await readInput(c, joinSchema);
    if (named && !named.ok) throw new HttpError(400, named.message, named.fieldErrors);
    const { seat, payUrl: url } = await join(c, auth, cohortParam(c), wantedPlan(c, named?.value.plan));
    return c.json(url ? { seat, payUrl: url } : { seat });
  });
