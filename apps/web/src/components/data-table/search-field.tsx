import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';

/** The search box above a list; the list debounces what is typed before asking the server. */
export function SearchField({
  value,
  onChange,
  label = 'Search',
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
}) {
  return (
    <TextField
      type="search"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
