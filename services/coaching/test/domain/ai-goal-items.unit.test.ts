import { aiGoalItems, CreateCampaignBody, DASHBOARD_COUNT_MAX, type AiGoalTargets } from '@warriors/contracts';

const none: AiGoalTargets = { points_target: 0, calls: 0, conversations: 0, meetings_set: 0, emails: 0, referrals_pastclients: 0, thank_you_cards: 0, social_actions: 0 };

describe("aiGoalItems: the recommended goal as a 1-day goal's activities (spec point 9)", () => {
  it('maps every target to its activity and leaves zero targets out', () => {
    expect(aiGoalItems({ ...none, points_target: 150, calls: 40, conversations: 6, meetings_set: 1, emails: 10, thank_you_cards: 2, social_actions: 3 })).toEqual([
      { type: 'cold_call', count: 40 },
      { type: 'live_conversation', count: 6 },
      { type: 'meeting', count: 1 },
      { type: 'email', count: 10 },
      { type: 'thank_you_card', count: 2 },
      { type: 'social_media', count: 3 },
    ]);
  });

  it.each([
    [1, [{ type: 'referral_source_call', count: 1 }]],
    [
      2,
      [
        { type: 'referral_source_call', count: 1 },
        { type: 'past_client', count: 1 },
      ],
    ],
    [
      5,
      [
        { type: 'referral_source_call', count: 3 },
        { type: 'past_client', count: 2 },
      ],
    ],
  ])('splits %i referrals and past clients, the referral half rounded up', (count, items) => {
    expect(aiGoalItems({ ...none, referrals_pastclients: count })).toEqual(items);
  });

  it('is a body POST /api/campaigns accepts as a 1-day goal', () => {
    const goals = aiGoalItems({ ...none, calls: DASHBOARD_COUNT_MAX, emails: 4 });
    expect(CreateCampaignBody.safeParse({ name: "Today's AI goal", duration_days: 1, goals }).success).toBe(true);
  });
});
