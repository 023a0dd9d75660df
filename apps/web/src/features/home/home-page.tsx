import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
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
  paysInvoices,
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
import { DocumentRowsTable, QueryWidget, Widget } from './dashboard-widgets';
import { CHART_HEIGHT } from './chart-geometry';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';

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
            <Grid size={half}>
              <LaterWidget widget={later.expectedCash} />
            </Grid>
            <Grid size={half}>
              <LaterWidget widget={later.fieldTickets} />
            </Grid>
          </>
        )}
        {owner && (
          <>
            <Grid size={half}>
              <DivisionOrdersReturnedWidget />
            </Grid>
            <Grid size={half}>
              <DocumentsReceivedWidget title="Owner Documents Received" series={OWNER_SERIES} />
            </Grid>
            <Grid size={half}>
              <UnsignedDivisionOrdersWidget />
            </Grid>
          </>
        )}
        {operator && (
          <Grid size={half}>
            <DocumentsReceivedWidget title="Operator Documents Received" series={OPERATOR_SERIES} />
          </Grid>
        )}
        {paysInvoices(types) && (
          <>
            <Grid size={half}>
              <LaterWidget widget={later.discounts} />
            </Grid>
            <Grid size={half}>
              <LaterWidget widget={later.touchless} />
            </Grid>
          </>
        )}
      </Grid>
    </Box>
  );
}

/**
 * The cards after a company's first ones (below the fold on a phone): their code — and the match
 * card's schemas and rules — loads after the first paint instead of before it (issue 33 item 6).
 * Until then each shows its title and keeps its height, so nothing moves when it arrives; their
 * data is still asked for with the session start where the prefetch names it.
 */
type CardComponent = ComponentType<{ title: string }>;
type LaterCard = {
  title: string;
  minHeight: number;
  Component: LazyExoticComponent<CardComponent>;
};
const laterCard = (
  title: string,
  minHeight: number,
  load: () => Promise<CardComponent>,
): LaterCard => ({ title, minHeight, Component: lazy(() => load().then((c) => ({ default: c }))) });
const later = {
  expectedCash: laterCard('Expected Cash', CHART_HEIGHT, () =>
    import('./payment-widgets').then((m) => m.ExpectedCashWidget),
  ),
  discounts: laterCard('Early-Pay Discounts', 160, () =>
    import('./payment-widgets').then((m) => m.DiscountsWidget),
  ),
  fieldTickets: laterCard('Field Tickets', 160, () =>
    import('./match-widgets').then((m) => m.FieldTicketsWidget),
  ),
  touchless: laterCard('Touchless Invoices', 160, () =>
    import('./match-widgets').then((m) => m.TouchlessWidget),
  ),
};

function LaterWidget({ widget: { title, minHeight, Component } }: { widget: LaterCard }) {
  const painted = useAfterFirstPaint();
  const placeholder = (
    <Widget title={title} loading minHeight={minHeight}>
      {null}
    </Widget>
  );
  if (!painted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Component title={title} />
    </Suspense>
  );
}

// Each widget asks for its own data, so an answer re-renders that widget alone, not the page.

function InvoicesSentWidget() {
  return (
    <QueryWidget title="AR Invoices Sent" query={useDashboardStats()}>
      {(stats) => <InvoicesSentChart data={stats?.documentsByMonth ?? []} />}
    </QueryWidget>
  );
}

function PaymentStatusWidget() {
  return (
    <QueryWidget
      title="Payment Status"
      query={useDashboardStats()}
      minHeight={PAYMENT_STATUS_HEIGHT}
    >
      {(stats) => <PaymentStatusChart data={stats?.statusCounts ?? []} />}
    </QueryWidget>
  );
}

function RejectedInvoicesWidget() {
  return (
    <QueryWidget title="Rejected AR Invoices" query={useRejectedInvoices()}>
      {(rejected) => (
        <DocumentRowsTable resultSet={rejected} emptyText="You have no rejected invoices" />
      )}
    </QueryWidget>
  );
}

function DivisionOrdersReturnedWidget() {
  return (
    <QueryWidget
      title="Division Orders Returned"
      query={useDocumentsSentPerDay()}
      minHeight={DAILY_CHART_HEIGHT}
    >
      {(returned) => (
        <DailyDocumentsChart data={returned?.items ?? []} series={['divisionOrderCount']} />
      )}
    </QueryWidget>
  );
}

const OWNER_SERIES = [
  'divisionOrderCount',
  '_1099Count',
  'runStatementCount',
  'ownerStatementCount',
] as const;
const OPERATOR_SERIES = ['runStatementCount', '_1099Count'] as const;

function DocumentsReceivedWidget({
  title,
  series,
}: {
  title: string;
  series: typeof OWNER_SERIES | typeof OPERATOR_SERIES;
}) {
  return (
    <QueryWidget title={title} query={useDocumentsReceivedPerDay()} minHeight={DAILY_CHART_HEIGHT}>
      {(received) => <DailyDocumentsChart data={received?.items ?? []} series={[...series]} />}
    </QueryWidget>
  );
}

function UnsignedDivisionOrdersWidget() {
  return (
    <QueryWidget title="Unsigned Division Orders" query={useUnsignedDivisionOrders()}>
      {(unsigned) => (
        <DocumentRowsTable resultSet={unsigned} emptyText="You have no unsigned division orders" />
      )}
    </QueryWidget>
  );
}
