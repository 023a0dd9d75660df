import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { suggestionText } from './detect';

/**
 * A suggested type next to the one the user chose: never applied silently — one click on
 * 'Use this type' applies it.
 */
export function TypeSuggestion({
  name,
  confidence,
  onUse,
  disabled,
}: {
  name: string;
  confidence: number;
  onUse(): void;
  disabled?: boolean | undefined;
}) {
  return (
    <Alert
      severity="info"
      variant="outlined"
      role="status"
      action={
        <Button color="inherit" size="small" onClick={onUse} disabled={disabled}>
          Use this type
        </Button>
      }
      sx={{ alignItems: 'center' }}
    >
      {suggestionText(name, confidence)}
    </Alert>
  );
}
