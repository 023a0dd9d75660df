import { useDeferredValue } from 'react';
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

// Each widget asks for its own data, so an answer re-renders that widget alone, not the page; the
// chart or table is drawn from a deferred copy of it, in a transition's slices, not in the
// synchronous render the query's answer starts (issue 16 item 4).

function InvoicesSentWidget() {
  const query = useDashboardStats(true);
  const stats = useDeferredValue(query.data);
  return (
    <Widget title="AR Invoices Sent" loading={!stats && !query.isError}>
      <InvoicesSentChart data={stats?.documentsByMonth ?? []} />
    </Widget>
  );
}

function PaymentStatusWidget() {
  const query = useDashboardStats(true);
  const stats = useDeferredValue(query.data);
  return (
    <Widget
      title="Payment Status"
      loading={!stats && !query.isError}
      minHeight={PAYMENT_STATUS_HEIGHT}
    >
      <PaymentStatusChart data={stats?.statusCounts ?? []} />
    </Widget>
  );
}

function RejectedInvoicesWidget() {
  const query = useRejectedInvoices(true);
  const rejected = useDeferredValue(query.data);
  return (
    <Widget title="Rejected AR Invoices" loading={!rejected && !query.isError}>
      <DocumentRowsTable resultSet={rejected} emptyText="You have no rejected invoices" />
    </Widget>
  );
}

function DivisionOrdersReturnedWidget() {
  const query = useDocumentsSentPerDay(true);
  const returned = useDeferredValue(query.data);
  return (
    <Widget
      title="Division Orders Returned"
      loading={!returned && !query.isError}
      minHeight={DAILY_CHART_HEIGHT}
    >
      <DailyDocumentsChart data={returned?.items ?? []} series={['divisionOrderCount']} />
    </Widget>
  );
}

function OwnerDocumentsReceivedWidget() {
  const query = useDocumentsReceivedPerDay(true);
  const received = useDeferredValue(query.data);
  return (
    <Widget
      title="Owner Documents Received"
      loading={!received && !query.isError}
      minHeight={DAILY_CHART_HEIGHT}
    >
      <DailyDocumentsChart
        data={received?.items ?? []}
        series={['divisionOrderCount', '_1099Count', 'runStatementCount', 'ownerStatementCount']}
      />
    </Widget>
  );
}

function UnsignedDivisionOrdersWidget() {
  const query = useUnsignedDivisionOrders(true);
  const unsigned = useDeferredValue(query.data);
  return (
    <Widget title="Unsigned Division Orders" loading={!unsigned && !query.isError}>
      <DocumentRowsTable resultSet={unsigned} emptyText="You have no unsigned division orders" />
    </Widget>
  );
}

function OperatorDocumentsReceivedWidget() {
  const query = useDocumentsReceivedPerDay(true);
  const received = useDeferredValue(query.data);
  return (
    <Widget
      title="Operator Documents Received"
      loading={!received && !query.isError}
      minHeight={DAILY_CHART_HEIGHT}
    >
      <DailyDocumentsChart
        data={received?.items ?? []}
        series={['runStatementCount', '_1099Count']}
      />
    </Widget>
  );
}
