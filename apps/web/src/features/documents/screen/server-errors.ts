import type { DocumentMetadataEntry, MetadataValueInput } from '@flowline/shared';
import { isApiError } from '../../../lib/api-error';
import { fieldName } from './metadata/form-values';

/**
 * The field errors of a refused save or send, by form field name. The server names a field by its
 * position in the body ('metadata.2.value'), its definition id or its key.
 */
export function serverFieldErrors(
  error: unknown,
  payload: readonly MetadataValueInput[],
  entries: readonly DocumentMetadataEntry[],
): Array<{ name: string; message: string }> {
  if (!isApiError(error) || !error.fields) return [];
  const found: Array<{ name: string; message: string }> = [];
  for (const [path, message] of Object.entries(error.fields)) {
    const position = /^metadata\.(\d+)/.exec(path);
    const byPosition = position ? payload[Number(position[1])]?.metadataDefinitionId : undefined;
    const entry =
      byPosition !== undefined
        ? entries.find((e) => e.metadata.id === byPosition)
        : entries.find((e) => e.metadata.key === path || String(e.metadata.id) === path);
    if (entry) found.push({ name: fieldName(entry.metadata.id), message });
  }
  return found;
}
