import type { DateFormat, DocumentMetadataEntry } from '@flowline/shared';

export interface MetadataFieldProps {
  entry: DocumentMetadataEntry;
  /** The field's form name (`f{definitionId}`). */
  name: string;
  readOnly: boolean;
  dateFormat: DateFormat;
}
