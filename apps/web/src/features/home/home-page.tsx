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
import {
  DAILY_CHART_HEIGHT,
  DailyDocumentsChart,
  InvoicesSentChart,
  PAYMENT_STATUS_HEIGHT,
  PaymentStatusChart,
} from './dashboard-charts';
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
              <InvoicesSentWidget />
            </Grid>
            <Grid size={half}>
              <PaymentStatusWidget />
            </Grid>
            <Grid size={half}>
              <RejectedInvoicesWidget />
            </Grid>
          </>
        )}
        {owner && (
          <>
            <Grid size={half}>
              <DivisionOrdersReturnedWidget />
            </Grid>
            <Grid size={half}>
              <OwnerDocumentsReceivedWidget />
            </Grid>
            <Grid size={half}>
              <UnsignedDivisionOrdersWidget />
            </Grid>
          </>
        )}
        {operator && (
          <Grid size={half}>
            <OperatorDocumentsReceivedWidget />
          </Grid>
        )}
      </Grid>
    </Box>
  );
}

// Each widget asks for its own data, so an answer re-renders that widget alone, not the page.

function InvoicesSentWidget() {
  const stats = useDashboardStats(true);
  return (
    <Widget title="AR Invoices Sent" loading={stats.isPending}>
      <InvoicesSentChart data={stats.data?.documentsByMonth ?? []} />
    </Widget>
  );
}

function PaymentStatusWidget() {
  const stats = useDashboardStats(true);
  return (
    <Widget title="Payment Status" loading={stats.isPending} minHeight={PAYMENT_STATUS_HEIGHT}>
      <PaymentStatusChart data={stats.data?.statusCounts ?? []} />
    </Widget>
  );
}

function RejectedInvoicesWidget() {
  const rejected = useRejectedInvoices(true);
  return (
    <Widget title="Rejected AR Invoices" loading={rejected.isPending}>
      <DocumentRowsTable resultSet={rejected.data} emptyText="You have no rejected invoices" />
    </Widget>
  );
}

function DivisionOrdersReturnedWidget() {
  const returned = useDocumentsSentPerDay(true);
  return (
    <Widget
      title="Division Orders Returned"
      loading={returned.isPending}
      minHeight={DAILY_CHART_HEIGHT}
    >
      <DailyDocumentsChart data={returned.data?.items ?? []} series={['divisionOrderCount']} />
    </Widget>
  );
}

function OwnerDocumentsReceivedWidget() {
  const received = useDocumentsReceivedPerDay(true);
  return (
    <Widget
      title="Owner Documents Received"
      loading={received.isPending}
      minHeight={DAILY_CHART_HEIGHT}
    >
      <DailyDocumentsChart
        data={received.data?.items ?? []}
        series={['divisionOrderCount', '_1099Count', 'runStatementCount', 'ownerStatementCount']}
      />
    </Widget>
  );
}

function UnsignedDivisionOrdersWidget() {
  const unsigned = useUnsignedDivisionOrders(true);
  return (
    <Widget title="Unsigned Division Orders" loading={unsigned.isPending}>
      <DocumentRowsTable
        resultSet={unsigned.data}
        emptyText="You have no unsigned division orders"
      />
    </Widget>
  );
}

function OperatorDocumentsReceivedWidget() {
  const received = useDocumentsReceivedPerDay(true);
  return (
    <Widget
      title="Operator Documents Received"
      loading={received.isPending}
      minHeight={DAILY_CHART_HEIGHT}
    >
      <DailyDocumentsChart
        data={received.data?.items ?? []}
        series={['runStatementCount', '_1099Count']}
      />
    </Widget>
  );
}
