import { normalizeSpecialty, ProfileUpdateBody, titleCaseSpecialty } from '@warriors/contracts';

describe('specialty normalisation', () => {
  it.each([
    ['Office Leasing', 'office_leasing'],
    ['  Industrial / Flex  ', 'industrial_flex'],
    ['MULTI-family', 'multi_family'],
    ['retail', 'retail'],
    ['Retail & Office', 'retail_&_office'],
    ['M&A', 'm_&_a'],
    ['& Investment Sales &', 'investment_sales'],
  ])('stores %j as %j', (input, stored) => {
    expect(normalizeSpecialty(input)).toBe(stored);
  });

  it('shows the stored form title-cased', () => {
    expect(titleCaseSpecialty('office_leasing')).toBe('Office Leasing');
    expect(titleCaseSpecialty('retail_&_office')).toBe('Retail & Office');
  });

  it('is applied by the profile update contract, and blank or symbol-only text clears it', () => {
    expect(ProfileUpdateBody.parse({ specialty: 'Net Lease Investments' }).specialty).toBe('net_lease_investments');
    expect(ProfileUpdateBody.parse({ specialty: '  ' }).specialty).toBeNull();
    expect(ProfileUpdateBody.parse({ specialty: '***' }).specialty).toBeNull();
    expect(ProfileUpdateBody.parse({ specialty: ' & ' }).specialty).toBeNull();
  });
});
