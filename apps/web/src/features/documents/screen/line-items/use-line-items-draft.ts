import { useCallback, useMemo, useState } from 'react';
import {
  blankRow,
  codingKeys,
  isBlankRow,
  lineItemColumnsFor,
  type DocumentDto,
  type LineCells,
  type LineItemRowDto,
} from '@flowline/shared';
import { useSaveLineCoding, useSaveLineItems } from './api';

/**
 * The lines being edited on the document screen, shared by the pane and Send (which validates
 * and saves them first). Starts from the document's `lineItems`; always at least one row, an
 * entirely blank row is not a line.
 */
export interface LineItemsDraft {
  enabled: boolean;
  rows: LineCells[];
  setRows(rows: LineCells[]): void;
  setCell(index: number, key: string, value: string | null): void;
  /** Lines that are not entirely blank (the n of 'Show Detail Items (n)'). */
  lines: LineCells[];
  dirty: boolean;
  saving: boolean;
  /** Saves the sender's lines or the receiver's coding; rejects with the server's error. */
  save(): Promise<void>;
  /** The sender's lines as the API takes them (PUT lineItems, the Resubmit body). */
  senderLines(): SenderLineInput[];
}

export interface SenderLineInput {
  description: string | null;
  quantity: string | null;
  unitPrice: string | null;
  amount: string | null;
}

function toCells(rows: LineItemRowDto[]): LineCells[] {
  return rows.map((row) => Object.fromEntries(row.cells.map((c) => [c.key, c.value])));
}

const clean = (v: string | null | undefined) => {
  const text = (v ?? '').trim();
  return text === '' ? null : text;
};

export function useLineItemsDraft(doc: DocumentDto): LineItemsDraft {
  const columns = useMemo(() => lineItemColumnsFor(doc.side), [doc.side]);
  const baseline = useMemo(() => {
    const rows = toCells(doc.lineItems);
    return rows.length ? rows : [blankRow(columns)];
  }, [doc.lineItems, columns]);
  const [rows, setRows] = useState<LineCells[]>(baseline);
  const [savedAs, setSavedAs] = useState(baseline);
  const lines = useMemo(() => rows.filter((r) => !isBlankRow(r, columns)), [rows, columns]);
  const dirty =
    JSON.stringify(lines) !== JSON.stringify(savedAs.filter((r) => !isBlankRow(r, columns)));

  // A fresh document (after a save or a refetch) replaces the draft unless it has changes
  // (adjusting state while rendering, as React recommends over an effect).
  const [seen, setSeen] = useState(baseline);
  if (seen !== baseline) {
    setSeen(baseline);
    setSavedAs(baseline);
    if (!dirty) setRows(baseline);
  }

  const saveLines = useSaveLineItems(doc.id);
  const saveCoding = useSaveLineCoding(doc.id);

  const setCell = useCallback((index: number, key: string, value: string | null) => {
    setRows((current) => current.map((r, i) => (i === index ? { ...r, [key]: value } : r)));
  }, []);

  const senderLines = () =>
    lines.map((r) => ({
      description: clean(r.description),
      quantity: clean(r.quantity),
      unitPrice: clean(r.unitPrice),
      amount: clean(r.amount),
    }));

  const save = async () => {
    if (doc.side === 'sent') {
      await saveLines.mutateAsync({ lines: senderLines() });
    } else {
      const changed = rows
        .map((r, i) => ({ r, before: savedAs[i], lineNumber: i + 1 }))
        .filter(({ r, before }) => codingKeys.some((k) => clean(r[k]) !== clean(before?.[k])));
      if (changed.length === 0) return;
      await saveCoding.mutateAsync({
        lines: changed.map(({ r, lineNumber }) => ({
          lineNumber,
          ...Object.fromEntries(codingKeys.map((k) => [k, clean(r[k])])),
        })),
      });
    }
    setSavedAs(rows);
  };

  return {
    enabled: doc.lineItemsEnabled,
    rows,
    setRows,
    setCell,
    lines,
    dirty,
    saving: saveLines.isPending || saveCoding.isPending,
    save,
    senderLines,
  };
}
