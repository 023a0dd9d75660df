import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import MailOutlined from '@mui/icons-material/MailOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { invitationMessages, type Invitation } from '@flowline/shared';

export interface InvitationActions {
  canAct: boolean;
  showCompany: boolean;
  formatDate(value: string): string;
  onAccept(row: Invitation): void;
  onReject(row: Invitation): void;
  onDelete(row: Invitation): void;
}

/** Spec 2 §2.7: icon or EXPIRED marker, names, sender details, received date, actions. */
export function invitationColumns(a: InvitationActions): GridColDef<Invitation>[] {
  return [
    {
      field: 'expired',
      headerName: '',
      width: 110,
      sortable: false,
      renderCell: ({ row }) =>
        row.expired ? (
          <Tooltip title={invitationMessages.expiredTooltip(row.companyName)}>
            <Chip label="EXPIRED" color="error" size="small" />
          </Tooltip>
        ) : (
          <MailOutlined color="primary" aria-label="Invitation" />
        ),
    },
    {
      field: 'senderPartyNameOfReceiverCompany',
      headerName: 'Connection Name',
      flex: 1,
      minWidth: 160,
      valueGetter: (_v, row) => row.senderPartyNameOfReceiverCompany ?? row.companyName,
    },
    ...(a.showCompany
      ? [{ field: 'companyName', headerName: 'Company', flex: 1, minWidth: 140 } as const]
      : []),
    {
      field: 'senderOrgUnitNameOfReceiverCompany',
      headerName: 'Invite To',
      flex: 1,
      minWidth: 120,
    },
    { field: 'companyAddress', headerName: 'Company Address', flex: 1.4, minWidth: 180 },
    { field: 'senderEmail', headerName: 'Sender Email', flex: 1, minWidth: 160 },
    { field: 'maskedTaxNumber', headerName: 'Sender Tax ID', width: 130 },
    {
      field: 'receivedDate',
      headerName: 'Received Date',
      width: 130,
      valueFormatter: (value: string) => a.formatDate(value),
    },
    {
      field: 'actions',
      headerName: '',
      width: 190,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', height: '100%' }}>
          {row.expired ? (
            <Button size="small" color="error" disabled={!a.canAct} onClick={() => a.onDelete(row)}>
              Delete
            </Button>
          ) : (
            <>
              <Button
                size="small"
                variant="contained"
                disabled={!a.canAct}
                onClick={() => a.onAccept(row)}
              >
                Accept
              </Button>
              <Button size="small" disabled={!a.canAct} onClick={() => a.onReject(row)}>
                Reject
              </Button>
            </>
          )}
        </Box>
      ),
    },
  ];
}
