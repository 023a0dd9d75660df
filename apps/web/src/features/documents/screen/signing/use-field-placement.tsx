import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  decideSignatureFieldEdit,
  signatureFieldMessages as msg,
  type DocumentDto,
} from '@flowline/shared';
import { useSnackbar } from '../../../../components/snackbar';
import { errorMessage } from '../../../../lib/api-error';
import { useSession } from '../../../session/use-session';
import type { SignatureCapture } from './capture-layer';
import { useSaveSignatureField, useSignatureField } from './signature-field-api';

export interface FieldPlacement {
  /** 'Place signature field' and where the field is now; null when the user may not place it. */
  bar: React.ReactNode;
  /** For the viewer while the operator draws the box. */
  capture: SignatureCapture | null;
}

/**
 * The operator's side of signature fields (issue 31 item 1): on its own pending division order,
 * until the owner returns it, 'Place signature field' turns the viewer into a drawing mode; the
 * box dragged (or clicked: the default size) is saved with the document and shown outlined.
 */
export function useFieldPlacement(doc: DocumentDto): FieldPlacement {
  const { user } = useSession();
  const snackbar = useSnackbar();
  const [placing, setPlacing] = useState(false);
  const allowed = decideSignatureFieldEdit({
    templateId: doc.documentTypeTemplateId,
    side: doc.side,
    routeStatusId: doc.routeStatusId,
    userType: user.userType,
    roles: user.roles,
  }).allowed;
  const field = useSignatureField(doc.id, allowed).data?.field ?? null;
  const save = useSaveSignatureField(doc.id);

  if (!allowed) return { bar: null, capture: null };

  const capture: SignatureCapture | null = placing
    ? {
        onCaptured: (page, area) =>
          save.mutate(
            { page, area },
            {
              onSuccess: () => {
                setPlacing(false);
                snackbar.showSuccess(msg.saved);
              },
              onError: (error) => snackbar.showError(errorMessage(error)),
            },
          ),
        onCancel: () => setPlacing(false),
        field: field && { page: field.page, area: field.area },
        fieldAction: 'show',
        hint: msg.placeHint,
      }
    : null;

  const where = field
    ? `Signature field: page ${field.page} · ${field.source === 'operator' ? msg.operator : msg.automatic}`
    : 'No signature field yet: the owner places the signature by hand.';
  const bar = (
    <Stack
      direction="row"
      spacing={1}
      sx={{ px: 1.5, py: 0.5, alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
        {where}
      </Typography>
      <Button
        size="small"
        variant="outlined"
        disabled={placing || save.isPending}
        onClick={() => setPlacing(true)}
      >
        {msg.placeMode}
      </Button>
    </Stack>
  );
  return { bar, capture };
}
