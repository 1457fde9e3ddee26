import { PULSE_LIMIT } from '@warriors/contracts';
import { forTheseTests } from '@warriors/test-support';
import { startSocial } from '../support/harness';

// A service of its own: the test reads the whole pulse, so no other test's lines may be in it.
const social = forTheseTests(() => startSocial({ nudgesPerMinute: 100 }));

describe('nudges in the battle pulse', () => {
  it('fill at most a quarter of the list while older achievements wait below them, and any room nobody else needs', async () => {
    const s = social.current;
    const maria = await s.register();
    const fans = [await s.register(), await s.register(), await s.register()];
    for (let i = 0; i < 16; i += 1) {
      s.clock.advance(1000);
      await s.bus.publish(s.event('badge.earned', { user_id: maria.id, badge_type: 'first_meeting', name: `Badge ${i}`, repeat_count: 1, earned_at: s.clock.now().toISOString() }));
    }
    s.clock.advance(1000);
    await s.publishAndSettle(
      s.event('badge.earned', { user_id: maria.id, badge_type: 'first_meeting', name: 'Badge 16', repeat_count: 1, earned_at: s.clock.now().toISOString() }),
    );
    for (let i = 0; i < 30; i += 1) {
      s.clock.advance(1000);
      const fan = fans[i % fans.length]!;
      expect((await s.call('POST', '/api/nudges', { token: fan.token, body: { type: i % 2 ? 'cheer' : 'props', to_user_id: maria.id } })).status).toBe(201);
    }

    const pulse = await s.pulse(maria, PULSE_LIMIT);
    expect(pulse).toHaveLength(20);
    expect(pulse.slice(0, 5).map((line) => line.type)).toEqual(Array(5).fill('encourage'));
    expect(pulse.slice(0, 5).map((line) => line.user_id)).toEqual([fans[2]!.id, fans[1]!.id, fans[0]!.id, fans[2]!.id, fans[1]!.id]);
    expect(pulse.slice(5).map((line) => line.message)).toEqual(Array.from({ length: 15 }, (_, i) => `earned the Badge ${16 - i} badge`));

    const short = await s.pulse(maria, 4);
    expect(short.map((line) => line.type)).toEqual(['encourage', 'achievement', 'achievement', 'achievement']);

    // 17 achievements leave 83 of 100 places, more than the 30 nudges need.
    const all = await s.pulse(maria, 100);
    expect(all.filter((line) => line.type === 'encourage')).toHaveLength(30);
    expect(all).toHaveLength(47);
  });
});
