import { describe, expect, it } from 'vitest';
import { textForField } from './fill-text';

describe('click-to-fill conversion', () => {
  it('fills numbers with the number in the selection, or nothing', () => {
    expect(textForField('numeric', ' 1,234.5 ', 'MM/dd/yyyy')).toBe('1234.5');
    expect(textForField('numeric', 'Total due', 'MM/dd/yyyy')).toBe('');
    expect(textForField('currency', '$2,500.7', 'MM/dd/yyyy')).toBe('2500.70');
    expect(textForField('currency', 'n/a', 'MM/dd/yyyy')).toBe('');
  });

  it('fills dates only with a real date, shown in the user format', () => {
    expect(textForField('date', '11/05/2026', 'MM/dd/yyyy')).toBe('11/05/2026');
    expect(textForField('date', '2026-11-05', 'MM/dd/yyyy')).toBe('11/05/2026');
    expect(textForField('date', '2026-11-05', 'dd/MM/yyyy')).toBe('05/11/2026');
    expect(textForField('date', 'Net 30', 'MM/dd/yyyy')).toBeNull();
  });

  it('fills text as selected (spaces collapsed) and leaves pickers alone', () => {
    expect(textForField('text', 'INV-\n 1001', 'MM/dd/yyyy')).toBe('INV- 1001');
    expect(textForField('party', 'Red Mesa', 'MM/dd/yyyy')).toBeNull();
  });
});
