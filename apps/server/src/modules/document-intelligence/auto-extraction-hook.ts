import type { Db } from '../../db/client';
import { applyAutoExtraction as apply } from './auto-extraction';

/**
 * Called by the reading job once a document's pages are stored, before it is announced done:
 * auto-extraction proposes metadata values and line items from the words (auto-extraction.ts).
 * It never overwrites a value someone gave.
 */
export async function applyAutoExtraction(db: Db, documentId: number): Promise<void> {
  await apply(db, documentId);
}
