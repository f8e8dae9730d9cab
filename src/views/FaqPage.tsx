// /faq (docs/product.md#route-table): questions and answers about the challenge, plans, webinars and
// privacy. Each answer is a <details>, so it opens without JavaScript and from the keyboard.
import type { ReactNode } from 'react';
import type { Auth } from '../data/auth-sessions';
import { CHECK_IN_TEXT_MAX } from '../domain/check-ins';
import { PLAN_LABELS } from '../domain/plans';
import { PRODUCT_NAME, PRODUCT_SLUG } from '../domain/product';
import type { Webinar } from '../domain/webinars';
import { CALENDAR_FILE, PATHS } from '../paths';
import { Shell } from './Shell';

interface Question {
  q: string;
  a: ReactNode;
}

interface Section {
  id: string;
  title: string;
  questions: Question[];
}

const SECTIONS: readonly Section[] = [
  {
    id: 'faq-challenge',
    title: 'The challenge',
    questions: [
      {
        q: 'How does the 4-week challenge work?',
        a: (
          <>
            There is one session a week for four weeks: Wheel of Truth, Break the Chains, Fuel &amp; Accelerate and The {PRODUCT_NAME} Path.
            Sessions open in order: each one unlocks when the one before it is complete. You can see where you are on the{' '}
            <a href={PATHS.sessions}>Sessions</a> page.
          </>
        ),
      },
      {
        q: 'What are the 70 questions in Session 1?',
        a: 'Session 1 asks 10 questions for each of the seven arenas (Faith, Family, Fitness, Finance, Field, Friends and Fun). You rate each from 1 (Low / Least True) to 10 (High / Most True). Each arena scores the average of its 10 answers, and your total is out of 70.',
      },
      {
        q: 'What is my Keystone Arena?',
        a: 'It is the one arena you focus on for the next 90 days. We suggest your lowest-scoring arena (on a tie, the one that comes first in the list), and you can choose another before you confirm. Sessions 2-4 build on it.',
      },
      {
        q: 'Can I retake the assessment?',
        a: 'Yes. Retaking Session 1 asks first, then saves a new wheel without erasing the old one: every completed wheel is kept with its date, and the Summary compares your first wheel with your latest.',
      },
      {
        q: 'Can I change my answers after completing a session?',
        a: "Yes. A completed session opens read-only with its completion date and an 'Edit answers' button. Saving your edits keeps the original completion date.",
      },
      {
        q: 'How do daily check-ins and streaks work?',
        a: `Once a day, note your mood from 1 to 10, a drift moment and a win (each up to ${CHECK_IN_TEXT_MAX} characters). There is one check-in per day: checking in again the same day updates it. Your streak counts the days in a row you checked in, ending today or yesterday, so it stays alive until the end of the day after your last check-in.`,
      },
      {
        q: 'Which time zone decides what "today" is?',
        a: 'Yours. Your check-in is filed under the calendar day where you are, as your browser reports it, so checking in at 11:59 PM counts for that day wherever you live, and daylight-saving changes never skip or double a day.',
      },
    ],
  },
  {
    id: 'faq-plans',
    title: 'Plans and membership',
    questions: [
      {
        q: 'What does each plan include?',
        a: (
          <ul>
            <li>
              <strong>{PLAN_LABELS.challenge}</strong>: the full 4-week challenge: sessions, check-ins, your summary, Next Steps and the
              weekly webinars.
            </li>
            <li>
              <strong>{PLAN_LABELS.premium}</strong>: everything in the challenge, plus premium content.
            </li>
            <li>
              <strong>{PLAN_LABELS.inner_circle}</strong>: everything in Premium, plus the Inner Circle.
            </li>
            <li>
              <strong>{PLAN_LABELS.mastermind}</strong>: everything, including your Mastermind Pod.
            </li>
          </ul>
        ),
      },
      {
        q: "Why is a menu item greyed out with 'Requires … plan'?",
        a: 'That part of the app needs a plan you do not have yet. Hover over or focus the item to see which plan opens it; Next Steps shows how to join.',
      },
      {
        q: 'What happens if my membership expires or is cancelled?',
        a: 'An expired or cancelled membership opens nothing, and your plan badge reads "No Plan". Your data is kept: renew and everything is where you left it.',
      },
      {
        q: 'I paid but my plan has not changed. What now?',
        a: 'Payments are matched to your account by email address, once you have verified that address (use the link in the email we sent, or resend it from the banner). If you paid with a different address than the one you sign in with, change your address to that one on Settings (it is confirmed by the link we send there), or contact the team.',
      },
    ],
  },
  {
    id: 'faq-webinars',
    title: 'Webinars',
    questions: [
      {
        q: 'When are the coaching webinars?',
        a: 'Every Tuesday at 6:00 PM Pacific time (PST in winter, PDT in summer). The dashboard and the Join Webinar button list the upcoming sessions with their dates.',
      },
      {
        q: 'How do I join?',
        a: "Use 'Join Now' in the webinar dialog. The meeting link is posted before each session; until then the button says so.",
      },
      {
        q: 'Can I add the sessions to my calendar?',
        a: `Yes: the dialog has Google, Apple and Outlook buttons and a calendar file (${CALENDAR_FILE}) with every upcoming session.`,
      },
      {
        q: 'I missed a session. Is there a replay?',
        a: (
          <>
            Past sessions are listed on the <a href={PATHS.replays}>Replays</a> page, with a recording link once the coaches have posted it.
          </>
        ),
      },
    ],
  },
  {
    id: 'faq-privacy',
    title: 'Your data and privacy',
    questions: [
      {
        q: 'Who owns my answers?',
        a: 'You do. Your answers, reflections, wheels and check-ins are yours and are used only to run the challenge for you. Admins see your account, your plan and how many sessions you have completed.',
      },
      {
        q: 'Can I download my data?',
        a: (
          <>
            Yes. &lsquo;Download My Progress&rsquo; on <a href={PATHS.settings}>Settings</a> or the <a href={PATHS.summary}>Summary</a> page
            saves everything you entered (account details, plan, all four sessions, every wheel, every check-in and your reminder choices)
            as a file named <code>{PRODUCT_SLUG}-progress-YYYY-MM-DD.json</code>.
          </>
        ),
      },
      {
        q: 'How do I change my name or email address?',
        a: (
          <>
            On <a href={PATHS.settings}>Settings</a>. A new email address gets a link, and becomes your sign-in address once you open it;
            your old address is told, with a way to cancel the change if it was not you.
          </>
        ),
      },
      {
        q: 'How do I delete my account, and what happens then?',
        a: (
          <>
            On <a href={PATHS.settings}>Settings</a>, under &lsquo;Delete Account&rsquo;: type delete and your password. Everything goes
            with it at once: your progress, wheel history, check-ins, reminders and sign-in sessions are removed, not just hidden, and you
            are signed out on every device. A subscription you pay through Stripe or Patreon is not cancelled by it: cancel it there.{' '}
            <a href={PATHS.privacy}>What we store, and for how long</a>.
          </>
        ),
      },
      {
        q: 'How is my password stored?',
        a: 'Never as written: only a salted scrypt hash is kept, so nobody, including us, can read it. Changing or resetting your password signs out your other devices, and reset links work once, for one hour.',
      },
      {
        q: 'Can I start over?',
        a: "Open a completed session and choose 'Edit answers' to change what you wrote. In Session 1, 'Retake Assessment' scores your wheel again; your first wheel is kept, so your summary can show how far you have come.",
      },
    ],
  },
];

export function FaqPage({ auth, webinars }: { auth: Auth; webinars: Webinar[] }) {
  return (
    <Shell auth={auth} webinars={webinars}>
      <div className="page-header">
        <div>
          <h1 className="page-title">Frequently Asked Questions</h1>
          <p className="page-subtitle">How the challenge, plans, webinars and your data work.</p>
        </div>
      </div>
      <nav aria-label="FAQ sections" className="faq-toc">
        {SECTIONS.map((section) => (
          <a key={section.id} href={`#${section.id}`}>
            {section.title}
          </a>
        ))}
      </nav>
      {SECTIONS.map((section) => (
        <section key={section.id} id={section.id} className="faq-section" aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`} className="section-title">
            {section.title}
          </h2>
          {section.questions.map(({ q, a }) => (
            <details key={q} className="faq-item">
              <summary>{q}</summary>
              <div className="faq-answer">{a}</div>
            </details>
          ))}
        </section>
      ))}
    </Shell>
  );
}
