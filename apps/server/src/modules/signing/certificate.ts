import type { TenantContext } from '../../auth/request-context';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import type { BlobStore } from '../../platform/blob-store/index';
import * as documents from '../documents/repository';
import { renderCertificate } from './certificate-pdf';
import { verifyDocumentEvidence } from './evidence-service';
import { loadSigningCertificate } from './signing-certificate';

/**
 * The certificate of completion of a document the caller can read (GET
 * /documents/{id}/certificate and the analyst's zip of signed orders); 404 while there is no
 * evidence. Producing it never touches the signed file.
 */
export async function certificateOf(
  db: Db,
  blobStore: BlobStore,
  config: Pick<AppConfig, 'dataDir' | 'dataEncryptionKeys' | 'signing'>,
  ctx: TenantContext,
  documentId: number,
): Promise<{ pdf: Uint8Array; fileName: string }> {
  const { loaded, entries, verification } = await verifyDocumentEvidence(
    db,
    blobStore,
    ctx,
    documentId,
  );
  if (entries.length === 0) {
    throw notFound('This document has no signing evidence yet.', 'certificate_not_found');
  }
  const doc = loaded.document;
  const names = await documents.findCompanyNames(
    db,
    [doc.ownerCompanyId, doc.receivingCompanyId].filter((c): c is number => c !== null),
  );
  const signed = entries.some((e) => e.event === 'sign');
  const certificate = signed ? await loadSigningCertificate(config) : null;
  const pdf = await renderCertificate({
    documentId: doc.id,
    chainDocumentId: doc.versionRootId ?? doc.id,
    documentTypeName: loaded.type.name,
    fileName: doc.fileName,
    sender: names.get(doc.ownerCompanyId) ?? '',
    receiver: doc.receivingCompanyId === null ? '' : (names.get(doc.receivingCompanyId) ?? ''),
    entries,
    verification,
    signingCertificate: certificate,
    generatedAt: new Date(),
  });
  return { pdf, fileName: `certificate-of-completion-${doc.id}.pdf` };
}
