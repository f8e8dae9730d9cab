// /next-steps (docs/product.md#outbound-links): three ways to keep going after the challenge, then
// a closing message. The links come from configuration (docs/product.md#outbound-links), never from here.

import type { Auth } from '../data/auth-sessions';
import type { Webinar } from '../domain/webinars';
import { Shell } from './Shell';

function UpgradeLine({ upgrade }: { upgrade: Upgrades[keyof NextStepsLinks] }) {
  if (!upgrade) return null;
  if ('have' in upgrade) return <p className="offer-have">{upgrade.have}</p>;
  return (
    <a className="button button-outline" href={upgrade.href}>
      {upgrade.label}
    </a>
  );
}

export interface NextStepsLinks {
  mastermind: string;
  innerCircle: string;
  premium: string;
}

interface Offer {
  key: keyof NextStepsLinks;
  title: string;
  tagline: string;
  description: string;
  points: string[];
  action: string;
}

const OFFERS: readonly Offer[] = [
  {
    key: 'mastermind',
    title: 'Mastermind Pod',
    tagline: 'A small group of 5-7 people',
    description:
      'Keep the momentum with a few committed peers. Your pod meets regularly with a coach, shares wins and drift moments, and holds each other to the 90-day Legacy Map.',
    points: ['5-7 members, matched by goals', 'Regular coached pod calls', 'Accountability on your Keystone Arena'],
    action: 'Join a Mastermind Pod',
  },
  {
    key: 'innerCircle',
    title: 'Inner Circle',
    tagline: 'Ongoing coaching and community',
    description:
      'Go deeper with monthly coaching, the member community and every new training as it is released, so balance becomes a habit rather than a 4-week sprint.',
    points: ['Monthly group coaching', 'Member community', 'New trainings and replays'],
    action: 'Join the Inner Circle',
  },
  {
    key: 'premium',
    title: 'Premium',
    tagline: 'Support the work on Patreon',
    description:
      'Become a patron on Patreon for premium content: bonus lessons, worksheets and behind-the-scenes sessions, while supporting the coaches who run the challenge.',
    points: ['Bonus lessons and worksheets', 'Premium-only sessions', 'Billed and managed on Patreon'],
    action: 'Become a Patron',
  },
];

/** Each card's plan in Life7 (decision 41): an upgrade on its Payment Link, or what the member has. */
export type Upgrades = Partial<Record<keyof NextStepsLinks, { href: string; label: string } | { have: string }>>;

export function NextStepsPage({
  auth,
  webinars,
  links,
  upgrades = {},
}: {
  auth: Auth;
  webinars: Webinar[];
  links: NextStepsLinks;
  upgrades?: Upgrades;
}) {
  return (
    <Shell auth={auth} webinars={webinars} active="nextSteps">
      <div className="page-header">
        <div>
          <h1 className="page-title">Next Steps</h1>
          <p className="page-subtitle">The challenge is four weeks. The journey is longer: choose how you want to keep growing.</p>
        </div>
      </div>
      <ul className="offer-cards">
        {OFFERS.map((offer) => {
          const titleId = `offer-${offer.key}-title`;
          return (
            <li key={offer.key} className="card offer-card">
              <h2 id={titleId} className="card-title">
                {offer.title}
              </h2>
              <p className="card-subtitle">{offer.tagline}</p>
              <p>{offer.description}</p>
              <ul className="offer-points">
                {offer.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
              <a className="button button-primary" href={links[offer.key]} target="_blank" rel="noopener noreferrer">
                {offer.action}
                <span className="visually-hidden"> (opens in a new tab)</span>
                <span aria-hidden="true"> ↗</span>
              </a>
              <UpgradeLine upgrade={upgrades[offer.key]} />
            </li>
          );
        })}
      </ul>
      <section className="card card-highlight closing-message" aria-labelledby="closing-title">
        <h2 id="closing-title" className="card-title">
          Thank you for taking the challenge
        </h2>
        <p>
          Whatever you choose next, keep your Keystone Arena in view, check in each day and come back to your wheel. Small, steady steps
          across all seven arenas are what turn four weeks of work into a balanced life.
        </p>
      </section>
    </Shell>
  );
}
