import { FALLBACK_USERNAME, nextUsername, usernameBase } from '../../src/domain/username';

describe('usernameBase', () => {
  it('joins the words of a name with underscores, in lowercase', () => {
    expect(usernameBase('Ana Lopez')).toBe('ana_lopez');
  });

  it('folds accents to ASCII', () => {
    expect(usernameBase('  José Ñúñez-Åström ')).toBe('jose_nunez_astrom');
  });

  it('collapses symbols and trims leading and trailing separators', () => {
    expect(usernameBase("--O'Brien & Sons!!")).toBe('o_brien_sons');
  });

  it('falls back to warrior when nothing ASCII is left', () => {
    expect(usernameBase('王小明')).toBe(FALLBACK_USERNAME);
    expect(usernameBase('!!!')).toBe('warrior');
  });

  it('keeps the base short enough for a suffix', () => {
    const base = usernameBase('Bartholomew Maximilian Worthington-Smythe');
    expect(base.length).toBeLessThanOrEqual(24);
    expect(base).toBe('bartholomew_maximilian_w');
  });
});

describe('nextUsername', () => {
  it('takes the base when it is free', () => {
    expect(nextUsername('ana_lopez', [])).toBe('ana_lopez');
    expect(nextUsername('ana_lopez', ['ana_lopez2'])).toBe('ana_lopez');
  });

  it('numbers from 2 once the base is taken', () => {
    expect(nextUsername('ana_lopez', ['ana_lopez'])).toBe('ana_lopez2');
  });

  it('goes one above the highest suffix in use', () => {
    expect(nextUsername('ana_lopez', ['ana_lopez', 'ana_lopez2', 'ana_lopez7', 'ana_lopez3'])).toBe('ana_lopez8');
  });

  it('ignores names that only share the prefix', () => {
    expect(nextUsername('ana', ['ana', 'ana_lopez', 'anabel9'])).toBe('ana2');
  });
});
