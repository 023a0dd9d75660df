import { useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTheme } from '@mui/material/styles';
import { DocumentTypeId, type DailyDocumentCount, type StatusCount } from '@flowline/shared';
import { CHART_HEIGHT, axisTicks, labelEvery, useChartWidth } from './chart-geometry';

// Home's three charts, drawn as plain SVG (issue 16 item 4): recharts cost 113 KB brotli and ~1.4 s
// of script at 4× CPU for a line, a horizontal bar and a stacked bar chart. Each is named for
// screen readers with its values; the Payment Status bars are links reachable by keyboard.

// One formatter each, made on first use: `toLocaleDateString` with options builds a new one per
// call (~1 ms at 4× CPU), and a chart formats every tick.
let monthFormat: Intl.DateTimeFormat | null = null;
let dayFormat: Intl.DateTimeFormat | null = null;

/** 'YYYY-MM-01T00:00' → 'Nov 2026' (the server's date form, spec 3 §9). */
const monthLabel = (month: string) =>
  (monthFormat ??= new Intl.DateTimeFormat('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })).format(new Date(`${month.slice(0, 10)}T00:00:00Z`));
const dayLabel = (day: string) =>
  (dayFormat ??= new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  })).format(new Date(`${day.slice(0, 10)}T00:00:00Z`));

const FONT = 12;
/** Room for the y axis' numbers on the left and the x axis' labels below. */
const plot = { left: 36, right: 12, top: 10, bottom: 24 };

function useChartColours() {
  const { palette } = useTheme();
  return {
    text: palette.text.secondary,
    grid: palette.divider,
    series: [
      palette.primary.main,
      palette.secondary.main,
      palette.success.main,
      palette.warning.main,
    ],
  };
}

/** The y axis (integers only: 'step size 1', spec 3 §9) with dashed grid lines across the plot. */
function YAxis({
  ticks,
  y,
  width,
  colours,
}: {
  ticks: number[];
  y: (value: number) => number;
  width: number;
  colours: ReturnType<typeof useChartColours>;
}) {
  return (
    <g fontSize={FONT} fill={colours.text}>
      {ticks.map((t) => (
        <g key={t}>
          <line
            x1={plot.left}
            x2={width - plot.right}
            y1={y(t)}
            y2={y(t)}
            stroke={colours.grid}
            strokeDasharray="3 3"
          />
          <text x={plot.left - 6} y={y(t)} dy="0.32em" textAnchor="end">
            {t}
          </text>
        </g>
      ))}
    </g>
  );
}

/** Labels under evenly spaced columns, thinned out so that they never overlap. */
function XLabels({
  labels,
  x,
  band,
  height,
  colours,
}: {
  labels: string[];
  x: (index: number) => number;
  band: number;
  height: number;
  colours: ReturnType<typeof useChartColours>;
}) {
  const every = labelEvery(labels, band, FONT);
  return (
    <g fontSize={FONT} fill={colours.text} textAnchor="middle">
      {labels.map((label, i) =>
        i % every === 0 ? (
          <text key={i} x={x(i)} y={height - 6}>
            {label}
          </text>
        ) : null,
      )}
    </g>
  );
}

export function InvoicesSentChart({ data }: { data: { month: string; count: number }[] }) {
  const colours = useChartColours();
  const [ref, width] = useChartWidth();
  if (width === null) return <div ref={ref} style={{ height: CHART_HEIGHT }} />;
  const points = data.map((d) => ({ label: monthLabel(d.month), count: d.count }));
  const ticks = axisTicks(Math.max(0, ...points.map((p) => p.count)));
  const top = ticks.at(-1) ?? 1;
  const band = (width - plot.left - plot.right) / Math.max(points.length, 1);
  const x = (i: number) => plot.left + band * (i + 0.5);
  const y = (v: number) =>
    plot.top + (CHART_HEIGHT - plot.top - plot.bottom) * (1 - v / Math.max(top, 1));
  const summary = points.map((p) => `${p.label}: ${p.count}`).join(', ');
  return (
    <div ref={ref}>
      <svg
        style={{ display: 'block' }}
        width={width}
        height={CHART_HEIGHT}
        role="img"
        aria-label={`AR invoices sent per month. ${summary || 'No invoices.'}`}
      >
        <YAxis ticks={ticks} y={y} width={width} colours={colours} />
        <XLabels
          labels={points.map((p) => p.label)}
          x={x}
          band={band}
          height={CHART_HEIGHT}
          colours={colours}
        />
        <polyline
          points={points.map((p, i) => `${x(i)},${y(p.count)}`).join(' ')}
          fill="none"
          stroke={colours.series[0]}
          strokeWidth={2}
        />
        {points.map((p, i) => (
          <circle
            key={i}
            cx={x(i)}
            cy={y(p.count)}
            r={3.5}
            fill="#fff"
            stroke={colours.series[0]}
            strokeWidth={2}
          >
            <title>{`${p.label}: ${p.count} AR invoices sent`}</title>
          </circle>
        ))}
      </svg>
    </div>
  );
}

/** Room for the longest status name ('Resubmitted', 'Approved for Payment'…) beside its bar. */
const STATUS_LABEL_WIDTH = 120;
const STATUS_ROW_HEIGHT = 36;
/** The server answers the seven statuses of the chart (stats-service.ts `paymentChartStatuses`). */
const PAYMENT_STATUS_ROWS = 7;
/** The Payment Status chart's height, reserved by its widget while the counts load. */
export const PAYMENT_STATUS_HEIGHT = Math.max(
  CHART_HEIGHT,
  PAYMENT_STATUS_ROWS * STATUS_ROW_HEIGHT + 16,
);
/** The daily charts' height with their one-line legend, reserved while they load. */
export const DAILY_CHART_HEIGHT = CHART_HEIGHT + 20;
/** Room for the count written after the longest bar. */
const COUNT_WIDTH = 40;

/**
 * Payment Status: one horizontal bar per status with its name beside it and its count after it,
 * so every name shows on a laptop and a phone alike. Each bar is a link (click, Enter or Space)
 * to the AR invoice list filtered to that status.
 */
export function PaymentStatusChart({ data }: { data: StatusCount[] }) {
  const colours = useChartColours();
  const { palette } = useTheme();
  const navigate = useNavigate();
  const [ref, width] = useChartWidth();
  /** The row under the pointer or with the keyboard focus: highlighted like a hovered row. */
  const [active, setActive] = useState<{ id: number; focus: boolean } | null>(null);
  const idPrefix = useId();
  const rows = data.map((d) => ({ id: d.status.id, name: d.status.name, count: d.count }));
  const height = Math.max(CHART_HEIGHT, rows.length * STATUS_ROW_HEIGHT + 16);
  if (width === null) return <div ref={ref} style={{ height }} />;
  const max = Math.max(1, ...rows.map((r) => r.count));
  const barSpace = Math.max(width - STATUS_LABEL_WIDTH - COUNT_WIDTH, 20);
  const open = (id: number) =>
    navigate(`/documentlist/${DocumentTypeId.ArInvoice}?documentRouteStatusId=${id}`);
  const onKey = (id: number) => (e: KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    open(id);
  };
  return (
    <div ref={ref}>
      <svg
        style={{ display: 'block' }}
        width={width}
        height={height}
        role="group"
        aria-label="AR invoices by payment status"
      >
        {rows.map((r, i) => {
          const top = 8 + i * STATUS_ROW_HEIGHT;
          const barWidth = (barSpace * r.count) / max;
          const middle = top + (STATUS_ROW_HEIGHT - 4) / 2;
          const nameId = `${idPrefix}-name-${r.id}`;
          const countId = `${idPrefix}-count-${r.id}`;
          return (
            <g key={r.id}>
              <g
                role="link"
                tabIndex={0}
                aria-labelledby={`${nameId} ${countId}`}
                cursor="pointer"
                onClick={() => open(r.id)}
                onKeyDown={onKey(r.id)}
                onFocus={() => setActive({ id: r.id, focus: true })}
                onBlur={() => setActive(null)}
                onMouseEnter={() => setActive((a) => (a?.focus ? a : { id: r.id, focus: false }))}
                onMouseLeave={() => setActive((a) => (a?.focus ? a : null))}
                style={{ outline: 'none' }}
              >
                {/* The pointer's tooltip; the link is named "Sent 4" by the two texts it shows. */}
                <title>{`${r.name}: ${r.count} AR invoices`}</title>
                {/* The whole row answers the pointer, not only the (possibly tiny) bar. */}
                <rect
                  x={1}
                  y={top}
                  width={Math.max(width - 2, 0)}
                  height={STATUS_ROW_HEIGHT - 4}
                  rx={4}
                  fill={active?.id === r.id ? palette.action.hover : 'transparent'}
                  stroke={active?.id === r.id && active.focus ? palette.primary.main : 'none'}
                  strokeWidth={2}
                />
                <text
                  id={nameId}
                  x={STATUS_LABEL_WIDTH - 8}
                  y={middle}
                  dy="0.32em"
                  textAnchor="end"
                  fontSize={FONT}
                  fill={colours.text}
                >
                  {r.name}
                </text>
                <rect
                  x={STATUS_LABEL_WIDTH}
                  y={top + 4}
                  width={barWidth}
                  height={STATUS_ROW_HEIGHT - 12}
                  fill={colours.series[1]}
                />
              </g>
              {/* After the bar, outside the link (whose name it completes) so it is read once. */}
              <text
                id={countId}
                x={STATUS_LABEL_WIDTH + barWidth + 6}
                y={middle}
                dy="0.32em"
                fontSize={FONT}
                fill={colours.text}
                aria-hidden="true"
                pointerEvents="none"
              >
                {r.count}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}

type DailyKey = Exclude<keyof DailyDocumentCount, 'day'>;
const dailySeries: { key: DailyKey; name: string }[] = [
  { key: 'divisionOrderCount', name: 'Division Orders' },
  { key: '_1099Count', name: '1099s' },
  { key: 'runStatementCount', name: 'Run Statements' },
  { key: 'ownerStatementCount', name: 'Owner Statements' },
];

/** Stacked per-day counts of the chosen document kinds, with a legend under the chart. */
export function DailyDocumentsChart({
  data,
  series,
}: {
  data: DailyDocumentCount[];
  series: DailyKey[];
}) {
  const colours = useChartColours();
  const [ref, width] = useChartWidth();
  if (width === null) return <div ref={ref} style={{ height: CHART_HEIGHT }} />;
  const shown = dailySeries.filter((s) => series.includes(s.key));
  const days = data.map((d) => ({ label: dayLabel(d.day), counts: shown.map((s) => d[s.key]) }));
  const total = (counts: number[]) => counts.reduce((a, b) => a + b, 0);
  const ticks = axisTicks(Math.max(0, ...days.map((d) => total(d.counts))));
  const top = ticks.at(-1) ?? 1;
  const band = (width - plot.left - plot.right) / Math.max(days.length, 1);
  const x = (i: number) => plot.left + band * (i + 0.5);
  const y = (v: number) =>
    plot.top + (CHART_HEIGHT - plot.top - plot.bottom) * (1 - v / Math.max(top, 1));
  const barWidth = Math.max(band * 0.7, 1);
  const summary = days
    .filter((d) => total(d.counts) > 0)
    .map(
      (d) =>
        `${d.label}: ${shown
          .map((s, k) => `${s.name} ${d.counts[k]}`)
          .filter((_, k) => d.counts[k]! > 0)
          .join(', ')}`,
    )
    .join('; ');
  return (
    <div ref={ref}>
      <svg
        style={{ display: 'block' }}
        width={width}
        height={CHART_HEIGHT}
        role="img"
        aria-label={`Documents per day. ${summary || 'None in these days.'}`}
      >
        <YAxis ticks={ticks} y={y} width={width} colours={colours} />
        <XLabels
          labels={days.map((d) => d.label)}
          x={x}
          band={band}
          height={CHART_HEIGHT}
          colours={colours}
        />
        {days.map((d, i) => {
          let below = 0;
          return (
            <g key={i}>
              {d.counts.map((count, k) => {
                if (count === 0) return null;
                const from = below;
                below += count;
                return (
                  <rect
                    key={k}
                    x={x(i) - barWidth / 2}
                    y={y(below)}
                    width={barWidth}
                    height={y(from) - y(below)}
                    fill={colours.series[k]}
                  >
                    <title>{`${d.label}: ${shown[k]!.name} ${count}`}</title>
                  </rect>
                );
              })}
            </g>
          );
        })}
      </svg>
      <ul
        aria-hidden="true"
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'center',
          gap: '4px 16px',
          listStyle: 'none',
          margin: 0,
          padding: 0,
          fontSize: FONT,
          color: colours.text,
        }}
      >
        {shown.map((s, k) => (
          <li key={s.key} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
            <svg width={10} height={10} aria-hidden="true">
              <rect width={10} height={10} fill={colours.series[k]} />
            </svg>
            {s.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
