import { useNavigate } from 'react-router';
import { useTheme } from '@mui/material/styles';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { DocumentTypeId, type DailyDocumentCount, type StatusCount } from '@flowline/shared';

const CHART_HEIGHT = 240;

/** 'YYYY-MM-01T00:00' → 'Nov 2026' (the server's date form, spec 3 §9). */
const monthLabel = (month: string) =>
  new Date(`${month.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
const dayLabel = (day: string) =>
  new Date(`${day.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

export function InvoicesSentChart({ data }: { data: { month: string; count: number }[] }) {
  const theme = useTheme();
  return (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
      <LineChart data={data.map((d) => ({ ...d, label: monthLabel(d.month) }))}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="label" />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Line
          type="monotone"
          dataKey="count"
          name="AR invoices sent"
          stroke={theme.palette.primary.main}
          strokeWidth={2}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}

/** Room for the longest status name ('Resubmitted', 'Approved for Payment'…) beside its bar. */
const STATUS_LABEL_WIDTH = 120;
const STATUS_ROW_HEIGHT = 36;

/**
 * Payment Status: one horizontal bar per status with its name beside it, so every name shows on a
 * laptop and a phone alike (names under vertical bars were dropped when they did not fit). Hovering
 * or focusing a bar shows its count; a click opens the AR invoice list filtered to that status.
 */
export function PaymentStatusChart({ data }: { data: StatusCount[] }) {
  const theme = useTheme();
  const navigate = useNavigate();
  const rows = data.map((d) => ({ id: d.status.id, name: d.status.name, count: d.count }));
  const height = Math.max(CHART_HEIGHT, rows.length * STATUS_ROW_HEIGHT + 40);
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={rows} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} />
        <YAxis
          type="category"
          dataKey="name"
          interval={0}
          width={STATUS_LABEL_WIDTH}
          tick={{ fontSize: 12 }}
        />
        <Tooltip cursor={{ fill: theme.palette.action.hover }} />
        <Bar
          dataKey="count"
          name="AR invoices"
          fill={theme.palette.secondary.main}
          cursor="pointer"
          onClick={(entry: { payload?: { id?: number } }) => {
            const id = entry.payload?.id;
            if (id)
              navigate(`/documentlist/${DocumentTypeId.ArInvoice}?documentRouteStatusId=${id}`);
          }}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}

type DailyKey = Exclude<keyof DailyDocumentCount, 'day'>;
const dailySeries: { key: DailyKey; name: string }[] = [
  { key: 'divisionOrderCount', name: 'Division Orders' },
  { key: '_1099Count', name: '1099s' },
  { key: 'runStatementCount', name: 'Run Statements' },
  { key: 'ownerStatementCount', name: 'Owner Statements' },
];

/** Stacked per-day counts of the chosen document kinds. */
export function DailyDocumentsChart({
  data,
  series,
}: {
  data: DailyDocumentCount[];
  series: DailyKey[];
}) {
  const theme = useTheme();
  const colours = [
    theme.palette.primary.main,
    theme.palette.secondary.main,
    theme.palette.success.main,
    theme.palette.warning.main,
  ];
  return (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
      <BarChart data={data.map((d) => ({ ...d, label: dayLabel(d.day) }))}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="label" />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        {dailySeries
          .filter((s) => series.includes(s.key))
          .map((s, i) => (
            <Bar key={s.key} dataKey={s.key} name={s.name} stackId="day" fill={colours[i]} />
          ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
