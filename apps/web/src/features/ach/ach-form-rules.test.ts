import { describe, expect, it } from 'vitest';
import type { Ach } from '@flowline/shared';
import {
  achFormValues,
  keepDigits,
  keepOfferedParties,
  newAchValues,
  pickerOptions,
  routingNumberMaxLength,
} from './ach-form-rules';

describe('ACH form rules', () => {
  it('keeps digits only, up to the maximum length', () => {
    expect(keepDigits('02-10 00a021', 9)).toBe('021000021');
    expect(keepDigits('0210000219999', 9)).toBe('021000021');
    expect(keepDigits('abc', 9)).toBe('');
  });

  it('stops a US routing number at 9 digits, others at 255', () => {
    expect(routingNumberMaxLength('US')).toBe(9);
    expect(routingNumberMaxLength('O')).toBe(255);
    expect(routingNumberMaxLength(undefined)).toBe(255);
  });

  it('preselects the profile when there is only one', () => {
    expect(newAchValues([{ id: 4, name: 'Midland' }]).orgUnitIds).toEqual([4]);
    expect(
      newAchValues([
        { id: 4, name: 'Midland' },
        { id: 5, name: 'Odessa' },
      ]).orgUnitIds,
    ).toEqual([]);
    expect(newAchValues([])).toMatchObject({ orgUnitIds: [], partyIds: [], isActive: true });
  });

  it('drops chosen connections the chosen profiles no longer offer', () => {
    const offered = [{ id: 1, name: 'A', orgUnitIds: [4] }];
    expect(keepOfferedParties([1, 2], offered)).toEqual([1]);
  });

  it('keeps chosen options visible with their known names', () => {
    expect(pickerOptions([{ id: 1, name: 'A' }], [1, 2, 3], [{ id: 2, name: 'B' }])).toEqual([
      { id: 1, name: 'A' },
      { id: 2, name: 'B' },
      { id: 3, name: '#3' },
    ]);
  });

  it('fills the form from an ACH', () => {
    const ach: Ach = {
      id: 9,
      bankName: 'First Bank',
      country: 'US',
      routingNumber: '021000021',
      accountNumber: '123456789',
      accountNumberMasked: '••••6789',
      accountTypeId: 2,
      accountTypeName: 'Savings',
      isActive: false,
      profiles: [{ id: 4, name: 'Midland' }],
      connections: [{ id: 7, name: 'Apex' }],
      orgUnitIds: [4],
      partyIds: [7],
      partiesByOrgUnitId: [{ key: 4, value: [{ id: 7, name: 'Apex' }] }],
    };
    expect(achFormValues(ach)).toEqual({
      bankName: 'First Bank',
      country: 'US',
      routingNumber: '021000021',
      accountNumber: '123456789',
      accountTypeId: 2,
      isActive: false,
      orgUnitIds: [4],
      partyIds: [7],
    });
  });
});
