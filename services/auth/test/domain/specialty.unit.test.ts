import { normalizeSpecialty, ProfileUpdateBody, titleCaseSpecialty } from '@warriors/contracts';

describe('specialty normalisation', () => {
  it.each([
    ['Office Leasing', 'office_leasing'],
    ['  Industrial / Flex  ', 'industrial_flex'],
    ['MULTI-family', 'multi_family'],
    ['retail', 'retail'],
  ])('stores %j as %j', (input, stored) => {
    expect(normalizeSpecialty(input)).toBe(stored);
  });

  it('shows the stored form title-cased', () => {
    expect(titleCaseSpecialty('office_leasing')).toBe('Office Leasing');
  });

  it('is applied by the profile update contract, and blank or symbol-only text clears it', () => {
    expect(ProfileUpdateBody.parse({ specialty: 'Net Lease Investments' }).specialty).toBe('net_lease_investments');
    expect(ProfileUpdateBody.parse({ specialty: '  ' }).specialty).toBeNull();
    expect(ProfileUpdateBody.parse({ specialty: '***' }).specialty).toBeNull();
  });
});
