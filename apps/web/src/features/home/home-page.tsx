import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { PartyType, Terminology, pluralizeTerm } from '@flowline/shared';
import { PageHeader } from '../../components/page-header';
import { FullPageSpinner } from '../../components/full-page-spinner';
import { useSession } from '../session/use-session';
import { useTerm } from '../terminology/api';
import {
  useDashboardStats,
  useDocumentsReceivedPerDay,
  useDocumentsSentPerDay,
  useHasConnections,
  useRejectedInvoices,
  useUnsignedDivisionOrders,
} from './api';
import { DailyDocumentsChart, InvoicesSentChart, PaymentStatusChart } from './dashboard-charts';
import { DocumentRowsTable, Widget } from './dashboard-widgets';

/** The getting-started text, naming the navigation link with the company's term (spec 3). */
export const gettingStarted = (connections: string) =>
  `To get started, please review your third-party ${connections.toLowerCase()} on the left under ${connections} and once connected you'll be able to see the documents available to you.`;
export const GETTING_STARTED = gettingStarted('Connections');

/** Home (spec 3 §2): widgets by the company's party types — vendor, owner, operator. */
export function HomePage() {
  const { company } = useSession();
  const hasConnections = useHasConnections();
  const connectionsTerm = pluralizeTerm(useTerm(Terminology.Party));
  const types = new Set(company.partyTypeIds);
  const vendor = types.has(PartyType.Vendor);
  const owner = types.has(PartyType.Owner);
  const operator = types.has(PartyType.Operator);
  const ready = hasConnections.data === true;

  const stats = useDashboardStats(ready && vendor);
  const rejected = useRejectedInvoices(ready && vendor);
  const unsigned = useUnsignedDivisionOrders(ready && owner);
  const received = useDocumentsReceivedPerDay(ready && (owner || operator));
  const returned = useDocumentsSentPerDay(ready && owner);

  if (hasConnections.isPending) return <FullPageSpinner />;
  // The page keeps its heading without connections too (one h1 per page, for screen readers).
  if (!ready) {
    return (
      <Box sx={{ maxWidth: 720 }}>
        <PageHeader title="Home" />
        <Typography>{gettingStarted(connectionsTerm)}</Typography>
      </Box>
    );
  }
  const half = { xs: 12, lg: 6 };
  return (
    <Box>
      <PageHeader title="Home" />
      <Grid container spacing={2}>
        {vendor && (
          <>
            <Grid size={half}>
              <Widget title="AR Invoices Sent" loading={stats.isPending}>
                <InvoicesSentChart data={stats.data?.documentsByMonth ?? []} />
              </Widget>
            </Grid>
            <Grid size={half}>
              <Widget title="Payment Status" loading={stats.isPending}>
                <PaymentStatusChart data={stats.data?.statusCounts ?? []} />
              </Widget>
            </Grid>
            <Grid size={half}>
              <Widget title="Rejected AR Invoices" loading={rejected.isPending}>
                <DocumentRowsTable
                  resultSet={rejected.data}
                  emptyText="You have no rejected invoices"
                />
              </Widget>
            </Grid>
          </>
        )}
        {owner && (
          <>
            <Grid size={half}>
              <Widget title="Division Orders Returned" loading={returned.isPending}>
                <DailyDocumentsChart
                  data={returned.data?.items ?? []}
                  series={['divisionOrderCount']}
                />
              </Widget>
            </Grid>
            <Grid size={half}>
              <Widget title="Owner Documents Received" loading={received.isPending}>
                <DailyDocumentsChart
                  data={received.data?.items ?? []}
                  series={[
                    'divisionOrderCount',
                    '_1099Count',
                    'runStatementCount',
                    'ownerStatementCount',
                  ]}
                />
              </Widget>
            </Grid>
            <Grid size={half}>
              <Widget title="Unsigned Division Orders" loading={unsigned.isPending}>
                <DocumentRowsTable
                  resultSet={unsigned.data}
                  emptyText="You have no unsigned division orders"
                />
              </Widget>
            </Grid>
          </>
        )}
        {operator && (
          <Grid size={half}>
            <Widget title="Operator Documents Received" loading={received.isPending}>
              <DailyDocumentsChart
                data={received.data?.items ?? []}
                series={['runStatementCount', '_1099Count']}
              />
            </Widget>
          </Grid>
        )}
      </Grid>
    </Box>
  );
}
