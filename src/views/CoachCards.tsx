// 'From your coach' on the participant's dashboard (docs/product.md#nudges-and-announcements): the
// announcements to their cohort they have not dismissed, newest first. 'Dismiss' is a plain form
// post to the dashboard's own address, so it works without JavaScript.
import { PATHS } from '../paths';
import { CoachText } from './CoachText';

export interface CoachCardView {
  id: string;
  subject: string;
  body: string;
  createdAt: string;
}

/** The address 'Dismiss' posts to. */
function dismissAddress(announcementId: string): string {
  return `${PATHS.dashboard}?${new URLSearchParams({ announcement: announcementId })}`;
}

export function CoachCards({ cards, timeZone }: { cards: readonly CoachCardView[]; timeZone: string }) {
  if (cards.length === 0) return null;
  const date = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone });
  return (
    <section className="card coach-cards" aria-labelledby="coach-cards-title">
      <h2 id="coach-cards-title" className="card-title">
        From your coach
      </h2>
      {cards.map((card) => (
        <article key={card.id} className="coach-card" aria-labelledby={`coach-card-${card.id}`}>
          <h3 id={`coach-card-${card.id}`} className="coach-card-subject">
            {card.subject}
          </h3>
          <p className="muted small">
            <time dateTime={card.createdAt}>{date.format(new Date(card.createdAt))}</time>
          </p>
          <CoachText text={card.body} />
          <form method="post" action={dismissAddress(card.id)}>
            <button type="submit" className="button button-outline button-small" aria-describedby={`coach-card-${card.id}`}>
              Dismiss
            </button>
          </form>
        </article>
      ))}
    </section>
  );
}
