import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  addSuggestedRows,
  blankRow,
  canAddOrDeleteRows,
  codingKeys,
  deleteLineRow,
  lineAmountProblem,
  lineItemMessages,
  lineFromBookItem,
  linesTotalCents,
  type DocumentDto,
  type LineItemColumnDto,
  type SuggestedRow,
} from '@flowline/shared';
import { useSnackbar } from '../../../../components/snackbar';
import { errorMessage } from '../../../../lib/api-error';
import { formatCentsForUser, formatMoneyForUser } from '../../../../lib/money';
import { AccountCodeField } from './account-code-field';
import { PriceBookDescriptionField } from './price-book-description-field';
import { useHasPriceBook, useLineItems, useProposedLineItems } from './api';
import type { LineItemsDraft } from './use-line-items-draft';
import { visuallyHidden } from '../../../../components/visually-hidden';

/**
 * The detail line items pane (spec 1 §2, §4): a table of rows of cells, add/delete row, and the
 * proposed line items with suggested rows. The sender edits its cells; the receiver sees them
 * read-only and edits its own coding columns.
 */
export function LineItemsPane({ doc, draft }: { doc: DocumentDto; draft: LineItemsDraft }) {
  const snackbar = useSnackbar();
  const info = useLineItems(doc.id, true);
  // Issue 32: the sender's descriptions offer the price books shared with the receiver.
  const counterpartyId = doc.side === 'sent' ? (doc.counterparty?.partyId ?? null) : null;
  const bookPartyId = useHasPriceBook(counterpartyId) ? counterpartyId : null;
  if (info.isPending) return <CircularProgress aria-label="Loading line items" size={24} />;
  if (info.isError) return <Alert severity="error">{errorMessage(info.error)}</Alert>;
  const { columns, canEditLines, canEditCoding, ruleResults } = info.data;
  // Rows are the sender's lines: adding or deleting one is offered only while its cells are
  // editable (spec 1 §4: disabled when all cells are read-only).
  const rowsEditable = canAddOrDeleteRows(columns.filter((c) => c.owner === 'sender'));
  const canSave = canEditLines || canEditCoding;
  // Issue 27 item 15: the running total of the lines beside the invoice total, and each line
  // whose Quantity × Unit Price does not give its Amount, while editing.
  const totalField = doc.metadata.find((m) => m.metadata.isDollarTotal);
  const linesTotal = formatCentsForUser(linesTotalCents(draft.lines));
  const invoiceTotal = totalField?.value ? formatMoneyForUser(totalField.value) : null;
  const mismatches = draft.rows
    .map((row, i) => lineAmountProblem(row, i + 1))
    .filter((m): m is string => m !== null);

  const save = () =>
    draft.save().then(
      () =>
        snackbar.showSuccess(
          doc.side === 'sent' ? lineItemMessages.linesSaved : lineItemMessages.codingSaved,
        ),
      (error: unknown) => snackbar.showError(errorMessage(error)),
    );

  return (
    <Stack spacing={1} sx={{ p: 1 }} aria-label="Detail line items" role="region">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 600, flex: 1 }}>
          Detail line items
        </Typography>
        <Button
          size="small"
          startIcon={<AddOutlined />}
          disabled={!rowsEditable}
          onClick={() => draft.setRows([...draft.rows, blankRow(columns)])}
        >
          Add row
        </Button>
        {canSave && (
          <Button
            size="small"
            variant="contained"
            disabled={!draft.dirty || draft.saving}
            onClick={() => void save()}
          >
            {doc.side === 'sent' ? 'Save lines' : 'Save coding'}
          </Button>
        )}
      </Stack>
      <Typography variant="body2" aria-live="polite" data-testid="lines-total">
        {lineItemMessages.linesTotal(linesTotal)}
        {invoiceTotal !== null && totalField
          ? ` · ${totalField.metadata.name} ${invoiceTotal}`
          : ''}
      </Typography>
      {canEditLines &&
        mismatches.map((m) => (
          <Alert key={m} severity="warning" sx={{ py: 0 }}>
            {m}
          </Alert>
        ))}
      {ruleResults.length > 0 && (
        <Stack spacing={0.5}>
          {ruleResults.map((r) => (
            <Alert key={r.ruleId} severity={r.passed ? 'success' : 'warning'} sx={{ py: 0 }}>
              {r.name}: {r.message}
            </Alert>
          ))}
        </Stack>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Line items">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              {columns.map((c) => (
                <TableCell key={c.key}>{c.name}</TableCell>
              ))}
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  Actions
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {draft.rows.map((row, index) => (
              <TableRow key={index}>
                <TableCell>{index + 1}</TableCell>
                {columns.map((c) => (
                  <TableCell key={c.key} sx={{ py: 0.5 }}>
                    {c.key === 'description' && !c.isReadonly && bookPartyId !== null ? (
                      <PriceBookDescriptionField
                        partyId={bookPartyId}
                        label={`${c.name}, line ${index + 1}`}
                        value={row[c.key] ?? null}
                        onChange={(value) => draft.setCell(index, c.key, value)}
                        onPick={(item) =>
                          draft.setRows(
                            draft.rows.map((r, i) =>
                              i === index
                                ? { ...r, ...lineFromBookItem(item, r.quantity ?? null) }
                                : r,
                            ),
                          )
                        }
                      />
                    ) : (
                      <Cell
                        column={c}
                        line={index + 1}
                        value={row[c.key] ?? null}
                        onChange={(value) => draft.setCell(index, c.key, value)}
                      />
                    )}
                  </TableCell>
                ))}
                <TableCell sx={{ py: 0.5 }}>
                  <Tooltip title="Delete row">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Delete line ${index + 1}`}
                        disabled={!rowsEditable}
                        onClick={() => draft.setRows(deleteLineRow(draft.rows, index, columns))}
                      >
                        <DeleteOutlined fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {canSave && <ProposedLineItems doc={doc} draft={draft} columns={columns} />}
    </Stack>
  );
}

function Cell({
  column,
  line,
  value,
  onChange,
}: {
  column: LineItemColumnDto;
  line: number;
  value: string | null;
  onChange(value: string | null): void;
}) {
  const label = `${column.name}, line ${line}`;
  if (column.isReadonly) {
    // Money in the user's format; the description whole, wrapped (issue 27 item 14).
    return (
      <Typography
        variant="body2"
        aria-label={label}
        sx={{
          whiteSpace: 'normal',
          overflowWrap: 'anywhere',
          textAlign:
            column.valueType === 'text' || column.valueType === 'account' ? 'left' : 'right',
        }}
      >
        {column.valueType === 'currency' ? formatMoneyForUser(value) : (value ?? '')}
      </Typography>
    );
  }
  if (column.valueType === 'account' && column.accountKind !== null) {
    return (
      <AccountCodeField kind={column.accountKind} label={label} value={value} onChange={onChange} />
    );
  }
  const numeric = column.valueType !== 'text';
  return (
    <TextField
      size="small"
      // A long description wraps onto more lines instead of being cut.
      multiline={!numeric}
      maxRows={!numeric ? 6 : undefined}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
      slotProps={{
        htmlInput: {
          'aria-label': label,
          inputMode: numeric ? 'decimal' : 'text',
          style: numeric ? { textAlign: 'right' } : undefined,
        },
      }}
      sx={{ minWidth: numeric ? 90 : 180 }}
    />
  );
}

/** Where a suggestion comes from: the invoice's own table (auto-extraction) or earlier lines. */
export const READ_FROM_DOCUMENT = 'Read from the document';
function suggestionSource(s: SuggestedRow): string {
  const read = s.source ? s.source === 'document' : s.timesUsed === 0;
  return read ? READ_FROM_DOCUMENT : `Used ${s.timesUsed}×`;
}

function ProposedLineItems({
  doc,
  draft,
  columns,
}: {
  doc: DocumentDto;
  draft: LineItemsDraft;
  columns: LineItemColumnDto[];
}) {
  const proposed = useProposedLineItems(doc.id, true);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const suggestions = proposed.data?.suggestedRows ?? [];
  if (suggestions.length === 0) return null;
  const headers = proposed.data?.columnHeaders ?? [];
  const receiver = doc.side === 'received';
  const toggle = (i: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });
  const cellsOf = (s: SuggestedRow) => Object.fromEntries(s.cells.map((c) => [c.key, c.value]));

  const add = () => {
    const chosen = suggestions.filter((_, i) => selected.has(i));
    if (receiver) {
      // The receiver's suggestions code existing lines: only the coding cells are applied.
      let rows = draft.rows;
      for (const s of chosen) {
        const cells = cellsOf(s);
        rows = rows.map((r, i) =>
          i + 1 === s.lineNumber
            ? { ...r, ...Object.fromEntries(codingKeys.map((k) => [k, cells[k] ?? null])) }
            : r,
        );
      }
      draft.setRows(rows);
    } else {
      draft.setRows(addSuggestedRows(draft.rows, chosen.map(cellsOf), columns));
    }
    setSelected(new Set());
  };

  return (
    <Stack spacing={0.5} component="section" aria-label="Proposed line items">
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="h3" sx={{ fontSize: '0.95rem', fontWeight: 600, flex: 1 }}>
          Proposed line items
        </Typography>
        <Button size="small" variant="outlined" disabled={selected.size === 0} onClick={add}>
          {receiver ? 'Apply selected' : 'Add selected'}
        </Button>
      </Stack>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Suggested rows">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Box component="span" sx={visuallyHidden}>
                  Select
                </Box>
              </TableCell>
              {receiver && <TableCell>Line</TableCell>}
              {headers.map((h) => (
                <TableCell key={h.key}>{h.name}</TableCell>
              ))}
              <TableCell>Source</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {suggestions.map((s, i) => {
              const cells = cellsOf(s);
              return (
                <TableRow key={i} hover selected={selected.has(i)}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      size="small"
                      checked={selected.has(i)}
                      onChange={() => toggle(i)}
                      slotProps={{
                        input: {
                          'aria-label': receiver
                            ? `Select suggestion for line ${s.lineNumber}`
                            : `Select suggestion ${String(cells.description ?? i + 1)}`,
                        },
                      }}
                    />
                  </TableCell>
                  {receiver && <TableCell>{s.lineNumber}</TableCell>}
                  {headers.map((h) => (
                    <TableCell key={h.key}>{cells[h.key] ?? ''}</TableCell>
                  ))}
                  <TableCell>{suggestionSource(s)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
    </Stack>
  );
}
