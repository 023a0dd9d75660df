import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { formatMoney, type FieldFilter, type ListFilters } from '@flowline/shared';
import { useDateFormatter } from '../../preferences';

/**
 * The filters in force, one chip each ('Invoice Date: 01/01/2026 – 01/31/2026'), each removable
 * (issue 30 item 6): what the list shows is never filtered out of sight.
 */
export function FilterChips({
  filters,
  nameOf,
  onChange,
}: {
  filters: ListFilters;
  nameOf(key: string): string;
  onChange(next: ListFilters): void;
}) {
  const { formatDate } = useDateFormatter();
  const describe = (f: FieldFilter) => {
    const name = nameOf(f.field);
    if (f.kind === 'dateRange') {
      if (f.from && f.to) return `${name}: ${formatDate(f.from)} – ${formatDate(f.to)}`;
      return f.from ? `${name}: from ${formatDate(f.from)}` : `${name}: to ${formatDate(f.to!)}`;
    }
    if (f.kind === 'amountRange') {
      if (f.min && f.max) return `${name}: ${formatMoney(f.min)} – ${formatMoney(f.max)}`;
      return f.min
        ? `${name}: at least ${formatMoney(f.min)}`
        : `${name}: at most ${formatMoney(f.max)}`;
    }
    return `${name} contains ‘${f.contains}’`;
  };
  const chips = [
    ...filters.fields.map((f) => ({
      label: describe(f),
      remove: () => onChange({ ...filters, fields: filters.fields.filter((x) => x !== f) }),
    })),
    ...(filters.counterparty !== undefined
      ? [
          {
            label: `Other company contains ‘${filters.counterparty}’`,
            remove: () => onChange({ ...filters, counterparty: undefined }),
          },
        ]
      : []),
    ...(filters.exported !== undefined
      ? [
          {
            label: filters.exported === 'yes' ? 'Exported' : 'Not exported',
            remove: () => onChange({ ...filters, exported: undefined }),
          },
        ]
      : []),
  ];
  if (chips.length === 0) return null;
  return (
    <Box role="list" aria-label="Filters" sx={{ mb: 1, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {chips.map((c) => (
        <Chip
          role="listitem"
          key={c.label}
          label={c.label}
          size="small"
          onDelete={c.remove}
          sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal' } }}
        />
      ))}
    </Box>
  );
}
