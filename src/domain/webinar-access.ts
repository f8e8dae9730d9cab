// Who may see the webinar join link (decision 26): signed-in members with an active plan. Everyone
// else (anonymous visitors, members whose plan ended, accounts with no membership) gets the
// schedule without it, taken out of the data on the server, so no page, dialog or calendar file
// can show it. Pure: callers pass the viewer's membership (null when signed out).
import { hasAccess, type MembershipLike } from './plans';
import type { Webinar } from './webinars';

/** An active plan, of any kind: every plan opens the challenge. */
export function mayJoinWebinars(membership: MembershipLike | null | undefined): boolean {
  return hasAccess(membership, 'challenge');
}

/** The webinars as this viewer may see them: copies without the join link unless they may join. */
export function webinarsForViewer<W extends Pick<Webinar, 'joinUrl'>>(
  webinars: readonly W[],
  membership: MembershipLike | null | undefined,
): W[] {
  if (mayJoinWebinars(membership)) return [...webinars];
  return webinars.map((webinar) => (webinar.joinUrl === null ? webinar : { ...webinar, joinUrl: null }));
}
