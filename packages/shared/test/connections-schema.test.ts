import { describe, expect, it } from 'vitest';
import { splitEmails, zConnectionInput } from '../src/schemas/connections';

const valid = {
  partyTypeId: 1,
  name: 'Apex Oil',
  number: 'A-1',
  emails: 'ap@apex.example  billing@apex.example',
  taxIdentifier: '12-3456789',
  companyOrgUnitIds: [1],
};
const messagesOf = (input: Record<string, unknown>) => {
  const result = zConnectionInput.safeParse({ ...valid, ...input });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('zConnectionInput (spec 2 §5.3)', () => {
  it('accepts a valid connection and splits the e-mails', () => {
    const parsed = zConnectionInput.parse(valid);
    expect(parsed.emails).toEqual(['ap@apex.example', 'billing@apex.example']);
  });

  it('requires Type, Name, Number, Emails, Tax Identifier and a profile', () => {
    expect(
      messagesOf({
        partyTypeId: '',
        name: ' ',
        number: '',
        emails: '',
        taxIdentifier: '',
        companyOrgUnitIds: [],
      }),
    ).toMatchObject({
      partyTypeId: 'Required',
      name: 'Required',
      number: 'Required',
      emails: 'Required',
      taxIdentifier: 'Required',
      companyOrgUnitIds: 'Required',
    });
  });

  it("names the invalid e-mail: '{value} is not a valid email'", () => {
    expect(messagesOf({ emails: 'ok@x.com not-an-email' }).emails).toBe(
      'not-an-email is not a valid email',
    );
  });

  it('limits the e-mails to 500 characters in total', () => {
    const many = Array.from({ length: 30 }, (_, i) => `user${i}@example-company.com`).join(' ');
    expect(messagesOf({ emails: many }).emails).toBe('Must be at most 500 characters');
  });

  it('checks the date range and trims dates to 10 characters', () => {
    expect(
      messagesOf({ effectiveFromDate: '2024-05-01', effectiveThruDate: '2024-04-01' })
        .effectiveFromDate,
    ).toBe('Effective From Date must be before Effective Thru Date');
    const parsed = zConnectionInput.parse({
      ...valid,
      effectiveFromDate: '2024-01-01T00:00:00',
      effectiveThruDate: '2024-12-31',
    });
    expect(parsed.effectiveFromDate).toBe('2024-01-01');
  });

  it('applies the zip and postal code rules per country', () => {
    expect(messagesOf({ country: 'US', zipCode: '123' }).zipCode).toBe(
      'Must be a 5 or 9 digit code',
    );
    expect(messagesOf({ altCountry: 'CA', altZipCode: '12345' }).altZipCode).toBe(
      'Must be a 6 character code arranged in the form ANANAN',
    );
    expect(messagesOf({ country: 'US', state: 'ON' }).state).toBe(
      'Must be a state or province of the chosen country',
    );
  });

  it('limits the fields of spec 2 §3', () => {
    expect(messagesOf({ nameTwo: 'x'.repeat(251) }).nameTwo).toBe('Must be at most 250 characters');
    expect(messagesOf({ achRoutingTransitNumber: '1234567890' }).achRoutingTransitNumber).toBe(
      'Must be at most 9 characters',
    );
    expect(messagesOf({ phone: '1'.repeat(17) }).phone).toBe('Must be at most 16 characters');
    expect(messagesOf({ ext: '1'.repeat(9) }).ext).toBe('Must be at most 8 characters');
    expect(messagesOf({ taxIdentifier: '1'.repeat(51) }).taxIdentifier).toBe(
      'Must be at most 50 characters',
    );
  });

  it('accepts the API list shape for e-mails', () => {
    expect(splitEmails(['a@b.co', ' c@d.co '])).toEqual(['a@b.co', 'c@d.co']);
  });
});
