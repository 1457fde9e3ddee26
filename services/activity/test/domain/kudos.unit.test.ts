import { kudosRefusal } from '../../src/domain/kudos';

describe('kudosRefusal', () => {
  const entry = { user_id: 'u-owner', show_in_battle_pulse: true };

  it('lets anyone else give kudos to a shown entry', () => {
    expect(kudosRefusal(entry, 'u-other')).toBeNull();
  });

  it('refuses one’s own entry', () => {
    expect(kudosRefusal(entry, 'u-owner')).toBe('own_entry');
  });

  it('finds no unknown entry, nor a hidden user’s (the feed never offers it)', () => {
    expect(kudosRefusal(undefined, 'u-other')).toBe('not_found');
    expect(kudosRefusal({ ...entry, show_in_battle_pulse: false }, 'u-other')).toBe('not_found');
    expect(kudosRefusal({ ...entry, show_in_battle_pulse: false }, 'u-owner')).toBe('not_found');
  });
});
