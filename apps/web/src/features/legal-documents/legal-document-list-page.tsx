import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { LegalDocumentType, privacySettingNames, type LegalDocument } from '@flowline/shared';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api-error';
import { useLegalDocumentList } from './api';
import { useDateFormatter } from '../preferences';
import {
  legalDocumentFormPath,
  legalDocumentTypeName,
  parseLegalDocumentTypeId,
} from './legal-document-names';

/** /admin/legalDocuments/{type} (spec 3 §2): the uploaded W9s or insurance certificates. */
export function LegalDocumentListPage() {
  const params = useParams();
  const typeId = parseLegalDocumentTypeId(params.legalDocumentTypeId);
  const navigate = useNavigate();
  const { formatDate } = useDateFormatter();
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const list = useLegalDocumentList(
    { legalDocumentTypeId: typeId ?? 1, page: pagination.page + 1, pageSize: pagination.pageSize },
    typeId !== null,
  );
  const title = legalDocumentTypeName(typeId ?? undefined);

  if (typeId === null) {
    return (
      <>
        <PageHeader title={title} />
        <Alert severity="error">This legal document type does not exist.</Alert>
      </>
    );
  }

  const columns: GridColDef<LegalDocument>[] = [
    {
      field: 'insertDate',
      headerName: 'Upload Date',
      flex: 1,
      minWidth: 120,
      // A real link too, so each document is reachable from the keyboard.
      renderCell: ({ row }) => (
        <Link
          component={RouterLink}
          to={legalDocumentFormPath(typeId, row.id)}
          onClick={(event) => event.stopPropagation()}
        >
          {formatDate(row.insertDate)}
        </Link>
      ),
    },
    // Two documents uploaded the same day are told apart by their file (issue 27 item 26).
    {
      field: 'fileName',
      headerName: 'File Name',
      flex: 1.4,
      minWidth: 160,
      renderCell: ({ row }) => (
        <span title={row.fileName} style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {row.fileName}
        </span>
      ),
    },
    ...(typeId === LegalDocumentType.InsuranceCertificate
      ? [
          {
            field: 'expiresOn',
            headerName: 'Expiry Date',
            flex: 0.9,
            minWidth: 120,
            valueFormatter: (value: string | null) => (value ? formatDate(value) : ''),
          } satisfies GridColDef<LegalDocument>,
        ]
      : []),
    {
      field: 'privacySettingId',
      headerName: 'Privacy',
      flex: 1,
      minWidth: 160,
      valueFormatter: (value: number) => privacySettingNames[value] ?? '',
    },
    {
      field: 'isActive',
      headerName: 'Is Active',
      flex: 0.7,
      minWidth: 100,
      valueFormatter: (value: boolean) => (value ? 'Yes' : 'No'),
    },
    {
      field: 'legalDocumentTypeId',
      headerName: 'Document Type',
      flex: 1,
      minWidth: 160,
      valueFormatter: (value: number) => legalDocumentTypeName(value),
    },
    {
      field: 'replace',
      headerName: 'Replace',
      sortable: false,
      width: 120,
      // Opens the upload form for a new document that will take this one's place.
      renderCell: ({ row }) => (
        <Button
          size="small"
          aria-label={`Replace ${row.fileName}, uploaded ${formatDate(row.insertDate)}`}
          onClick={(event) => {
            event.stopPropagation();
            void navigate(`${legalDocumentFormPath(typeId, 'create')}?replace=${row.id}`);
          }}
        >
          Replace
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={title}
        actions={
          <Button
            component={RouterLink}
            to={legalDocumentFormPath(typeId, 'create')}
            variant="contained"
          >
            Upload New
          </Button>
        }
      />
      {list.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(list.error)}
        </Alert>
      )}
      <DataGrid
        aria-label={title}
        rows={list.data?.items ?? []}
        rowCount={list.data?.totalRecords ?? 0}
        columns={columns}
        loading={list.isFetching}
        paginationMode="server"
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        pageSizeOptions={[25, 50, 100]}
        disableVirtualization
        disableColumnFilter
        disableColumnSorting
        disableRowSelectionOnClick
        onRowClick={({ row }) => void navigate(legalDocumentFormPath(typeId, row.id))}
        getRowClassName={({ row }) => (row.isActive ? '' : 'inactive')}
        sx={{
          '& .MuiDataGrid-row': { cursor: 'pointer' },
          '& .inactive': { color: 'text.secondary' },
        }}
        autoHeight
        localeText={{ noRowsLabel: `No ${title} uploaded yet` }}
      />
    </>
  );
}
