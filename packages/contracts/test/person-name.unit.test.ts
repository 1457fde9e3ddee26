import { personName } from '@warriors/contracts';

describe('personName', () => {
  it('shows the first name plus the last initial', () => {
    expect(personName('Ana Silva', 'ana')).toBe('Ana S.');
    expect(personName('  Maria  de la  cruz ', 'maria')).toBe('Maria C.');
  });

  it('shows a one-word name as is, and the username without a name', () => {
    expect(personName('Cher', 'cher')).toBe('Cher');
    expect(personName('', 'ghost_rider')).toBe('ghost_rider');
    expect(personName('   ', 'ghost_rider')).toBe('ghost_rider');
    expect(personName(null, 'ghost_rider')).toBe('ghost_rider');
  });
});
