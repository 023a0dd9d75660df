import { useNavigate } from 'react-router';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import HubOutlined from '@mui/icons-material/HubOutlined';
import { Terminology, pluralizeTerm } from '@flowline/shared';
import { useSession } from '../../features/session/use-session';
import { useNetworkMatchesCount } from '../../features/network/api';
import { useTerm } from '../../features/terminology/api';

/** Goes to the possible connections; the red badge counts network matches (spec 2 §2.2). */
export function ConnectionsButton({ compact = false }: { compact?: boolean }) {
  const { isAdministrator } = useSession();
  // Matching and connecting are admin screens, so only administrators' sessions ask for the count.
  const count = useNetworkMatchesCount({ enabled: isAdministrator });
  const navigate = useNavigate();
  // The company's term for a party, e.g. 'Partners' (spec 3: every place a term is shown).
  const title = pluralizeTerm(useTerm(Terminology.Party));
  const label = count > 0 ? `${title}, ${count} network matches` : title;
  const icon = (
    // No content at zero: the hidden badge's "0" would otherwise be part of the button's visible
    // text, which its name must contain (Lighthouse label-content-name-mismatch).
    <Badge badgeContent={count > 0 ? count : undefined} color="error" max={99}>
      <HubOutlined />
    </Badge>
  );
  if (compact) {
    return (
      <IconButton color="inherit" aria-label={label} onClick={() => navigate('/admin/connections')}>
        {icon}
      </IconButton>
    );
  }
  return (
    <Button
      color="inherit"
      onClick={() => navigate('/admin/connections')}
      aria-label={label}
      startIcon={icon}
      sx={{ whiteSpace: 'nowrap', '& .MuiButton-startIcon': { mr: count > 0 ? 1.5 : 1 } }}
    >
      {title}
    </Button>
  );
}
