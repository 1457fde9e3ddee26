import { SCORED_ACTIVITY_TYPES } from '@warriors/contracts';
import { CATALOG, catalogCampaign, customBonus, goalCount, targetPointValue } from '../../src/domain/catalog';

describe('the catalog of spec point 9', () => {
  it.each([
    [1, 'Sprint Week', 100, 5],
    [2, 'Doorknock Blitz', 30, 3],
    [3, 'Email Marathon', 50, 7],
    [4, 'The Hustler', 110, 7],
    [5, 'Referral Champion', 15, 30],
    [6, 'Mail Master', 100, 14],
    [10, 'Power Prospecting Day', 75, 1],
    [11, 'Power Week', 400, 7],
    [12, 'Power Month', 1500, 30],
    [13, 'Power Quarter', 4500, 90],
    [14, 'Power Year', 18000, 365],
  ])('campaign %i is %s: %i in %i days', (id, name, count, days) => {
    const campaign = catalogCampaign(id)!;
    expect(campaign).toMatchObject({ name, durationDays: days, creatorId: null });
    expect(goalCount(campaign.target)).toBe(count);
    expect(campaign.badgeName).not.toBeNull();
  });

  it('has exactly those eleven, ids 7-9 free', () => {
    expect(CATALOG.map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6, 10, 11, 12, 13, 14]);
  });

  it('asks The Hustler for 10 of each of the 11 scored types', () => {
    const hustler = catalogCampaign(4)!.target;
    expect(hustler).toEqual({ kind: 'types', goals: SCORED_ACTIVITY_TYPES.map((type) => ({ type, count: 10 })) });
  });

  it('pays prebuilt bonuses of 25-100 and power bonuses of a fifth of the target', () => {
    for (const c of CATALOG.filter((c) => c.kind === 'prebuilt')) expect(c.bonusPoints).toBeGreaterThanOrEqual(25);
    for (const c of CATALOG.filter((c) => c.kind === 'prebuilt')) expect(c.bonusPoints).toBeLessThanOrEqual(100);
    expect(CATALOG.filter((c) => c.kind === 'power').map((c) => c.bonusPoints)).toEqual([15, 80, 300, 900, 3600]);
  });
});

describe('custom bonus', () => {
  it('is a tenth of the target point value, rounded down', () => {
    const target = {
      kind: 'types' as const,
      goals: [
        { type: 'meeting' as const, count: 2 },
        { type: 'cold_call' as const, count: 9 },
      ],
    };
    expect(targetPointValue(target)).toBe(29);
    expect(customBonus(target)).toBe(2);
    expect(customBonus({ kind: 'types', goals: [{ type: 'cold_call', count: 5 }] })).toBe(0);
  });
});
