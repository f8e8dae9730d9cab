// The Next Steps cards' upgrades (decision 41, docs/product.md#joining-and-paying): each card's
// plan on its Payment Link (through /upgrade/{plan}), or, for a member on that plan or better,
// what they have.
import type { PlanOffer } from '../domain/plan-offers';
import { PLAN_LABELS, type Plan, planRank } from '../domain/plans';
import { PATHS } from '../paths';
import type { Upgrades } from '../views/NextStepsPage';

const CARD_PLANS = { mastermind: 'mastermind', innerCircle: 'inner_circle', premium: 'premium' } as const satisfies Record<string, Plan>;

export function nextStepsUpgrades(current: Plan | null, offers: readonly PlanOffer[]): Upgrades {
  const upgrades: Upgrades = {};
  for (const [key, plan] of Object.entries(CARD_PLANS) as [keyof typeof CARD_PLANS, Plan][]) {
    if (current && planRank(current) >= planRank(plan)) {
      upgrades[key] = { have: `You have ${PLAN_LABELS[current]}: this is included.` };
      continue;
    }
    const offer = offers.find((o) => o.plan === plan && o.paid);
    if (offer) upgrades[key] = { href: `${PATHS.upgrade}/${plan}`, label: `Upgrade to ${PLAN_LABELS[plan]} · ${offer.price}` };
  }
  return upgrades;
}
