import {
  DocumentTemplate,
  documentMessages,
  documentScreenMessages as msg,
  FieldType,
  HistoryOperation,
  MetadataKey,
  PartyType,
  paymentDueDate,
  validateMetadataValue,
  type MetadataValueInput,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { badRequest } from '../../errors';
import { appendHistory, type NewHistoryEntry } from '../document-history/repository';
import { getPartyWithConnectedOrgUnits } from '../parties/service';
import { loadMetadataView } from './metadata-view';
import type { LoadedDocument } from './policy';
import * as repo from './repository';
import { refreshDocumentIndex } from './search-index';

/**
 * Saving metadata values (PUT /documents/{id}/metadata and the save step of publish). The caller
 * has loaded and locked the document and checked the `edit` action. Values are validated by field
 * type, read-only fields and foreign field ids are refused, only changed values are written, each
 * with one Edit history entry, and the list/search columns are refreshed — all in the caller's
 * transaction. Returns how many values changed.
 */

interface Resolved {
  value: string | null;
  lookupValueId: number | null;
  partyId: number | null;
}

/** The party type a party field accepts (Party accepts any). */
const partyTypeOfField: Partial<Record<number, number | null>> = {
  [FieldType.Vendor]: PartyType.Vendor,
  [FieldType.Owner]: PartyType.Owner,
  [FieldType.Operator]: PartyType.Operator,
  [FieldType.Bank]: PartyType.Bank,
  [FieldType.Purchaser]: PartyType.Purchaser,
  [FieldType.Party]: null,
};

export function isPartyField(fieldTypeId: number): boolean {
  return fieldTypeId in partyTypeOfField;
}
export function partyTypeOf(fieldTypeId: number): number | null {
  return partyTypeOfField[fieldTypeId] ?? null;
}

const clean = (v: string | null | undefined) => {
  const text = v?.trim();
  return text ? text : null;
};

class FieldErrors {
  readonly fields: Record<string, string> = {};
  add(key: string, message: string) {
    this.fields[key] ??= message;
  }
  throwIfAny() {
    const first = Object.values(this.fields)[0];
    if (first) throw badRequest(first, 'validation_failed', this.fields);
  }
}

export async function saveMetadataValues(
  tx: Db,
  ctx: TenantContext,
  loaded: LoadedDocument,
  inputs: MetadataValueInput[],
): Promise<number> {
  const doc = loaded.document;
  const view = await loadMetadataView(tx, loaded);
  const byId = new Map(view.definitions.map((d) => [d.id, d]));
  const errors = new FieldErrors();
  const resolved = new Map<number, Resolved>();
  const orgUnitInputs = new Map<number, MetadataValueInput>();

  for (const [index, input] of inputs.entries()) {
    const def = byId.get(input.metadataDefinitionId);
    if (!def) {
      errors.add(`metadata.${index}`, msg.unknownField(input.metadataDefinitionId));
      continue;
    }
    if (resolved.has(def.id) || orgUnitInputs.has(def.id)) {
      errors.add(def.key, msg.duplicateField(def.name));
      continue;
    }
    const value = clean(input.value);
    if (def.isReadonly || def.isDocumentProperty) {
      // A client may echo read-only fields back unchanged; changing one is refused.
      if (value !== clean(view.effective.get(def.id)))
        errors.add(def.key, msg.fieldReadOnly(def.name));
      continue;
    }
    if (def.fieldTypeId === FieldType.OrgUnit) {
      orgUnitInputs.set(def.id, input);
      continue;
    }
    if (def.fieldTypeId === FieldType.List) {
      const allowed = view.lookups.get(def.id) ?? [];
      if (input.lookupValueId) {
        const chosen = allowed.find((l) => l.id === input.lookupValueId);
        if (!chosen) errors.add(def.key, msg.unknownLookupValue(def.name));
        else
          resolved.set(def.id, {
            value: chosen.lookupValue,
            lookupValueId: chosen.id,
            partyId: null,
          });
        continue;
      }
      const names = allowed.map((l) => l.lookupValue);
      const problem = validateMetadataValue(
        { name: def.name, metadataType: { id: def.fieldTypeId }, isMultiple: def.isMultiple },
        value,
        names,
      );
      if (problem) errors.add(def.key, problem);
      else {
        const match = def.isMultiple ? null : allowed.find((l) => l.lookupValue === value);
        resolved.set(def.id, { value, lookupValueId: match?.id ?? null, partyId: null });
      }
      continue;
    }
    if (isPartyField(def.fieldTypeId)) {
      const isPurchaser =
        loaded.type.templateId === DocumentTemplate.ArInvoice &&
        def.key === MetadataKey.arPurchaserName;
      if (!input.partyId) {
        // Free text is fine for party fields, except the AR purchaser: it is the receiver.
        if (isPurchaser && value !== null) errors.add(def.key, msg.partyNotFound(def.name));
        else resolved.set(def.id, { value, lookupValueId: null, partyId: null });
        continue;
      }
      const party = await repo.findCompanyParty(tx, ctx.companyId, input.partyId);
      const wanted = partyTypeOf(def.fieldTypeId);
      if (!party || !party.isActive) errors.add(def.key, msg.partyNotFound(def.name));
      else if (wanted !== null && party.partyTypeId !== wanted) {
        errors.add(def.key, msg.partyWrongType(def.name));
      } else if (isPurchaser && (party.connectedCompanyId === null || party.isDisconnected)) {
        errors.add(def.key, documentMessages.partyNotConnected);
      } else resolved.set(def.id, { value: party.name, lookupValueId: null, partyId: party.id });
      continue;
    }
    const problem = validateMetadataValue(
      { name: def.name, metadataType: { id: def.fieldTypeId }, isMultiple: def.isMultiple },
      value,
    );
    if (problem) errors.add(def.key, problem);
    else resolved.set(def.id, { value, lookupValueId: null, partyId: null });
  }
  errors.throwIfAny();

  await resolveOrgUnits(tx, ctx, loaded, view, resolved, orgUnitInputs, errors);
  errors.throwIfAny();
  fillDueDateFromTerms(loaded, view, resolved);

  const history: NewHistoryEntry[] = [];
  for (const [defId, next] of resolved) {
    const def = byId.get(defId)!;
    const before = view.stored.get(defId);
    const old = {
      value: before?.value ?? null,
      lookupValueId: before?.lookupValueId ?? null,
      partyId: before?.partyId ?? null,
    };
    if (
      old.value === next.value &&
      old.lookupValueId === next.lookupValueId &&
      old.partyId === next.partyId
    ) {
      continue;
    }
    await repo.upsertMetadataValue(tx, doc.id, defId, next);
    history.push({
      documentId: doc.id,
      companyId: ctx.companyId,
      userId: ctx.userId,
      operationId: HistoryOperation.Edit,
      objectType: 'metadata',
      objectName: def.name,
      metadataDefinitionId: def.id,
      metadataTypeId: def.fieldTypeId,
      oldValue: old.value,
      newValue: next.value,
    });
  }
  if (history.length === 0) return 0;
  await appendHistory(tx, history);
  await syncReceiverWithPurchaser(tx, loaded, view.definitions, resolved, view.stored);
  await repo.touchDocument(tx, doc.id);
  await refreshDocumentIndex(tx, doc.id);
  return history.length;
}

/**
 * An AR invoice's Due Date follows its Payment Terms (docs/payment-runs.md): left empty, it is the
 * date the terms give from the invoice date ('Net 30': 30 days later); a due date that was the
 * computed one follows a change of the terms or the invoice date; a due date the user typed stays.
 */
function fillDueDateFromTerms(
  loaded: LoadedDocument,
  view: Awaited<ReturnType<typeof loadMetadataView>>,
  resolved: Map<number, Resolved>,
) {
  if (loaded.type.templateId !== DocumentTemplate.ArInvoice) return;
  const def = (key: string) => view.definitions.find((d) => d.key === key);
  const [terms, date, due] = [def('docPaymentTerms'), def('docInvoiceDate'), def('docDueDate')];
  if (!terms || !date || !due || due.isReadonly) return;
  const stored = (id: number) => view.stored.get(id)?.value ?? null;
  const next = (id: number) => (resolved.has(id) ? resolved.get(id)!.value : stored(id));
  const computed = paymentDueDate(next(terms.id), next(date.id));
  if (!computed) return;
  const nextDue = next(due.id);
  const wasComputed =
    nextDue === stored(due.id) && nextDue === paymentDueDate(stored(terms.id), stored(date.id));
  if (nextDue === null || (wasComputed && nextDue !== computed))
    resolved.set(due.id, { value: computed, lookupValueId: null, partyId: null });
}

/**
 * OrgUnit fields. On an AR invoice the Bill To profile must be one of the purchaser's connected
 * profiles (spec 1 §4): a changed purchaser clears a Bill To it does not allow and picks the only
 * one when exactly one exists; an explicit Bill To outside the list is a 400. Other OrgUnit
 * fields take one of the company's active profiles. The stored value is the profile's name.
 */
async function resolveOrgUnits(
  tx: Db,
  ctx: TenantContext,
  loaded: LoadedDocument,
  view: Awaited<ReturnType<typeof loadMetadataView>>,
  resolved: Map<number, Resolved>,
  inputs: Map<number, MetadataValueInput>,
  errors: FieldErrors,
) {
  const purchaserDef = view.definitions.find((d) => d.key === MetadataKey.arPurchaserName);
  const billToDef = view.definitions.find((d) => d.key === MetadataKey.orgUnitName);
  const arRule = loaded.type.templateId === DocumentTemplate.ArInvoice && purchaserDef && billToDef;

  for (const [defId, input] of inputs) {
    if (arRule && defId === billToDef.id) continue;
    const def = view.definitions.find((d) => d.id === defId)!;
    const value = clean(input.value);
    if (!input.orgUnitId && value === null) {
      resolved.set(defId, { value: null, lookupValueId: null, partyId: null });
      continue;
    }
    const units = await repo.findActiveOrgUnits(tx, ctx.companyId);
    const unit = units.find((u) => (input.orgUnitId ? u.id === input.orgUnitId : u.name === value));
    if (!unit) errors.add(def.key, msg.orgUnitNotFound(def.name));
    else resolved.set(defId, { value: unit.name, lookupValueId: null, partyId: null });
  }
  if (!arRule) return;

  const storedPurchaser = view.stored.get(purchaserDef.id)?.partyId ?? null;
  const purchaserInput = resolved.get(purchaserDef.id);
  const purchaserId = purchaserInput ? purchaserInput.partyId : storedPurchaser;
  const purchaserChanged = purchaserInput !== undefined && purchaserId !== storedPurchaser;
  const billToInput = inputs.get(billToDef.id);
  const requested = billToInput ? clean(billToInput.value) : null;
  if (!purchaserChanged && (!billToInput || (!billToInput.orgUnitId && requested === null))) {
    if (billToInput)
      resolved.set(billToDef.id, { value: null, lookupValueId: null, partyId: null });
    return;
  }
  const allowed = purchaserId === null ? [] : await connectedOrgUnits(tx, ctx, purchaserId);
  const setBillTo = (value: string | null) =>
    resolved.set(billToDef.id, { value, lookupValueId: null, partyId: null });

  if (billToInput && (billToInput.orgUnitId || requested !== null)) {
    const unit = allowed.find((u) =>
      billToInput.orgUnitId ? u.id === billToInput.orgUnitId : u.name === requested,
    );
    if (!unit) errors.add(billToDef.key, msg.orgUnitNotAllowed(billToDef.name));
    else setBillTo(unit.name);
    return;
  }
  // The purchaser changed and no Bill To was chosen in this save.
  const current = billToInput ? null : clean(view.stored.get(billToDef.id)?.value);
  const keep = current !== null && allowed.some((u) => u.name === current);
  if (keep) return;
  setBillTo(allowed.length === 1 ? allowed[0]!.name : null);
}

/** The purchaser's connected profiles: the same list GET /party/getByIdWithConnectedOrgUnits gives. */
async function connectedOrgUnits(tx: Db, ctx: TenantContext, partyId: number) {
  const party = await getPartyWithConnectedOrgUnits(tx, ctx, partyId);
  return Object.entries(party.connectedOrgUnits).map(([id, name]) => ({ id: Number(id), name }));
}

/**
 * The purchaser of an AR invoice is its receiver: while the invoice has not been sent, choosing
 * another purchaser also changes where Send delivers it.
 */
async function syncReceiverWithPurchaser(
  tx: Db,
  loaded: LoadedDocument,
  definitions: { id: number; key: string }[],
  resolved: Map<number, Resolved>,
  stored: Map<number, { partyId: number | null }>,
) {
  if (loaded.type.templateId !== DocumentTemplate.ArInvoice) return;
  if (loaded.route.side !== 'sent' || loaded.route.routeStatusId !== null) return;
  const def = definitions.find((d) => d.key === MetadataKey.arPurchaserName);
  const next = def ? resolved.get(def.id) : undefined;
  if (!def || !next?.partyId || next.partyId === (stored.get(def.id)?.partyId ?? null)) return;
  const party = await repo.findCompanyParty(tx, loaded.document.ownerCompanyId, next.partyId);
  if (!party) return;
  await repo.touchDocument(tx, loaded.document.id, {
    receivingPartyId: party.id,
    receivingCompanyId: party.connectedCompanyId,
  });
  await repo.updateRoute(tx, loaded.route.companyId, loaded.route.id, {
    partyId: party.id,
    counterpartyCompanyId: party.connectedCompanyId,
  });
}
