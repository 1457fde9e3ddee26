import type { RecentActivity } from '@warriors/contracts';
import { groupFeed } from './feed-lines';

let rows = 0;
const row = (overrides: Partial<RecentActivity>): RecentActivity => ({
  id: `entry-${++rows}`,
  user_id: 'u-1',
  name: 'Sam Whitfield',
  username: 'sam',
  activity_type: 'cold_call',
  quantity: 1,
  points: 1,
  created_at: '2026-11-25T15:00:00',
  company: null,
  city: null,
  state: null,
  rank: null,
  kudos: 0,
  kudos_given: false,
  ...overrides,
});

describe('groupFeed', () => {
  it('merges a run of one broker’s entries of one type, counting quantities and points, at the newest time', () => {
    const lines = groupFeed([
      row({ created_at: '2026-11-25T15:05:00' }),
      row({ created_at: '2026-11-25T15:04:00', quantity: 12, points: 12 }),
      row({ created_at: '2026-11-25T15:03:00' }),
      row({ user_id: 'u-2', name: 'Marcus Reed', username: 'marcus', activity_type: 'meeting', points: 10 }),
      row({ created_at: '2026-11-25T14:00:00' }),
    ]);
    expect(lines.map(({ user_id, activity_type, quantity, points, created_at }) => ({ user_id, activity_type, quantity, points, created_at }))).toEqual([
      { user_id: 'u-1', activity_type: 'cold_call', quantity: 14, points: 14, created_at: '2026-11-25T15:05:00' },
      { user_id: 'u-2', activity_type: 'meeting', quantity: 1, points: 10, created_at: '2026-11-25T15:00:00' },
      { user_id: 'u-1', activity_type: 'cold_call', quantity: 1, points: 1, created_at: '2026-11-25T14:00:00' },
    ]);
  });

  it('keeps different types of one broker apart', () => {
    expect(groupFeed([row({}), row({ activity_type: 'email' })])).toHaveLength(2);
  });

  it('sums a run’s kudos, given when the viewer gave any of its entries, new ones going to its newest entry', () => {
    const [run, alone] = groupFeed([row({ id: 'newest', kudos: 1 }), row({ id: 'older', kudos: 2, kudos_given: true }), row({ id: 'other', user_id: 'u-2', kudos: 0 })]);
    expect(run).toMatchObject({ key: 'newest', entryId: 'newest', kudos: 3, kudos_given: true });
    expect(alone).toMatchObject({ key: 'other', entryId: 'other', kudos: 0, kudos_given: false });
  });
});
