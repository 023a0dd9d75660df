import { describe, expect, it } from 'vitest';
import {
  columnLabel,
  formatTaxNumber,
  isValidTimeZone,
  legalNameError,
  listTimeZones,
  pluralizeTerm,
  regionsOf,
  taxNumberError,
  termLabel,
  zipCodeError,
  zipCodeLabel,
} from '../src/index';

describe('zip and postal codes', () => {
  it.each(['79701', '79701-1234', '797011234', ' 79701 '])('accepts the US zip %s', (zip) => {
    expect(zipCodeError('US', zip)).toBeNull();
  });
  it.each(['7970', '79701-12', 'ABCDE', '79701 1234'])('refuses the US zip %s', (zip) => {
    expect(zipCodeError('US', zip)).toBe('Must be a 5 or 9 digit code');
  });
  it.each(['T2P1J9', 't2p 1j9', 'K1A 0B1'])('accepts the Canadian postal code %s', (zip) => {
    expect(zipCodeError('CA', zip)).toBeNull();
  });
  it.each(['T2P1J', '123456', 'T2P-1J9', 'TT2 1J9'])('refuses the postal code %s', (zip) => {
    expect(zipCodeError('CA', zip)).toBe('Must be a 6 character code arranged in the form ANANAN');
  });
  it('has no rule for other countries or an empty code', () => {
    expect(zipCodeError('DE', '10115')).toBeNull();
    expect(zipCodeError('US', '')).toBeNull();
    expect(zipCodeLabel('CA')).toBe('Postal Code');
    expect(zipCodeLabel('US')).toBe('Zip Code');
  });
});

describe('legal name', () => {
  it('needs three letters or digits', () => {
    expect(legalNameError('A-B-')).toBe('Legal Name must have at least 3 alphanumeric characters');
    expect(legalNameError('3M')).not.toBeNull();
    expect(legalNameError('A.B.C')).toBeNull();
    expect(legalNameError('Ōji')).toBeNull();
  });
});

describe('tax numbers', () => {
  it('accept the format with or without separators', () => {
    expect(taxNumberError('NN-NNNNNNN', '12-3456789')).toBeNull();
    expect(taxNumberError('NN-NNNNNNN', '123456789')).toBeNull();
    expect(taxNumberError('NNN-NN-NNNN', '123 45 6789')).toBeNull();
    expect(taxNumberError('NN-NNNNNNN', '12-345678')).toBe('Must match the format NN-NNNNNNN');
    expect(taxNumberError('NNNNNNNNN', '12345678A')).toBe('Must match the format NNNNNNNNN');
  });
  it('are laid out like their format', () => {
    expect(formatTaxNumber('NN-NNNNNNN', '123456789')).toBe('12-3456789');
    expect(formatTaxNumber('NNN-NN-NNNN', '123 45-6789')).toBe('123-45-6789');
  });
});

describe('lookups', () => {
  it('have states only for the US and Canada', () => {
    expect(regionsOf('us').some((r) => r.code === 'TX')).toBe(true);
    expect(regionsOf('CA')).toHaveLength(13);
    expect(regionsOf('MX')).toEqual([]);
  });
  it('name time zones with their offset', () => {
    const winter = listTimeZones(new Date('2026-01-15T12:00:00Z'));
    expect(winter.find((z) => z.id === 'America/Chicago')?.displayName).toBe(
      '(UTC-06:00) America/Chicago',
    );
    const summer = listTimeZones(new Date('2026-07-15T12:00:00Z'));
    expect(summer.find((z) => z.id === 'America/Chicago')?.displayName).toBe(
      '(UTC-05:00) America/Chicago',
    );
    expect(isValidTimeZone('America/Chicago')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('terminology', () => {
  const terms = [
    { terminologyId: 1, terminologyName: 'Profile', customizedName: 'Division' },
    { terminologyId: 2, terminologyName: 'Vendor', customizedName: null },
  ];
  it('prefers the customised name', () => {
    expect(termLabel(terms, 1)).toBe('Division');
    expect(termLabel(terms, 2)).toBe('Vendor');
    expect(termLabel(undefined, 3)).toBe('Connection');
  });
  it('shows Party and Parties as Connection and Connections in column names', () => {
    expect(columnLabel('Party')).toBe('Connection');
    expect(columnLabel('Parties')).toBe('Connections');
    expect(columnLabel('Receiving Party Name')).toBe('Receiving Connection Name');
    expect(columnLabel('Third party', 'Partner')).toBe('Third partner');
    expect(pluralizeTerm('Property')).toBe('Properties');
  });
});
