import { FieldType, PartyType } from '@flowline/shared';

/** How the screen edits each metadata field type (spec 3 §9 field type ids). */
export type FieldKind =
  | 'text'
  | 'textArea'
  | 'currency'
  | 'numeric'
  | 'date'
  | 'dateTime'
  | 'list'
  | 'party'
  | 'company'
  | 'orgUnit'
  | 'documentType';

/** Party pickers: the party type they list (null: any connected party). */
export const partyTypeOfField: Readonly<Record<number, number | null>> = {
  [FieldType.Vendor]: PartyType.Vendor,
  [FieldType.Owner]: PartyType.Owner,
  [FieldType.Operator]: PartyType.Operator,
  [FieldType.Bank]: PartyType.Bank,
  [FieldType.Purchaser]: PartyType.Purchaser,
  [FieldType.Party]: null,
};

export function fieldKind(metadataTypeId: number): FieldKind {
  switch (metadataTypeId) {
    case FieldType.TextArea:
      return 'textArea';
    case FieldType.Currency:
      return 'currency';
    case FieldType.Numeric:
      return 'numeric';
    case FieldType.Date:
      return 'date';
    case FieldType.DateTime:
      return 'dateTime';
    case FieldType.List:
      return 'list';
    case FieldType.Company:
      return 'company';
    case FieldType.OrgUnit:
      return 'orgUnit';
    case FieldType.DocumentType:
      return 'documentType';
    default:
      return metadataTypeId in partyTypeOfField ? 'party' : 'text';
  }
}
