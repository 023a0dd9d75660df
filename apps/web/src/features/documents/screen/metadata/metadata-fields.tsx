import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  DocumentTemplate,
  FieldType,
  MetadataKey,
  type DateFormat,
  type DocumentDto,
  type DocumentMetadataEntry,
} from '@flowline/shared';
import { usePartyOrgUnits } from '../api';
import { fieldKind } from './field-kinds';
import {
  fieldName,
  isEditableField,
  type FieldState,
  type MetadataFormValues,
} from './form-values';
import {
  CurrencyField,
  DateField,
  DateTimeField,
  NumericField,
  PlainTextField,
} from './fields/text-fields';
import { DocumentTypeField, ListField, OrgUnitField, PartyField } from './fields/picker-fields';
import { AutoFillScope } from './fields/field-frame';
import { ProposalHint, UseAllProposals, useOfferedProposals } from './proposals';

interface Option {
  id: number;
  name: string;
}

function MetadataField({
  entry,
  readOnly,
  dateFormat,
  allowedOrgUnits,
}: {
  entry: DocumentMetadataEntry;
  readOnly: boolean;
  dateFormat: DateFormat;
  allowedOrgUnits: Option[] | null;
}) {
  const props = { entry, name: fieldName(entry.metadata.id), readOnly, dateFormat };
  switch (fieldKind(entry.metadata.metadataType.id)) {
    case 'textArea':
      return <PlainTextField {...props} multiline />;
    case 'currency':
      return <CurrencyField {...props} />;
    case 'numeric':
      return <NumericField {...props} />;
    case 'date':
      return <DateField {...props} />;
    case 'dateTime':
      return <DateTimeField {...props} />;
    case 'list':
      return <ListField {...props} />;
    case 'party':
      return <PartyField {...props} />;
    case 'orgUnit':
      return <OrgUnitField {...props} allowed={allowedOrgUnits} />;
    case 'documentType':
      return <DocumentTypeField {...props} />;
    default:
      return <PlainTextField {...props} />;
  }
}

const isArInvoice = (doc: DocumentDto) => doc.documentTypeTemplateId === DocumentTemplate.ArInvoice;

function findPurchaser(entries: readonly DocumentMetadataEntry[]) {
  return (
    entries.find((e) => e.metadata.key === MetadataKey.arPurchaserName) ??
    entries.find((e) => e.metadata.metadataType.id === FieldType.Purchaser)
  );
}

/**
 * AR invoice purchaser rule (spec 1 §4): the org unit choices are the purchaser's connected org
 * units; changing the purchaser selects the only one, or clears a choice that is not allowed.
 * Only the sender applies it: the purchaser is its connection (the receiver sees the purchaser
 * and Bill To read-only, as the sender chose them — issue 11 item 5).
 */
function usePurchaserRule(doc: DocumentDto, editable: boolean): Option[] | null {
  const { setValue, getValues } = useFormContext<MetadataFormValues>();
  const ownSide = doc.side === 'sent' && editable;
  const purchaser = isArInvoice(doc) && ownSide ? findPurchaser(doc.metadata) : undefined;
  const orgUnit = purchaser
    ? doc.metadata.find((e) => fieldKind(e.metadata.metadataType.id) === 'orgUnit')
    : undefined;
  const purchaserState = useWatch<MetadataFormValues>({
    name: purchaser ? fieldName(purchaser.metadata.id) : '__none',
  }) as FieldState | undefined;
  const partyId = purchaserState?.id ?? null;
  const party = usePartyOrgUnits(orgUnit ? partyId : null);
  const allowed =
    orgUnit && partyId !== null && party.data
      ? Object.entries(party.data.connectedOrgUnits)
          .map(([id, name]) => ({ id: Number(id), name }))
          .sort((a, b) => a.name.localeCompare(b.name))
      : null;

  // Applied when the purchaser changes, not when the screen opens.
  const applied = useRef<number | null>(partyId);
  useEffect(() => {
    if (!orgUnit || !allowed || applied.current === partyId) return;
    applied.current = partyId;
    const name = fieldName(orgUnit.metadata.id);
    const current = getValues(name);
    const options = { shouldDirty: true, shouldValidate: true };
    if (allowed.length === 1) {
      setValue(name, { text: allowed[0]!.name, id: allowed[0]!.id }, options);
    } else if (
      current?.text &&
      !allowed.some((o) => (current.id !== null ? o.id === current.id : o.name === current.text))
    ) {
      setValue(name, { text: '', id: null }, options);
    }
  }, [orgUnit, allowed, partyId, getValues, setValue]);

  return allowed;
}

/** The document's metadata fields, in the definitions' order. */
export function MetadataFields({ doc, dateFormat }: { doc: DocumentDto; dateFormat: DateFormat }) {
  const editable = doc.availableActions.edit;
  const allowedOrgUnits = usePurchaserRule(doc, editable);
  const { offered, accept } = useOfferedProposals(doc, dateFormat);
  const offeredById = new Map(offered.map((o) => [o.entry.metadata.id, o]));
  const entries = [...doc.metadata].sort((a, b) => a.metadata.sortOrder - b.metadata.sortOrder);
  if (entries.length === 0) {
    return <Typography color="text.secondary">This document type has no fields.</Typography>;
  }
  return (
    <AutoFillScope.Provider value={{ documentId: doc.id, editable }}>
      <Stack spacing={2}>
        <UseAllProposals offered={offered} onUseAll={() => accept(offered, false)} />
        {entries.map((entry) => {
          const proposal = offeredById.get(entry.metadata.id);
          return (
            <div key={entry.metadata.id}>
              <MetadataField
                entry={entry}
                readOnly={!isEditableField(entry.metadata, editable)}
                dateFormat={dateFormat}
                allowedOrgUnits={allowedOrgUnits}
              />
              {proposal && <ProposalHint item={proposal} onUse={(item) => accept([item], true)} />}
            </div>
          );
        })}
      </Stack>
    </AutoFillScope.Provider>
  );
}
