import { useFormContext, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type {
  DateFormat,
  DocumentDto,
  DocumentMetadataEntry,
  ProposedValue,
} from '@flowline/shared';
import { fieldKind, type FieldKind } from './field-kinds';
import {
  fieldName,
  initialFieldState,
  isEditableField,
  type FieldState,
  type MetadataFormValues,
} from './form-values';
import { formatCurrencyText } from './number-format';

/**
 * Issue 34 item 1: the values auto-extraction read but did not fill (below the fill threshold,
 * or a field emptied since) are offered beside their fields with how sure the reading is; one
 * click ('Use') puts the value in the form — the user still saves or sends as usual. 'Use all'
 * takes every offered value at once. A field that has a value is never offered anything.
 */

/** The field kinds a proposal may fill: typed values, not pickers (a party needs a connection). */
const PROPOSABLE: ReadonlySet<FieldKind> = new Set([
  'text',
  'textArea',
  'numeric',
  'currency',
  'date',
  'dateTime',
]);

export const proposalLabels = {
  use: 'Use',
  useAll: (n: number) => `Use all ${n} proposed ${n === 1 ? 'value' : 'values'}`,
  proposed: 'Proposed',
  sure: (confidence: number) => `${Math.round(confidence * 100)} % sure`,
  useAria: (value: string, field: string) => `Use ${value} for ${field}`,
  groupNote:
    'Values read from the document that were not filled in because the reading is not sure enough. Check each against the document.',
} as const;

export interface OfferedProposal {
  entry: DocumentMetadataEntry;
  proposal: ProposedValue;
  /** The form value the proposal becomes (dates in the user's format). */
  state: FieldState;
  /** How the value is shown beside the field. */
  shown: string;
}

/** The form state a proposed (canonical) value gives a field, or null when it gives nothing. */
function proposalState(
  entry: DocumentMetadataEntry,
  proposal: ProposedValue,
  format: DateFormat,
): FieldState | null {
  const state = initialFieldState(
    { ...entry, value: proposal.value, lookupValue: null, party: null },
    format,
  );
  return state.text.trim() ? state : null;
}

/**
 * The proposals the screen offers: one per editable, empty, proposable field, the surest first
 * when the reading proposed several values for one field.
 */
export function offeredProposals(
  doc: DocumentDto,
  values: MetadataFormValues,
  format: DateFormat,
): OfferedProposal[] {
  const proposals = doc.extraction?.proposals ?? [];
  if (!doc.availableActions.edit || proposals.length === 0) return [];
  const byKey = new Map<string, ProposedValue>();
  for (const p of proposals) {
    const seen = byKey.get(p.key);
    if (!seen || p.confidence > seen.confidence) byKey.set(p.key, p);
  }
  const offered: OfferedProposal[] = [];
  for (const entry of [...doc.metadata].sort(
    (a, b) => a.metadata.sortOrder - b.metadata.sortOrder,
  )) {
    const proposal = byKey.get(entry.metadata.key);
    if (!proposal || !isEditableField(entry.metadata, true)) continue;
    const kind = fieldKind(entry.metadata.metadataType.id);
    if (!PROPOSABLE.has(kind)) continue;
    const current = values[fieldName(entry.metadata.id)];
    if (current && current.text.trim() !== '') continue;
    const state = proposalState(entry, proposal, format);
    if (!state) continue;
    const shown = kind === 'currency' ? formatCurrencyText(state.text) || state.text : state.text;
    offered.push({ entry, proposal, state, shown });
  }
  return offered;
}

/** The offered proposals, following the form as the user types or accepts. */
export function useOfferedProposals(doc: DocumentDto, format: DateFormat) {
  const { setValue, setFocus } = useFormContext<MetadataFormValues>();
  const values = useWatch<MetadataFormValues>() as MetadataFormValues;
  const offered = offeredProposals(doc, values ?? {}, format);
  const accept = (items: readonly OfferedProposal[], focus: boolean) => {
    for (const item of items) {
      setValue(fieldName(item.entry.metadata.id), item.state, {
        shouldDirty: true,
        shouldValidate: true,
        shouldTouch: true,
      });
    }
    // The offer disappears once taken: the focus goes to the field that now holds the value.
    const first = items[0];
    if (focus && first) {
      try {
        setFocus(fieldName(first.entry.metadata.id));
      } catch {
        // A field without a focusable input: the focus stays where it was.
      }
    }
  };
  return { offered, accept };
}

/** The offer under one field: the value, how sure, and 'Use'. */
export function ProposalHint({
  item,
  onUse,
}: {
  item: OfferedProposal;
  onUse: (item: OfferedProposal) => void;
}) {
  const field = item.entry.metadata.name;
  return (
    <Box
      data-testid={`proposal-${item.entry.metadata.key}`}
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 1,
        mt: 0.5,
        px: 1,
        py: 0.5,
        borderRadius: 1,
        bgcolor: 'action.hover',
      }}
    >
      <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere', flex: '1 1 auto' }}>
        {proposalLabels.proposed}: <strong>{item.shown}</strong>{' '}
        <Typography component="span" variant="caption" color="text.secondary">
          ({proposalLabels.sure(item.proposal.confidence)})
        </Typography>
      </Typography>
      <Button
        size="small"
        variant="outlined"
        onClick={() => onUse(item)}
        aria-label={proposalLabels.useAria(item.shown, field)}
      >
        {proposalLabels.use}
      </Button>
    </Box>
  );
}

/** Above the fields when more than one value is offered: 'Use all'. */
export function UseAllProposals({
  offered,
  onUseAll,
}: {
  offered: readonly OfferedProposal[];
  onUseAll: () => void;
}) {
  if (offered.length < 2) return null;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      role="group"
      aria-label="Proposed values"
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
    >
      <Typography variant="body2" color="text.secondary">
        {proposalLabels.groupNote}
      </Typography>
      <Button size="small" variant="contained" onClick={onUseAll} sx={{ flexShrink: 0 }}>
        {proposalLabels.useAll(offered.length)}
      </Button>
    </Stack>
  );
}
