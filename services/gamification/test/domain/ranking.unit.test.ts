import { gapToPass, nextAbove, rankChange, ranksAbove, visibleRank, visibleTop } from '../../src/domain/ranking';

const r = (member: string, score: number) => ({ member, score });
const all = () => true;

describe('ranksAbove', () => {
  it('orders by score, then by member id descending like Redis', () => {
    expect(ranksAbove(r('a', 5), r('b', 4))).toBe(true);
    expect(ranksAbove(r('b', 5), r('a', 5))).toBe(true);
    expect(ranksAbove(r('a', 5), r('b', 5))).toBe(false);
    expect(ranksAbove(r('a', 5), r('a', 5))).toBe(false);
  });
});

describe('visibleTop', () => {
  it('ranks visible members with points by position, skipping hidden ones', () => {
    const members = [r('a', 9), r('hidden', 8), r('b', 8), r('c', 0)];
    expect(visibleTop(members, (m) => m !== 'hidden', 20)).toEqual([
      { member: 'a', score: 9, rank: 1 },
      { member: 'b', score: 8, rank: 2 },
    ]);
  });

  it('stops at the size', () => {
    expect(visibleTop([r('a', 3), r('b', 2), r('c', 1)], all, 2).map((m) => m.member)).toEqual(['a', 'b']);
  });
});

describe('visibleRank', () => {
  it('is the store position plus one without hidden members', () => {
    expect(visibleRank(0, [])).toBe(1);
    expect(visibleRank(4, [])).toBe(5);
  });

  it('does not count hidden members above, nor hidden members below or absent', () => {
    expect(visibleRank(4, [1, 3, 6, null])).toBe(3);
  });
});

describe('nextAbove and gapToPass', () => {
  const me = r('m', 10);

  it('finds the lowest-ranked visible member above', () => {
    const next = nextAbove([r('x', 30), r('y', 12), r('z', 9), me], me, all);
    expect(next).toEqual(r('y', 12));
    expect(gapToPass(next!, me)).toBe(3);
  });

  it('skips hidden members', () => {
    expect(nextAbove([r('x', 30), r('y', 12)], me, (m) => m !== 'y')).toEqual(r('x', 30));
  });

  it('counts a tie ranked above by id as one point away', () => {
    const next = nextAbove([r('z', 10), r('a', 10)], me, all);
    expect(next).toEqual(r('z', 10));
    expect(gapToPass(next!, me)).toBe(1);
  });

  it('is null for the first', () => {
    expect(nextAbove([r('a', 9), me], me, all)).toBeNull();
  });
});

describe('rankChange', () => {
  const names = new Map([
    ['p', 'pat'],
    ['q', 'quinn'],
  ]);

  it('lists the passed users with usernames and counts them as positions gained', () => {
    expect(rankChange('me', [r('p', 7), r('q', 6)], (m) => names.get(m), 2)).toEqual({
      new_rank: 2,
      positions_gained: 2,
      passed_users: [
        { id: 'p', username: 'pat' },
        { id: 'q', username: 'quinn' },
      ],
    });
  });

  it('leaves out members it cannot name (hidden or unknown) and the author', () => {
    expect(rankChange('me', [r('p', 7), r('ghost', 6), r('me', 6)], (m) => names.get(m), 3)?.passed_users).toEqual([{ id: 'p', username: 'pat' }]);
  });

  it('is null when nobody was passed', () => {
    expect(rankChange('me', [], (m) => names.get(m), 1)).toBeNull();
  });
});
