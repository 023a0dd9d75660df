import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import {
  UserType,
  featureFlagLabels,
  featureFlagMessages,
  type CompanyFeatureFlags,
  type FeatureFlagDefault,
  type FeatureFlagState,
} from '@flowline/shared';
import { SearchField } from '../../components/data-table';
import { NotFoundPage } from '../../components/page-not-found';
import { PageHeader } from '../../components/page-header';
import { useSnackbar } from '../../components/snackbar';
import { errorMessage } from '../../lib/api-error';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useSession } from '../session/use-session';
import { useCompanyFeatureFlags, useSetCompanyFeatureFlag } from './api';

export const FEATURE_FLAGS_PATH = '/admin/featureflags';
const PAGE_SIZES = [10, 25, 50];

/**
 * /admin/featureflags: Global (support) users switch the four feature flags per company
 * (docs/feature-flags.md). Everyone else gets Page Not found; the server refuses them too (403).
 */
export function FeatureFlagsPage() {
  const { user } = useSession();
  if (user.userType !== UserType.Global) return <NotFoundPage />;
  return <FeatureFlagsAdmin />;
}

function FeatureFlagsAdmin() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const debounced = useDebouncedValue(search.trim(), 300);
  const list = useCompanyFeatureFlags(debounced, page + 1, pageSize);

  return (
    <>
      <PageHeader title={featureFlagMessages.title} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        A company without its own setting follows the deployment default. Changes apply the next
        time the company&apos;s users load Flowline and are recorded with your name.
      </Typography>
      {list.data && <Defaults defaults={list.data.defaults} />}
      <SearchField
        label="Search companies"
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPage(0);
        }}
      />
      {list.isError && <Alert severity="error">{errorMessage(list.error)}</Alert>}
      {list.isPending ? (
        <CircularProgress aria-label="Loading" />
      ) : list.data && list.data.items.length === 0 ? (
        <Typography>No company matches.</Typography>
      ) : (
        <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.data?.items.map((company) => (
            <CompanyFlags key={company.companyId} company={company} />
          ))}
        </Stack>
      )}
      {list.data && list.data.totalRecords > 0 && (
        <TablePagination
          component="div"
          count={list.data.totalRecords}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_e, next) => setPage(next)}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(0);
          }}
        />
      )}
    </>
  );
}

function Defaults({ defaults }: { defaults: readonly FeatureFlagDefault[] }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      Deployment defaults:{' '}
      {defaults.map((d) => `${featureFlagLabels[d.flag]} ${d.enabled ? 'on' : 'off'}`).join(' · ')}
    </Typography>
  );
}

function CompanyFlags({ company }: { company: CompanyFeatureFlags }) {
  const headingId = `feature-flags-company-${company.companyId}`;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.1rem', overflowWrap: 'anywhere' }}>
        {company.companyName}{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          {company.companyCode}
        </Typography>
      </Typography>
      <Box
        role="group"
        aria-labelledby={headingId}
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          columnGap: 3,
          rowGap: 1,
          mt: 1,
        }}
      >
        {company.flags.map((state) => (
          <FlagSwitch key={state.flag} company={company} state={state} />
        ))}
      </Box>
    </Paper>
  );
}

function FlagSwitch({ company, state }: { company: CompanyFeatureFlags; state: FeatureFlagState }) {
  const save = useSetCompanyFeatureFlag();
  const snackbar = useSnackbar();
  const label = featureFlagLabels[state.flag];
  const own = state.source === 'company';
  const change = (enabled: boolean | null) =>
    save.mutate(
      { companyId: company.companyId, flag: state.flag, enabled },
      {
        onSuccess: () =>
          snackbar.showSuccess(
            enabled === null ? featureFlagMessages.reset : featureFlagMessages.saved,
          ),
        onError: (error) => snackbar.showError(errorMessage(error)),
      },
    );

  return (
    <Stack
      direction="row"
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, minHeight: 48 }}
    >
      <FormControlLabel
        sx={{ mr: 'auto' }}
        control={
          <Switch
            checked={state.enabled}
            disabled={save.isPending}
            onChange={(e) => change(e.target.checked)}
            slotProps={{ input: { 'aria-label': `${label} for ${company.companyName}` } }}
          />
        }
        label={label}
      />
      <Chip
        size="small"
        variant={own ? 'filled' : 'outlined'}
        color={own ? 'primary' : 'default'}
        label={own ? 'Own setting' : 'Default'}
      />
      {own && (
        <Button
          size="small"
          disabled={save.isPending}
          // Starts with the visible text (label-content-name-mismatch, issue 27 item 30).
          aria-label={`Reset to default: ${label} for ${company.companyName}`}
          onClick={() => change(null)}
        >
          Reset to default
        </Button>
      )}
    </Stack>
  );
}
