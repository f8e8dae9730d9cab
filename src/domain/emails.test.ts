import { describe, expect, it } from 'vitest';
import { cohortSeatMail } from './emails';

const weekly = { name: 'January 2027', startDate: '2027-01-04', pacing: 'weekly' as const };
const link = 'https://life7.example/dashboard';

describe('the seat mail', () => {
  it('says what opens and when, before the start', () => {
    const mail = cohortSeatMail(weekly, '2026-12-20', link);
    expect(mail.subject).toBe('You have a seat in January 2027');
    expect(mail.text).toContain(
      'January 2027 starts on Mon, Jan 4, 2027. It runs week by week: Session 1 is open now; Session 2 on Mon, Jan 11, 2027, Session 3 on Mon, Jan 18, 2027 and Session 4 on Mon, Jan 25, 2027 open at midnight where you live, each once you have completed the one before.',
    );
    expect(mail.text).toContain(link);
  });

  it('counts the sessions already open once the cohort runs', () => {
    expect(cohortSeatMail(weekly, '2027-01-12', link).text).toContain(
      'January 2027 started on Mon, Jan 4. It runs week by week: Sessions 1 and 2 are open now; Session 3 on Mon, Jan 18 and Session 4 on Mon, Jan 25 open at midnight',
    );
    expect(cohortSeatMail(weekly, '2027-01-20', link).text).toContain(
      'Sessions 1, 2 and 3 are open now; Session 4 on Mon, Jan 25 opens at midnight',
    );
    expect(cohortSeatMail(weekly, '2027-01-30', link).text).toContain('Sessions 1, 2, 3 and 4 are open now, each once');
  });

  it('says self-paced plainly', () => {
    expect(cohortSeatMail({ ...weekly, pacing: 'self-paced' }, '2027-01-01', link).text).toContain(
      'It is self-paced: all four sessions are yours now, each opening as you complete the one before.',
    );
  });
});
