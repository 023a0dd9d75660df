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

export type ConnectProfileChoice = 'existing' | 'new';
/** Spec 2 §2.11's message, with the company's term for a profile. */
export const noProfilesText = (profile = 'Profile') =>
  `No ${pluralizeTerm(profile).toLowerCase()} found. Please create a new ${profile.toLowerCase()}`;
export const noProfilesMessage = noProfilesText();

/** Step 1 of the connect wizard (spec 2 §2.11): an existing profile or a new one. */
export function ConnectChoiceStep({
  choice,
  onChange,
}: {
  choice: ConnectProfileChoice;
  onChange(choice: ConnectProfileChoice): void;
}) {
  const profile = useTerm(Terminology.OrgUnit).toLowerCase();
  const connection = useTerm(Terminology.Party).toLowerCase();
  return (
    <FormControl>
      <FormLabel id="connect-profile-choice">
        Which {profile} should hold this {connection}?
      </FormLabel>
      <RadioGroup
        aria-labelledby="connect-profile-choice"
        value={choice}
        onChange={(e) => onChange(e.target.value === 'new' ? 'new' : 'existing')}
      >
        <FormControlLabel
          value="existing"
          control={<Radio />}
          label={`Use an existing ${profile}`}
        />
        <FormControlLabel value="new" control={<Radio />} label={`Create a new ${profile}`} />
      </RadioGroup>
    </FormControl>
  );
}

/** Step 2, existing path: the profile select (the wizard picks the only one by itself). */
export function ConnectProfileStep({
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
  if (loading) return <CircularProgress size={24} aria-label="Loading profiles" />;
  if (profiles.length === 0) return <Typography role="status">{noProfilesText(term)}</Typography>;
  return (
    <TextField
      select
      label={term}
      value={value ?? ''}
      onChange={(e) => onChange(Number(e.target.value))}
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
