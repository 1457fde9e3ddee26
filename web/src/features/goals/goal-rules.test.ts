import { GOAL_MESSAGES } from '@warriors/contracts';
import { campaign, campaignList } from '../../../test/fixtures';
import {
  campaignBody,
  campaignCountAtSubmit,
  categoryPercent,
  dashboardCountOnBlur,
  dashboardGoals,
  hasDailyGoal,
  recommendationsFor,
  recordDailyGoal,
  validateCampaignForm,
  validateDashboardGoal,
} from './goal-rules';

const NOW = new Date('2026-11-23T15:00:00Z');

describe('progress', () => {
  it("adds up a period's active goals for its ring, and has none for an empty period", () => {
    const active = [
      campaign({ duration_days: 7, progress: 10, goal_count: 40 }),
      campaign({ duration_days: 5, progress: 90, goal_count: 60 }),
      campaign({ duration_days: 1, progress: 1, goal_count: 4 }),
    ];
    // The beaten goal counts for its target only: (10 + 60) / 100.
    expect(categoryPercent(active, 'weekly')).toBe(70);
    expect(categoryPercent(active, 'daily')).toBe(25);
    expect(categoryPercent(active, 'annual')).toBeNull();
  });
});

describe('the logging lock', () => {
  // Set at 09:23 in Chicago on 11-23; its day ends at midnight there, 06:00 UTC on 11-24.
  const today = { started_at: '2026-11-23T15:23:00Z', ends_at: '2026-11-24T06:00:00Z' };

  it('opens with an active 1-day goal only', () => {
    expect(hasDailyGoal(campaignList({ active: [campaign({ duration_days: 1, ...today })] }), NOW)).toBe(true);
    expect(hasDailyGoal(campaignList({ active: [campaign({ duration_days: 7, ...today })] }), NOW)).toBe(false);
  });

  it('locks again at the end of the goal’s day, on a dashboard left open overnight (before the list is fetched again)', () => {
    const list = campaignList({ active: [campaign({ duration_days: 1, ...today })] });
    expect(hasDailyGoal(list, new Date('2026-11-24T05:59:59.999Z'))).toBe(true);
    expect(hasDailyGoal(list, new Date('2026-11-24T06:00:00Z'))).toBe(false);
  });

  it("stays open after today's goal is finished, until its day is over", () => {
    const finished = campaign({ status: 'completed', ends_at: '2026-11-24T10:00:00Z' });
    expect(hasDailyGoal(campaignList({ completed: [finished] }), NOW)).toBe(true);
    expect(hasDailyGoal(campaignList({ completed: [finished] }), new Date('2026-11-24T10:00:00Z'))).toBe(false);
  });
});

describe('dashboard Add Goal', () => {
  it('sends only counts above 0, at most 1000, and asks for one otherwise', () => {
    expect(dashboardGoals({ email: '0', cold_call: '3', meeting: '' })).toEqual([{ type: 'cold_call', count: 3 }]);
    expect(dashboardCountOnBlur('1500')).toBe('1000');
    expect(dashboardCountOnBlur('12')).toBe('12');
    expect(validateDashboardGoal({ email: '0' })).toEqual([GOAL_MESSAGES.selectActivityWithCount]);
    expect(validateDashboardGoal({})).toEqual([GOAL_MESSAGES.selectActivityWithCount]);
  });
});

describe('goals screen custom campaign', () => {
  it('sends a count still blank at submit as 10', () => {
    expect(campaignCountAtSubmit('')).toBe(10);
    expect(campaignBody({ name: ' Blitz ', duration: '7', selection: { doorknock: '', email: '30' } })).toEqual({
      name: 'Blitz',
      duration_days: 7,
      goals: [
        { type: 'email', count: 30 },
        { type: 'doorknock', count: 10 },
      ],
    });
  });

  it('needs a name, an activity and a duration of 1-365', () => {
    expect(validateCampaignForm({ name: ' ', duration: '0', selection: {} })).toEqual([GOAL_MESSAGES.campaignName, GOAL_MESSAGES.selectActivityType, GOAL_MESSAGES.duration]);
    expect(validateCampaignForm({ name: 'Blitz', duration: '365', selection: { email: '5' } })).toEqual([]);
  });
});

describe('goal recommendation', () => {
  it('scales the daily goal by 7, 30 and 365, within the 10000 a goal allows', () => {
    const [weekly, monthly, yearly] = recommendationsFor([{ type: 'cold_call', count: 50 }]);
    expect(weekly).toEqual({ period: 'weekly', durationDays: 7, goals: [{ type: 'cold_call', count: 350 }] });
    expect(monthly?.goals).toEqual([{ type: 'cold_call', count: 1500 }]);
    expect(yearly).toEqual({ period: 'yearly', durationDays: 365, goals: [{ type: 'cold_call', count: 10000 }] });
  });

  it('is offered from the second daily goal, once, per user', () => {
    localStorage.clear();
    expect(recordDailyGoal('u-1')).toBe(false);
    expect(recordDailyGoal('u-1')).toBe(true);
    expect(recordDailyGoal('u-1')).toBe(false);
    expect(recordDailyGoal('u-2')).toBe(false);
  });
});
