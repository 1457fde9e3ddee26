import { CHALLENGE_MESSAGES } from '@warriors/contracts';
import { EMPTY_CHALLENGE_FORM, timeLeftText, validateChallengeForm, type ChallengeFormValues } from './challenge-rules';

/** The browser's now in these checks; datetime-local texts are in the browser's zone, like now's. */
const NOW = new Date('2026-11-20T12:00');
const form = (start: string, end: string): ChallengeFormValues => ({ ...EMPTY_CHALLENGE_FORM, name: 'Dial Duel', start, end });

describe('validateChallengeForm: the date rules the server applies, with the same texts', () => {
  it.each([
    ['a start in year 0042', form('0042-03-01T09:00', '2026-12-08T09:00'), CHALLENGE_MESSAGES.dateWindow],
    ['a start in 1999', form('1999-12-31T09:00', '2026-12-08T09:00'), CHALLENGE_MESSAGES.dateWindow],
    ['an end more than 10 years ahead', form('2036-11-01T09:00', '2036-11-21T09:00'), CHALLENGE_MESSAGES.dateWindow],
    ['an end before the start', form('2026-12-08T09:00', '2026-12-01T09:00'), CHALLENGE_MESSAGES.endAfterStart],
    ['a challenge that has already ended', form('2026-11-01T09:00', '2026-11-19T09:00'), CHALLENGE_MESSAGES.endInPast],
    ['a length over 366 days', form('2026-12-01T09:00', '2027-12-03T09:00'), CHALLENGE_MESSAGES.tooLong],
  ])('refuses %s on create', (_case, values, message) => {
    expect(validateChallengeForm(values, NOW)).toEqual([message]);
  });

  it('accepts a new challenge that starts in the past and ends in the future, and one of exactly 366 days', () => {
    expect(validateChallengeForm(form('2026-11-20T11:00', '2026-11-27T11:00'), NOW)).toEqual([]);
    expect(validateChallengeForm(form('2026-12-01T09:00', '2027-12-02T09:00'), NOW)).toEqual([]);
  });

  it('refuses an edit that moves the start into the past, not one that keeps it', () => {
    const start = '2026-11-21T09:00';
    expect(validateChallengeForm(form('2026-11-20T09:00', '2026-11-27T09:00'), NOW, start)).toEqual([CHALLENGE_MESSAGES.startInPast]);
    expect(validateChallengeForm(form(start, '2026-11-28T09:00'), NOW, start)).toEqual([]);
  });
});

describe('timeLeftText', () => {
  const startAt = '2026-12-01T06:00:00Z';

  it('counts the days left of an active challenge, in agreement with the count', () => {
    expect(timeLeftText({ status: 'active', days_remaining: 5, start_at: startAt })).toBe('5 days remaining');
    expect(timeLeftText({ status: 'active', days_remaining: 1, start_at: startAt })).toBe('1 day remaining');
  });

  it('says when an upcoming challenge starts, not how long until it ends', () => {
    expect(timeLeftText({ status: 'upcoming', days_remaining: 33, start_at: startAt })).toBe('Starts Dec 1, 2026');
  });

  it('says an ended challenge has ended', () => {
    expect(timeLeftText({ status: 'ended', days_remaining: 0, start_at: startAt })).toBe('Challenge ended');
  });
});
