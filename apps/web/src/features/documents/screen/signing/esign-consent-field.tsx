import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { signingMessages } from '@flowline/shared';

/**
 * The ESIGN/UETA consent asked before a first electronic signature (docs/signing.md): its text in
 * a scrollable, focusable region and the 'I agree' box. One signature dialog or the bulk one.
 */
export function EsignConsentField({
  text,
  agreeLabel,
  agreed,
  onAgreedChange,
  showError,
  disabled = false,
  withHeading = false,
}: {
  text: string;
  /** 'I agree to sign electronically' (signatureDialogLabels.agree). */
  agreeLabel: string;
  agreed: boolean;
  onAgreedChange(agreed: boolean): void;
  /** Shown after a Return without agreeing. */
  showError: boolean;
  disabled?: boolean;
  withHeading?: boolean;
}) {
  return (
    <Box>
      {withHeading && (
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          Consent to sign electronically
        </Typography>
      )}
      <Box
        tabIndex={0}
        role="region"
        aria-label="Consent to sign electronically"
        sx={{
          maxHeight: 140,
          overflow: 'auto',
          p: 1,
          mb: 1,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          whiteSpace: 'pre-wrap',
          typography: 'body2',
        }}
      >
        {text}
      </Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={agreed}
            disabled={disabled}
            onChange={(_, checked) => onAgreedChange(checked)}
          />
        }
        label={agreeLabel}
      />
      {showError && <FormHelperText error>{signingMessages.consentRequired}</FormHelperText>}
    </Box>
  );
}
