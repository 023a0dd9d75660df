import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api-error';
import { formatCentsForUser } from '../../lib/money';
import { SignaturePad, drawTypedName } from '../documents/screen/signing/signature-pad';
import type { SignoffBody } from './api';
import { newClientId } from './client-id';
import { fieldTicketQueue, useFieldTicketQueue } from './queue/runtime';
import { bodyTotalCents, ticketFormMessages } from './ticket-form';

type Position = NonNullable<SignoffBody['position']>;
type Location =
  { kind: 'asking' } | { kind: 'shared'; position: Position } | { kind: 'not-shared' };

/** The phone's position, once, when the browser gives it (optional evidence). */
function usePosition(): Location {
  const [location, setLocation] = useState<Location>(() =>
    typeof navigator !== 'undefined' && navigator.geolocation
      ? { kind: 'asking' }
      : { kind: 'not-shared' },
  );
  useEffect(() => {
    if (!navigator.geolocation) return;
    let live = true;
    navigator.geolocation.getCurrentPosition(
      (p) => {
        if (!live) return;
        setLocation({
          kind: 'shared',
          position: {
            latitude: p.coords.latitude,
            longitude: p.coords.longitude,
            accuracyMeters: Math.round(p.coords.accuracy),
          },
        });
      },
      () => live && setLocation({ kind: 'not-shared' }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
    return () => {
      live = false;
    };
  }, []);
  return location;
}

export function locationText(location: Location): string {
  if (location.kind === 'asking') return 'Finding the location…';
  if (location.kind === 'not-shared') return 'Location not shared';
  const { latitude, longitude, accuracyMeters } = location.position;
  return `Location: ${latitude.toFixed(5)}, ${longitude.toFixed(5)} (±${accuracyMeters} m)`;
}

/**
 * Sign off (issue 32 item 2): the crew hands the phone to the operator's representative, who
 * reads the ticket, gives a name and title and signs with a finger. 'Sign and send' keeps the
 * signoff with the ticket on the phone; the queue sends the ticket and then the signoff.
 */
export function SignoffPage() {
  const { clientId = '' } = useParams();
  const navigate = useNavigate();
  const items = useFieldTicketQueue();
  const item = items.find((t) => t.clientId === clientId);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [signed, setSigned] = useState(false);
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const [errors, setErrors] = useState<{ name?: string; signature?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const location = usePosition();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    void fieldTicketQueue.load().finally(() => setLoaded(true));
  }, []);

  if (!item) {
    return loaded ? (
      <Alert severity="warning">This ticket is not on this phone.</Alert>
    ) : (
      <Typography>Loading…</Typography>
    );
  }
  if (item.signoff) return <Navigate to={`/field-tickets/queued/${clientId}`} replace />;

  const clear = () => {
    const canvas = canvasRef.current;
    canvas?.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
    setSigned(false);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const next = {
      name: name.trim() ? undefined : ticketFormMessages.signerName,
      signature: signed ? undefined : ticketFormMessages.signature,
    };
    setErrors(next);
    if (next.name || next.signature || !canvasRef.current) return;
    setBusy(true);
    setFailure(null);
    try {
      await fieldTicketQueue.addSignoff(clientId, {
        clientId: newClientId(),
        signerName: name.trim(),
        signerTitle: title.trim() || undefined,
        signedAt: new Date().toISOString(),
        signature: canvasRef.current.toDataURL('image/png'),
        position: location.kind === 'shared' ? location.position : undefined,
      });
      void navigate(`/field-tickets/queued/${clientId}`);
    } catch (error) {
      setFailure(errorMessage(error));
      setBusy(false);
    }
  };

  const { fields, lines } = item.ticket;
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(e) => void submit(e)}
      spacing={2}
      sx={{ maxWidth: 760 }}
    >
      <PageHeader title={`Sign off ticket ${fields.docNumber}`} />
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <Typography sx={{ fontWeight: 600 }}>
          {item.operatorName} · {fields.docWellName}
        </Typography>
        <Typography color="text.secondary">
          Service date {fields.docServiceDate}
          {fields.docStartTime ? ` · ${fields.docStartTime}–${fields.docEndTime ?? ''}` : ''}
        </Typography>
        <Stack component="ul" aria-label="Ticket lines" sx={{ pl: 2, my: 1 }}>
          {lines.map((line, i) => (
            <li key={i}>
              {line.quantity} {line.uom ?? ''} × {line.description} ={' '}
              {formatCentsForUser(Math.round(Number(line.amount ?? 0) * 100))}
            </li>
          ))}
        </Stack>
        <Typography sx={{ fontWeight: 700 }}>
          Ticket total: {formatCentsForUser(bodyTotalCents(item.ticket))}
        </Typography>
      </Paper>
      <Typography>
        Hand the phone to the operator’s representative: they confirm the work by signing.
      </Typography>
      <TextField
        label="Signer's name"
        required
        size="small"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={!!errors.name}
        helperText={errors.name}
        autoComplete="off"
      />
      <TextField
        label="Title"
        size="small"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        autoComplete="off"
      />
      <Stack spacing={0.5}>
        <Typography id="signature-label">Signature (sign in the box)</Typography>
        <SignaturePad
          canvasRef={canvasRef}
          drawable
          onStroke={() => setSigned(true)}
          label="Signature pad"
        />
        {errors.signature && (
          <Typography color="error" variant="body2" role="alert">
            {errors.signature}
          </Typography>
        )}
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Typography variant="body2" color="text.secondary" role="status">
            {locationText(location)}
          </Typography>
          <Stack direction="row">
            {/* Without a finger or a pointer (keyboard users): the name typed as the signature. */}
            <Button
              size="small"
              disabled={!name.trim()}
              onClick={() => {
                if (!canvasRef.current) return;
                drawTypedName(canvasRef.current, name.trim());
                setSigned(true);
              }}
            >
              Sign with typed name
            </Button>
            <Button size="small" onClick={clear}>
              Clear
            </Button>
          </Stack>
        </Stack>
      </Stack>
      {failure && <Alert severity="error">{failure}</Alert>}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={() => void navigate(`/field-tickets/queued/${clientId}`)}>Later</Button>
        <Button type="submit" variant="contained" disabled={busy}>
          Sign and send
        </Button>
      </Stack>
    </Stack>
  );
}
