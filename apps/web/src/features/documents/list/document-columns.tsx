import { Link as RouterLink } from 'react-router';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import type { GridColDef, GridRowClassNameParams } from '@mui/x-data-grid';
import { FieldType, type ReturnKind } from '@flowline/shared';
import { useDateFormatter } from '../../preferences';
import { useColumnLabel } from '../../terminology/api';
import { formatMetadataValue, isNumericType } from './format-value';
import { RouteStatusChip } from './route-status-chip';
import { visuallyHidden } from '../../../components/visually-hidden';

/** What every document table row has, whatever list it comes from. */
export interface DocumentGridRow {
  id: number;
  routeStatusId?: number | null;
  /** A Returned document: how it came back (issue 27 item 9). */
  returnKind?: ReturnKind | null;
  isRead: boolean;
}

/** A server-described column: its key, display name, field type (null: plain text) and value. */
export interface ValueColumn<R> {
  key: string;
  name: string;
  metadataTypeId: number | null;
  value(row: R): string | null | undefined;
}

export const documentPath = (id: number) => `/documents/${id}`;

const UNREAD_CLASS = 'document-row--unread';

/**
 * Document tables give up the icon first when columns do not fit (bold rows still mark unread):
 * the room goes to the values that identify a document (issue 27 item 2).
 */
export const documentCollapseOrder: readonly string[] = ['icon'];

/** Unread rows are bold (spec 3 §2); the icon cell says so to screen readers. */
export const documentRowClassName = ({ row }: GridRowClassNameParams<DocumentGridRow>) =>
  row.isRead ? '' : UNREAD_CLASS;

export const documentTableSx = {
  [`& .${UNREAD_CLASS} .MuiDataGrid-cell`]: { fontWeight: 700 },
} as const;

function DocumentIcon({ isRead }: { isRead: boolean }) {
  return (
    <Box
      role="img"
      aria-label={isRead ? 'Document' : 'Unread document'}
      sx={{ display: 'flex', alignItems: 'center', height: '100%' }}
    >
      <Badge variant="dot" color="primary" invisible={isRead} overlap="circular">
        <DescriptionOutlined fontSize="small" color={isRead ? 'action' : 'primary'} />
      </Badge>
    </Box>
  );
}

/**
 * The columns of a document table (spec 3 §2): Doc #, an icon with the unread marker, the
 * server's columns formatted by field type, and optionally Status as a coloured chip.
 */
export function useDocumentColumns<R extends DocumentGridRow>(
  valueColumns: readonly ValueColumn<R>[],
  { sortable, showStatus }: { sortable: boolean; showStatus: boolean },
): GridColDef<R>[] {
  const dates = useDateFormatter();
  const label = useColumnLabel();
  const columns: GridColDef<R>[] = [
    {
      field: 'id',
      headerName: 'Doc #',
      width: 100,
      sortable,
      renderCell: ({ row, tabIndex }) => (
        <Link
          component={RouterLink}
          to={documentPath(row.id)}
          tabIndex={tabIndex}
          onClick={(e) => e.stopPropagation()}
          sx={{ fontWeight: 'inherit' }}
        >
          {row.id}
        </Link>
      ),
    },
    {
      field: 'icon',
      headerName: 'Icon',
      renderHeader: () => <Box sx={visuallyHidden}>Icon</Box>,
      width: 56,
      sortable: false,
      disableColumnMenu: true,
      renderCell: ({ row }) => <DocumentIcon isRead={row.isRead} />,
    },
    ...valueColumns.map((c): GridColDef<R> =>
      c.key === STATUS_KEY
        ? statusColumn(label(c.name), sortable)
        : {
            field: c.key,
            headerName: label(c.name),
            flex: 1,
            // Narrow enough that a type's columns fit beside the navigation at 1366 px (issue 27: the
            // pending division orders' Response Status stays); DataTable widens a column to its header.
            minWidth: c.metadataTypeId === FieldType.DateTime ? 200 : 120,
            sortable,
            ...(c.metadataTypeId !== null && isNumericType(c.metadataTypeId)
              ? { align: 'right' as const, headerAlign: 'right' as const }
              : {}),
            valueGetter: (_v, row) =>
              formatMetadataValue(c.value(row), c.metadataTypeId, dates, c.key),
          },
    ),
  ];
  // Lists that mix types carry a 'status' column already: it becomes the chip.
  if (showStatus && !valueColumns.some((c) => c.key === STATUS_KEY)) {
    columns.push(statusColumn<R>('Status', sortable, 'routeStatusId'));
  }
  return columns;
}

/** The server's key of the status column in lists that mix types (genericDocumentColumns). */
const STATUS_KEY = 'status';

function statusColumn<R extends DocumentGridRow>(
  name: string,
  sortable: boolean,
  field = STATUS_KEY,
): GridColDef<R> {
  return {
    field,
    headerName: name,
    minWidth: 130,
    sortable,
    renderCell: ({ row }) => (
      <RouteStatusChip statusId={row.routeStatusId} returnKind={row.returnKind} />
    ),
  };
}
