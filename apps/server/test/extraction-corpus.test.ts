import { describe, expect, it } from 'vitest';
import { generateTextDocuments } from '../../../bench/extraction/corpus';
import { sameValue } from '../../../bench/extraction/score';
import {
  detectDocumentType,
  proposeMetadata,
} from '../src/modules/document-intelligence/proposals/index';
import { readDocumentPages } from '../src/modules/document-intelligence/reading/index';

/**
 * End to end on the text-PDF path: documents from the accuracy bench's generator (bench/
 * extraction), read by pdf.js, proposed by the rules, compared with their ground truth.
 */
describe('extraction corpus', () => {
  it('proposes every printed field of generated documents and detects their type', async () => {
    const docs = await generateTextDocuments({ seed: 2026, texts: 3 });
    expect(docs.map((d) => d.truth.kind)).toEqual(['invoice', 'invoice', 'divisionOrder']);
    for (const doc of docs) {
      const pages = await readDocumentPages({ buffer: Buffer.from(doc.bytes) }, doc.contentType);
      const { values, lineItems } = proposeMetadata(doc.truth.documentTypeId, pages);
      for (const [key, expected] of Object.entries(doc.truth.fields)) {
        const got = values.find((v) => v.key === key);
        expect(got, `${doc.truth.file} ${key}`).toBeDefined();
        expect(
          sameValue(key, expected, got!.value),
          `${doc.truth.file} ${key}: ${got!.value}`,
        ).toBe(true);
      }
      expect(lineItems.map((l) => l.amount)).toEqual(doc.truth.lineItems.map((l) => l.amount));
      expect(detectDocumentType(pages).documentTypeId).toBe(doc.truth.documentTypeId);
    }
  });
});
