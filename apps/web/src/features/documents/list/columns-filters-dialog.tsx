import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Close from '@mui/icons-material/Close';
import {
  filterKindOfField,
  listViewProblems,
  zListFilters,
  type FieldFilterKind,
  type ListField,
  type ListFilters,
} from '@flowline/shared';

interface FilterRow {
  field: string;
  kind: FieldFilterKind;
  from: string;
  to: string;
  min: string;
  max: string;
  contains: string;
}

function rowOf(filter: ListFilters['fields'][number]): FilterRow {
  const row: FilterRow = {
    field: filter.field,
    kind: filter.kind,
    from: '',
    to: '',
    min: '',
    max: '',
    contains: '',
  };
  if (filter.kind === 'dateRange') return { ...row, from: filter.from ?? '', to: filter.to ?? '' };
  if (filter.kind === 'amountRange')
    return { ...row, min: filter.min ?? '', max: filter.max ?? '' };
  return { ...row, contains: filter.contains };
}

const blank = (v: string) => (v.trim() === '' ? undefined : v.trim());

function filterOf(row: FilterRow) {
  if (row.kind === 'dateRange')
    return { field: row.field, kind: row.kind, from: blank(row.from), to: blank(row.to) };
  if (row.kind === 'amountRange')
    return { field: row.field, kind: row.kind, min: blank(row.min), max: blank(row.max) };
  return { field: row.field, kind: row.kind, contains: row.contains };
}

/**
 * 'Columns and filters' (issue 30 item 6): which columns the list shows and in what order (any
 * field of the type, the other company, the Exported marker), and its filters — a date range on
 * a date field, an amount range on an amount field, text on a text field, the other company and
 * Exported. Checked here with the server's rules before it applies.
 */
export function ColumnsFiltersDialog({
  fields,
  columns: initialColumns,
  filters: initialFilters,
  onApply,
  onClose,
}: {
  /** The type's fields and the standard columns. */
  fields: readonly ListField[];
  columns: readonly string[];
  filters: ListFilters;
  onApply(columns: string[], filters: ListFilters): void;
  onClose(): void;
}) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [columns, setColumns] = useState<string[]>([...initialColumns]);
  const [rows, setRows] = useState<FilterRow[]>(initialFilters.fields.map(rowOf));
  const [counterparty, setCounterparty] = useState(initialFilters.counterparty ?? '');
  const [exported, setExported] = useState<'' | 'yes' | 'no'>(initialFilters.exported ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const nameOf = (key: string) => fields.find((f) => f.key === key)?.name ?? key;

  const move = (index: number, by: -1 | 1) =>
    setColumns((cs) => {
      const next = [...cs];
      const [taken] = next.splice(index, 1);
      next.splice(index + by, 0, taken!);
      return next;
    });
  const setRow = (index: number, patch: Partial<FilterRow>) =>
    setRows((rs) => rs.map((r, i) => (i === index ? { ...r, ...patch } : r)));

  const apply = () => {
    const input = {
      fields: rows.map(filterOf),
      ...(blank(counterparty) ? { counterparty: blank(counterparty) } : {}),
      ...(exported ? { exported } : {}),
    };
    const found: Record<string, string> = {};
    if (columns.length === 0) found.columns = 'Choose at least one column';
    const parsed = zListFilters.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        found[['filters', ...issue.path].join('.')] ??= issue.message;
      }
    } else {
      for (const p of listViewProblems(fields, { columns, filters: parsed.data })) {
        found[p.path] ??= p.message;
      }
    }
    setErrors(found);
    if (Object.keys(found).length === 0 && parsed.success) onApply(columns, parsed.data);
  };

  const unchosen = fields.filter((f) => !columns.includes(f.key));
  const unfiltered = fields.filter(
    (f) => !rows.some((r) => r.field === f.key) && !['counterparty', 'exported'].includes(f.key),
  );
  const error = (path: string) => errors[path];
  const firstError = Object.values(errors)[0];

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm">
      <DialogTitle>Columns and filters</DialogTitle>
      <DialogContent>
        {firstError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {firstError}
          </Alert>
        )}
        <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }} id="list-columns-heading">
          Columns
        </Typography>
        <Box
          component="ol"
          aria-labelledby="list-columns-heading"
          sx={{ pl: 0, listStyle: 'none' }}
        >
          {columns.map((key, i) => (
            <Box
              component="li"
              key={key}
              sx={{ display: 'flex', alignItems: 'center', gap: 0.5, py: 0.25 }}
            >
              <Typography sx={{ flex: 1 }}>{nameOf(key)}</Typography>
              <IconButton
                size="small"
                aria-label={`Move ${nameOf(key)} up`}
                disabled={i === 0}
                onClick={() => move(i, -1)}
              >
                <ArrowUpward fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={`Move ${nameOf(key)} down`}
                disabled={i === columns.length - 1}
                onClick={() => move(i, 1)}
              >
                <ArrowDownward fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={`Remove column ${nameOf(key)}`}
                onClick={() => setColumns((cs) => cs.filter((c) => c !== key))}
              >
                <Close fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
        {error('columns') && (
          <Typography color="error" variant="body2">
            {error('columns')}
          </Typography>
        )}
        <TextField
          select
          size="small"
          fullWidth
          label="Add a column"
          value=""
          onChange={(e) => setColumns((cs) => [...cs, e.target.value])}
          disabled={unchosen.length === 0}
          sx={{ mb: 3 }}
        >
          {unchosen.map((f) => (
            <MenuItem key={f.key} value={f.key}>
              {f.name}
            </MenuItem>
          ))}
        </TextField>

        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          Filters
        </Typography>
        <Stack spacing={2}>
          {rows.map((row, i) => {
            const name = nameOf(row.field);
            const at = (part: string) => error(`filters.fields.${i}.${part}`);
            return (
              <Box key={row.field} role="group" aria-label={`Filter on ${name}`}>
                <Box sx={{ display: 'flex', alignItems: 'center' }}>
                  <Typography sx={{ flex: 1 }} variant="body2">
                    {name}
                  </Typography>
                  <IconButton
                    size="small"
                    aria-label={`Remove filter on ${name}`}
                    onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}
                  >
                    <Close fontSize="small" />
                  </IconButton>
                </Box>
                {(at('field') || at('kind')) && (
                  <Typography color="error" variant="body2">
                    {at('field') ?? at('kind')}
                  </Typography>
                )}
                {row.kind === 'dateRange' && (
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                    <TextField
                      size="small"
                      type="date"
                      label={`${name} from`}
                      value={row.from}
                      onChange={(e) => setRow(i, { from: e.target.value })}
                      error={!!at('from')}
                      helperText={at('from')}
                      slotProps={{ inputLabel: { shrink: true } }}
                      fullWidth
                    />
                    <TextField
                      size="small"
                      type="date"
                      label={`${name} to`}
                      value={row.to}
                      onChange={(e) => setRow(i, { to: e.target.value })}
                      error={!!at('to')}
                      helperText={at('to')}
                      slotProps={{ inputLabel: { shrink: true } }}
                      fullWidth
                    />
                  </Stack>
                )}
                {row.kind === 'amountRange' && (
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                    <TextField
                      size="small"
                      label={`${name} at least`}
                      value={row.min}
                      onChange={(e) => setRow(i, { min: e.target.value })}
                      error={!!at('min')}
                      helperText={at('min')}
                      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                      fullWidth
                    />
                    <TextField
                      size="small"
                      label={`${name} at most`}
                      value={row.max}
                      onChange={(e) => setRow(i, { max: e.target.value })}
                      error={!!at('max')}
                      helperText={at('max')}
                      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                      fullWidth
                    />
                  </Stack>
                )}
                {row.kind === 'text' && (
                  <TextField
                    size="small"
                    label={`${name} contains`}
                    value={row.contains}
                    onChange={(e) => setRow(i, { contains: e.target.value })}
                    error={!!at('contains')}
                    helperText={at('contains')}
                    fullWidth
                  />
                )}
              </Box>
            );
          })}
          <TextField
            select
            size="small"
            fullWidth
            label="Add a filter"
            value=""
            onChange={(e) => {
              const field = fields.find((f) => f.key === e.target.value);
              if (!field) return;
              setRows((rs) => [
                ...rs,
                rowOf(
                  filterKindOfField(field.fieldTypeId) === 'dateRange'
                    ? { field: field.key, kind: 'dateRange' }
                    : filterKindOfField(field.fieldTypeId) === 'amountRange'
                      ? { field: field.key, kind: 'amountRange' }
                      : { field: field.key, kind: 'text', contains: '' },
                ),
              ]);
            }}
            disabled={unfiltered.length === 0}
          >
            {unfiltered.map((f) => (
              <MenuItem key={f.key} value={f.key}>
                {f.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label="Other company contains"
            value={counterparty}
            onChange={(e) => setCounterparty(e.target.value)}
            error={!!error('filters.counterparty')}
            helperText={error('filters.counterparty')}
            fullWidth
          />
          <TextField
            select
            size="small"
            label="Exported"
            value={exported}
            onChange={(e) => setExported(e.target.value as '' | 'yes' | 'no')}
            fullWidth
          >
            <MenuItem value="">Exported or not</MenuItem>
            <MenuItem value="yes">Exported</MenuItem>
            <MenuItem value="no">Not exported</MenuItem>
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={apply}>
          Apply
        </Button>
      </DialogActions>
    </Dialog>
  );
}
