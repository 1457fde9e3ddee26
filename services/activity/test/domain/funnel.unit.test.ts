import { funnelMetrics, percent } from '../../src/domain/funnel';

describe('percent', () => {
  it('rounds to one decimal and answers 0 for a zero denominator', () => {
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(2, 3)).toBe(66.7);
    expect(percent(1, 8)).toBe(12.5);
    expect(percent(3, 0)).toBe(0);
    expect(percent(5, 5)).toBe(100);
  });
});

describe('funnelMetrics', () => {
  it('divides conversations by calls, meetings by conversations, and both by all outreach', () => {
    const metrics = funnelMetrics('7d', {
      cold_call: 40,
      email: 30,
      doorknock: 10,
      direct_mail: 12,
      social_media: 5,
      newsletter_sent: 3,
      live_conversation: 6,
      meeting: 2,
      // Follow-up, not outreach: must not change total_outreach.
      referral_source_call: 9,
      past_client: 4,
      thank_you_card: 7,
    });
    expect(metrics).toEqual({
      window: '7d',
      ratios: { call_to_convo: 15, convo_to_meeting: 33.3, outreach_to_convo: 6, overall_conversion: 2 },
      total_outreach: 100,
      live_conversations: 6,
      meetings: 2,
      cold_calls: 40,
    });
  });

  it('answers zeros with no activity', () => {
    expect(funnelMetrics('today', {})).toEqual({
      window: 'today',
      ratios: { call_to_convo: 0, convo_to_meeting: 0, outreach_to_convo: 0, overall_conversion: 0 },
      total_outreach: 0,
      live_conversations: 0,
      meetings: 0,
      cold_calls: 0,
    });
  });

  it('answers 0 for a ratio whose denominator is 0 while others are defined', () => {
    const metrics = funnelMetrics('30d', { email: 20, meeting: 1 });
    expect(metrics.ratios).toEqual({ call_to_convo: 0, convo_to_meeting: 0, outreach_to_convo: 0, overall_conversion: 5 });
  });
});
