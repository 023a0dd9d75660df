import { Controller, useFieldArray, useWatch, type Control } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { lineFromBookItem } from '@flowline/shared';
import { formatCentsForUser } from '../../lib/money';
import { PriceBookDescriptionField } from '../documents/screen/line-items/price-book-description-field';
import { useHasPriceBook } from '../documents/screen/line-items/api';
import {
  keptPriceBookNotice,
  searchKeptPriceBook,
  useKeepPriceBooks,
  useKeptPriceBook,
} from './price-book-offline';
import {
  blankLine,
  lineAmountCents,
  ticketTotalCents,
  todayIso,
  type TicketFormInput,
} from './ticket-form';

/**
 * The ticket's lines as cards (a phone's width holds one field per row): description with the
 * price book type-ahead of the operator's connection when one is shared, item code, quantity,
 * unit, unit price, the line's amount and the running total.
 */
export function TicketLinesEditor({
  control,
  partyId,
  online,
  companyId,
  serviceDate,
}: {
  control: Control<TicketFormInput>;
  partyId: number | null;
  /** Offline the server's type-ahead cannot be asked: the price book kept on the phone is used. */
  online: boolean;
  companyId: number;
  /** The ticket's service date: the kept book's version in force that day prices the lines. */
  serviceDate: string;
}) {
  const { fields, append, remove, update } = useFieldArray({ control, name: 'lines' });
  const lines = useWatch({ control, name: 'lines' }) ?? [];
  const hasBook = useHasPriceBook(online ? partyId : null);
  useKeepPriceBooks(companyId, online);
  const kept = useKeptPriceBook(companyId, partyId).data ?? null;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(serviceDate) ? serviceDate : todayIso();
  const offlineBook = !online && kept !== null && kept.versions.length > 0 ? kept : null;
  const suggest = offlineBook
    ? (query: string) => searchKeptPriceBook(offlineBook, query, day)
    : undefined;
  const total = ticketTotalCents(lines);

  return (
    <Stack spacing={1.5} role="group" aria-labelledby="ticket-lines-heading">
      <Typography id="ticket-lines-heading" variant="h2" sx={{ fontSize: '1.1rem' }}>
        Lines
      </Typography>
      {offlineBook && (
        <Alert severity="info" role="note">
          {keptPriceBookNotice(offlineBook, day)}
        </Alert>
      )}
      {fields.map((field, index) => {
        const line = lines[index] ?? blankLine();
        const amount = lineAmountCents(line);
        const n = index + 1;
        return (
          <Paper key={field.id} variant="outlined" sx={{ p: 1.5 }}>
            <Stack spacing={1.5}>
              <Stack direction="row" sx={{ alignItems: 'center' }}>
                <Typography sx={{ flex: 1, fontWeight: 600 }}>Line {n}</Typography>
                <IconButton
                  aria-label={`Remove line ${n}`}
                  onClick={() => remove(index)}
                  disabled={fields.length === 1}
                  size="small"
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </Stack>
              <Controller
                control={control}
                name={`lines.${index}.description`}
                render={({ field: f, fieldState }) =>
                  (hasBook || offlineBook) && partyId !== null ? (
                    <Box>
                      <PriceBookDescriptionField
                        partyId={partyId}
                        label={`Line ${n} description`}
                        value={f.value || null}
                        onChange={(v) => f.onChange(v ?? '')}
                        suggest={suggest}
                        onPick={(item) => {
                          const priced = lineFromBookItem(item, line.quantity ?? '1');
                          update(index, {
                            itemCode: item.itemCode,
                            description: item.description,
                            quantity: priced.quantity,
                            uom: item.uom,
                            unitPrice: priced.unitPrice,
                          });
                        }}
                      />
                      {fieldState.error && (
                        <Typography color="error" variant="caption" role="alert">
                          {fieldState.error.message}
                        </Typography>
                      )}
                    </Box>
                  ) : (
                    <TextField
                      {...f}
                      label={`Line ${n} description`}
                      required
                      size="small"
                      error={!!fieldState.error}
                      helperText={fieldState.error?.message}
                    />
                  )
                }
              />
              <Stack direction="row" spacing={1}>
                <Controller
                  control={control}
                  name={`lines.${index}.itemCode`}
                  render={({ field: f }) => (
                    <TextField {...f} label="Item code" size="small" sx={{ flex: 1 }} />
                  )}
                />
                <Controller
                  control={control}
                  name={`lines.${index}.uom`}
                  render={({ field: f }) => (
                    <TextField {...f} label="Unit" size="small" sx={{ width: 90 }} />
                  )}
                />
              </Stack>
              <Stack direction="row" spacing={1}>
                <DecimalField control={control} name={`lines.${index}.quantity`} label="Quantity" />
                <DecimalField
                  control={control}
                  name={`lines.${index}.unitPrice`}
                  label="Unit price"
                />
              </Stack>
              <Typography align="right" aria-label={`Line ${n} amount`}>
                Amount: {amount === null ? '—' : formatCentsForUser(amount)}
              </Typography>
            </Stack>
          </Paper>
        );
      })}
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<AddOutlined />} onClick={() => append(blankLine())}>
          Add line
        </Button>
        <Typography
          sx={{ flex: 1, textAlign: 'right', fontWeight: 700 }}
          role="status"
          aria-live="polite"
        >
          Ticket total: {formatCentsForUser(total)}
        </Typography>
      </Stack>
    </Stack>
  );
}

/** A required number typed on a phone's decimal keypad, with its validation message under it. */
function DecimalField({
  control,
  name,
  label,
}: {
  control: Control<TicketFormInput>;
  name: `lines.${number}.quantity` | `lines.${number}.unitPrice`;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: f, fieldState }) => (
        <TextField
          {...f}
          label={label}
          required
          size="small"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          sx={{ flex: 1 }}
        />
      )}
    />
  );
}
