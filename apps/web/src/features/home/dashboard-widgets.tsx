import { useDeferredValue, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { DocumentResultSet } from '@flowline/shared';
import { formatMetadataValue } from '../documents/list/format-value';
import { useDateFormatter } from '../preferences';
import { CHART_HEIGHT } from './chart-geometry';

/** One dashboard card: title, a spinner while loading, then the content. */
export function Widget({
  title,
  loading,
  minHeight = CHART_HEIGHT,
  children,
}: {
  title: string;
  loading: boolean;
  /** The content's height once loaded, kept while loading so nothing below moves when it arrives. */
  minHeight?: number;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }} component="section" aria-label={title}>
      <CardHeader title={title} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent>
        <Box sx={{ minHeight }}>
          {loading ? <CircularProgress aria-label={`Loading ${title}`} /> : children}
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * A widget showing one query's answer. The content is drawn from a deferred copy of the data: the
 * answer's synchronous render only passes it on, and the chart or table renders in a transition's
 * slices (issue 16 item 4).
 */
export function QueryWidget<T>({
  title,
  query,
  minHeight,
  children,
}: {
  title: string;
  query: { data: T | undefined; isError: boolean };
  minHeight?: number;
  children: (data: T | undefined) => ReactNode;
}) {
  const data = useDeferredValue(query.data);
  return (
    <Widget title={title} loading={data === undefined && !query.isError} minHeight={minHeight}>
      {children(data)}
    </Widget>
  );
}

/**
 * The first rows of a document result set: Doc # and the type's first columns, formatted as every
 * list formats them (the user's date format, currency, years ungrouped); rows open the document.
 */
export function DocumentRowsTable({
  resultSet,
  emptyText,
  columnCount = 3,
}: {
  resultSet: DocumentResultSet | undefined;
  emptyText: string;
  columnCount?: number;
}) {
  const navigate = useNavigate();
  const dates = useDateFormatter();
  if (!resultSet || resultSet.rows.length === 0) {
    return <Typography color="text.secondary">{emptyText}</Typography>;
  }
  const columns = resultSet.columns.slice(0, columnCount);
  return (
    // Fixed layout: the table takes the card's width and long values wrap inside their cells, so
    // it never spills out of its card on a phone (issue 27 item 28).
    <Table
      size="small"
      sx={{
        tableLayout: 'fixed',
        width: '100%',
        '& .MuiTableCell-root': { overflowWrap: 'anywhere', px: 1 },
      }}
    >
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: '4.5rem' }}>Doc #</TableCell>
          {columns.map((c) => (
            <TableCell key={c.key}>{c.name}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {resultSet.rows.map((row) => (
          <TableRow
            key={row.id}
            hover
            tabIndex={0}
            sx={{ cursor: 'pointer' }}
            onClick={() => navigate(`/documents/${row.id}`)}
            onKeyDown={(e) => e.key === 'Enter' && navigate(`/documents/${row.id}`)}
          >
            <TableCell>{row.id}</TableCell>
            {columns.map((c, i) => (
              <TableCell key={c.key}>
                {formatMetadataValue(row.values[i], c.metadataType.id, dates, c.key)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
