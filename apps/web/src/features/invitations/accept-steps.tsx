import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Terminology, pluralizeTerm, type OrgUnitListItem } from '@flowline/shared';
import { useTerm } from '../terminology/api';

export type ProfileChoice = 'existing' | 'new';

/** Step 1 (spec 2 §2.8): the user confirms the due diligence before going on. */
export function TermsStep({ agreed, onChange }: { agreed: boolean; onChange(on: boolean): void }) {
  return (
    <>
      <Typography sx={{ mb: 2 }}>
        By accepting this invitation you will receive documents from an outside party. Your company
        policy requires due diligence on a party before its documents are accepted.
      </Typography>
      <FormControlLabel
        control={<Checkbox checked={agreed} onChange={(e) => onChange(e.target.checked)} />}
        label="I agree that due diligence per company policy was done before accepting documents from outside parties"
      />
    </>
  );
}

/** Step 2: an existing profile (recommended) or a new one (advanced). */
export function ChoiceStep({
  choice,
  onChange,
}: {
  choice: ProfileChoice;
  onChange(choice: ProfileChoice): void;
}) {
  // Issue 11 item 17: the company's names for a profile and a connection.
  const profile = useTerm(Terminology.OrgUnit).toLowerCase();
  const connection = useTerm(Terminology.Party).toLowerCase();
  return (
    <FormControl>
      <FormLabel id="accept-profile-choice">
        Which {profile} should hold this {connection}?
      </FormLabel>
      <RadioGroup
        aria-labelledby="accept-profile-choice"
        value={choice}
        onChange={(e) => onChange(e.target.value === 'new' ? 'new' : 'existing')}
      >
        <FormControlLabel
          value="existing"
          control={<Radio />}
          label={`Use a ${profile} with an existing ${connection} (recommended)`}
        />
        <FormControlLabel
          value="new"
          control={<Radio />}
          label={`Create a new ${profile} (advanced)`}
        />
      </RadioGroup>
    </FormControl>
  );
}

/** Step 3, existing path: the profile dropdown, fixed when the company has a single profile. */
export function ExistingProfileStep({
  profiles,
  loading,
  value,
  onChange,
}: {
  profiles: OrgUnitListItem[];
  loading: boolean;
  value: number | null;
  onChange(id: number): void;
}) {
  const term = useTerm(Terminology.OrgUnit);
  const lower = term.toLowerCase();
  if (loading) return <CircularProgress size={24} aria-label={`Loading ${pluralizeTerm(lower)}`} />;
  if (profiles.length === 0) {
    return (
      <Typography>
        The company has no active {lower} yet. Go back and choose to create a new {lower}.
      </Typography>
    );
  }
  return (
    <TextField
      select
      label={term}
      value={value ?? ''}
      onChange={(e) => onChange(Number(e.target.value))}
      disabled={profiles.length === 1}
      sx={{ minWidth: 320 }}
    >
      {profiles.map((p) => (
        <MenuItem key={p.id} value={p.id}>
          {p.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
