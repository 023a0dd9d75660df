import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import {
  DECLINE_REASONS,
  DeclineReason,
  RETURN_REASON_MAX,
  declineMessages,
  declineReasonLabels,
} from '@flowline/shared';

/** What the owner chose; `code` null until a reason is picked. */
export interface DeclineChoice {
  code: DeclineReason | null;
  details: string;
}

export const emptyDeclineChoice: DeclineChoice = { code: null, details: '' };

/** The problem with a choice, as the server would say it (null: fine to send). */
export function declineChoiceError(choice: DeclineChoice): {
  code: string | null;
  details: string | null;
} {
  const details = choice.details.trim();
  return {
    code: choice.code === null ? declineMessages.reasonRequired : null,
    details:
      details.length > RETURN_REASON_MAX
        ? declineMessages.detailsTooLong
        : choice.code === DeclineReason.other && details.length === 0
          ? declineMessages.detailsRequired
          : null,
  };
}

/**
 * Issue 31 item 3: the decline reason, required, from the shared list; 'Other' requires the
 * owner's words, the others take them optionally. Used by the single and the bulk decline.
 */
export function DeclineReasonFields({
  value,
  onChange,
  showErrors,
  disabled,
}: {
  value: DeclineChoice;
  onChange(next: DeclineChoice): void;
  /** After a first try to send: show what is missing. */
  showErrors: boolean;
  disabled?: boolean;
}) {
  const labelId = useId();
  const errors = declineChoiceError(value);
  const codeError = showErrors ? errors.code : null;
  // Too long shows at once; a missing 'Other' text once the owner tried to send.
  const detailsError =
    errors.details === declineMessages.detailsTooLong || showErrors ? errors.details : null;
  return (
    <>
      <FormControl error={codeError !== null} required disabled={disabled}>
        <FormLabel id={labelId}>{declineMessages.reasonLabel}</FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
          value={value.code ?? ''}
          onChange={(event) => onChange({ ...value, code: event.target.value as DeclineReason })}
        >
          {DECLINE_REASONS.map((code) => (
            <FormControlLabel
              key={code}
              value={code}
              control={<Radio />}
              label={declineReasonLabels[code]}
            />
          ))}
        </RadioGroup>
        {codeError && <FormHelperText>{codeError}</FormHelperText>}
      </FormControl>
      <TextField
        label={
          value.code === DeclineReason.other
            ? declineMessages.detailsLabel
            : declineMessages.detailsOptionalLabel
        }
        required={value.code === DeclineReason.other}
        value={value.details}
        onChange={(event) => onChange({ ...value, details: event.target.value })}
        multiline
        minRows={2}
        fullWidth
        disabled={disabled}
        error={detailsError !== null}
        helperText={detailsError ?? declineMessages.help}
        sx={{ mt: 2 }}
      />
    </>
  );
}
