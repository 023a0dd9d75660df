import { useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api-error';
import { useLegalDocument, useLegalDocumentList } from './api';
import { LegalDocumentForm } from './legal-document-form';
import { legalDocumentTypeName, parseLegalDocumentTypeId } from './legal-document-names';

const positiveId = (value: string | null | undefined): number | null => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/**
 * /admin/legalDocument/{type}/{id|create} (spec 3 §2). `?replace={id}` comes from a list row's
 * replace button: a new upload that takes that document's place, starting from its sharing.
 */
export function LegalDocumentFormPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const typeId = parseLegalDocumentTypeId(params.legalDocumentTypeId);
  const creating = params.id === 'create';
  const id = creating ? null : positiveId(params.id);
  const replaceId = creating ? positiveId(search.get('replace')) : null;
  const name = legalDocumentTypeName(typeId ?? undefined);
  const title = creating ? `Upload ${name}` : `Edit ${name}`;

  const document = useLegalDocument(id);
  const replaced = useLegalDocument(replaceId);
  // Whether an active document of the type exists decides if saving must ask first (spec 3 §4).
  const active = useLegalDocumentList(
    { legalDocumentTypeId: typeId ?? 1, isActive: true, page: 1, pageSize: 1 },
    typeId !== null,
  );

  const failure =
    typeId === null || (!creating && id === null)
      ? 'This legal document does not exist.'
      : (document.error ?? replaced.error ?? active.error);
  if (failure) {
    return (
      <>
        <PageHeader title={title} />
        <Alert severity="error">
          {typeof failure === 'string' ? failure : errorMessage(failure)}
        </Alert>
      </>
    );
  }
  const loading =
    (id !== null && !document.data) || (replaceId !== null && !replaced.data) || !active.data;
  if (loading || typeId === null) {
    return (
      <>
        <PageHeader title={title} />
        <CircularProgress aria-label="Loading the document" />
      </>
    );
  }

  const activeDocument = active.data.items[0] ?? null;
  return (
    <LegalDocumentForm
      key={document.data?.id ?? `new-${replaceId ?? ''}`}
      title={title}
      typeId={typeId}
      document={document.data ?? null}
      replacing={replaced.data ?? null}
      activeDocumentId={activeDocument?.id ?? null}
    />
  );
}
