import { useEffect, useId, useRef, useState } from 'react';
import { BulkProgress } from './bulk-progress';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import {
  signingMessages,
  type BulkReturnItem,
  type ResultColumn,
  type ResultRow,
} from '@flowline/shared';
import { errorMessage } from '../../../lib/api-error';
import { useSession } from '../../session/use-session';
import { useAgreeToConsent, useEsignConsent, useStoredSignature } from '../screen/signing/api';
import { EsignConsentField } from '../screen/signing/esign-consent-field';
import { nameError, signatureDialogLabels } from '../screen/signing/signature-dialog';
import { SignaturePad, canvasPng, drawImage, drawTypedName } from '../screen/signing/signature-pad';
import { BULK_SIGNING_SLICE, documentListKeys, signInBulk } from './api';
import { documentPath } from './document-columns';
import { useDateFormatter } from '../../preferences';
import { formatMetadataValue } from './format-value';

export const bulkSignLabels = {
  title: (n: number) => `Sign ${n} division order${n === 1 ? '' : 's'}`,
  review:
    'Review what you sign: each order gets your signature on its last page, above the owner signature line, with your name and the date.',
  sign: (n: number) => `Sign ${n}`,
  progress: (done: number, total: number) => `Signed ${done} of ${total}`,
  summary: (signed: number, refused: number) =>
    `${signed} returned signed${refused > 0 ? `, ${refused} not signed` : ''}.`,
  open: 'Open',
  close: 'Close',
} as const;

/** The review shows these fields, when the list carries them. */
const reviewKeys = ['docPropertyName', 'docWellName', 'docDecimalInterest', 'docEffectiveDate'];

type Mode = 'draw' | 'type';

export interface BulkSignDialogProps {
  rows: ResultRow[];
  columns: ResultColumn[];
  onClose(): void;
}

/**
 * Issue 31 item 2: one review screen, one consent, one signature for the selected pending division
 * orders. The selection is posted in slices so the bar moves; each order's result is listed.
 */
export function BulkSignDialog({ rows, columns, onClose }: BulkSignDialogProps) {
  const { user } = useSession();
  const titleId = useId();
  const queryClient = useQueryClient();
  const stored = useStoredSignature(user.id, true);
  const consent = useEsignConsent(true);
  const agree = useAgreeToConsent();
  const canvas = useRef<HTMLCanvasElement>(null);
  const dates = useDateFormatter();

  const defaultName = `${user.firstName} ${user.lastName}`.trim() || user.displayName;
  const [typedName, setFullName] = useState<string | null>(null);
  const [nameTouched, setNameTouched] = useState(false);
  const [mode, setMode] = useState<Mode>('draw');
  const [hasDrawing, setHasDrawing] = useState(false);
  const [savedImage, setSavedImage] = useState<string | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [consentError, setConsentError] = useState(false);
  const [running, setRunning] = useState(false);
  const [results, setResults] = useState<BulkReturnItem[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const fullName = typedName ?? stored.data?.fullName ?? defaultName;
  useEffect(() => {
    if (mode === 'type' && canvas.current) drawTypedName(canvas.current, fullName.trim());
  }, [mode, fullName]);

  const needsConsent = consent.data?.consentedAt === null;
  const error = nameError(fullName, nameTouched);
  const signature = mode === 'type' ? fullName.trim().length > 0 : hasDrawing;
  const finished = results !== null && results.length === rows.length && !running;
  const ready =
    fullName.trim().length > 0 && error === null && signature && consent.isSuccess && !running;

  const reviewColumns = reviewKeys
    .map((key) => ({ index: columns.findIndex((c) => c.key === key), key }))
    .filter((c) => c.index >= 0)
    .map((c) => ({ ...c, column: columns[c.index]! }));
  const resultOf = (id: number) => results?.find((r) => r.id === id);

  const clear = () => {
    const context = canvas.current?.getContext('2d');
    context?.clearRect(0, 0, canvas.current?.width ?? 0, canvas.current?.height ?? 0);
    setHasDrawing(false);
    setSavedImage(null);
  };

  const sign = async () => {
    if (!ready || !consent.data || !canvas.current) return;
    if (needsConsent && !agreed) {
      setConsentError(true);
      return;
    }
    setRunning(true);
    setFailure(null);
    setResults([]);
    try {
      if (needsConsent) await agree.mutateAsync(consent.data.version);
      const image = mode === 'draw' && savedImage ? savedImage : canvasPng(canvas.current);
      const ids = rows.map((r) => r.id);
      for (let i = 0; i < ids.length; i += BULK_SIGNING_SLICE) {
        const answer = await signInBulk({
          ids: ids.slice(i, i + BULK_SIGNING_SLICE),
          signed: true,
          fullName: fullName.trim(),
          signatureImageAsBase64: image,
          consentVersion: consent.data.version,
          // Stored once, with the first slice.
          saveSignature: i === 0,
        });
        setResults((before) => [...(before ?? []), ...answer.results]);
      }
    } catch (caught) {
      setFailure(caught);
    } finally {
      setRunning(false);
      void queryClient.invalidateQueries({ queryKey: documentListKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['user-signature'] });
    }
  };

  const signedCount = results?.filter((r) => r.ok).length ?? 0;
  const refusedCount = (results?.length ?? 0) - signedCount;

  return (
    <Dialog
      open
      onClose={running ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
    >
      <DialogTitle id={titleId}>{bulkSignLabels.title(rows.length)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {bulkSignLabels.review}
          </Typography>
          <List
            dense
            aria-label="Division orders to sign"
            sx={{ maxHeight: 260, overflow: 'auto' }}
          >
            {rows.map((row) => {
              const result = resultOf(row.id);
              const details = reviewColumns
                .map(({ index, column }) => {
                  const value = formatMetadataValue(
                    row.values[index] ?? null,
                    column.metadataType.id,
                    dates,
                    column.key,
                  );
                  return value ? `${column.name}: ${value}` : null;
                })
                .filter(Boolean)
                .join(' · ');
              return (
                <ListItem
                  key={row.id}
                  divider
                  secondaryAction={
                    <Link
                      component={RouterLink}
                      to={documentPath(result?.documentId ?? row.id)}
                      target="_blank"
                      rel="noopener"
                    >
                      {bulkSignLabels.open}
                    </Link>
                  }
                >
                  <ListItemText
                    primary={details || `Division order #${row.id}`}
                    secondary={
                      result
                        ? result.ok
                          ? signingMessages.returnedSigned
                          : `Not signed: ${result.error?.message ?? ''}`
                        : null
                    }
                    slotProps={{
                      secondary: { color: result && !result.ok ? 'error' : 'success.main' },
                    }}
                  />
                </ListItem>
              );
            })}
          </List>
          {results !== null && (
            <BulkProgress
              done={results.length}
              total={rows.length}
              finished={finished}
              progress={bulkSignLabels.progress(results.length, rows.length)}
              summary={bulkSignLabels.summary(signedCount, refusedCount)}
            />
          )}
          {!finished && (
            <>
              <TextField
                label={signatureDialogLabels.fullName}
                required
                fullWidth
                value={fullName}
                onChange={(event) => setFullName(event.target.value)}
                onBlur={() => setNameTouched(true)}
                error={error !== null}
                helperText={error ?? ' '}
                autoComplete="name"
                disabled={running}
              />
              <Box>
                <Tabs
                  value={mode}
                  onChange={(_, next: Mode) => {
                    clear();
                    setMode(next);
                  }}
                  aria-label="How to sign"
                >
                  <Tab value="draw" label="Draw" />
                  <Tab value="type" label="Type" />
                </Tabs>
                <Box sx={{ pt: 1 }}>
                  <SignaturePad
                    canvasRef={canvas}
                    drawable={mode === 'draw' && !running}
                    label={
                      mode === 'draw' ? signatureDialogLabels.pad : signatureDialogLabels.typedPad
                    }
                    onStroke={() => {
                      setSavedImage(null);
                      setHasDrawing(true);
                    }}
                  />
                  {mode === 'draw' && (
                    <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                      <Button size="small" onClick={clear} disabled={!hasDrawing || running}>
                        {signatureDialogLabels.clear}
                      </Button>
                      {stored.data && (
                        <Button
                          size="small"
                          disabled={running}
                          onClick={() => {
                            if (!canvas.current || !stored.data) return;
                            drawImage(canvas.current, stored.data.signatureImageAsBase64);
                            setSavedImage(stored.data.signatureImageAsBase64);
                            setHasDrawing(true);
                          }}
                        >
                          {signatureDialogLabels.useSaved}
                        </Button>
                      )}
                    </Stack>
                  )}
                  {mode === 'draw' && !hasDrawing && (
                    <FormHelperText>{signingMessages.imageRequired}</FormHelperText>
                  )}
                </Box>
              </Box>
              {needsConsent && consent.data && (
                <EsignConsentField
                  text={consent.data.text}
                  agreeLabel={signatureDialogLabels.agree}
                  agreed={agreed}
                  onAgreedChange={(checked) => {
                    setAgreed(checked);
                    if (checked) setConsentError(false);
                  }}
                  showError={consentError}
                  disabled={running}
                />
              )}
            </>
          )}
          {(failure ?? agree.error ?? consent.error) && (
            <Alert severity="error">{errorMessage(failure ?? agree.error ?? consent.error)}</Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={running}>
          {finished ? bulkSignLabels.close : 'Cancel'}
        </Button>
        {!finished && (
          <Button variant="contained" onClick={() => void sign()} disabled={!ready}>
            {bulkSignLabels.sign(rows.length)}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
