import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import EditOutlined from '@mui/icons-material/EditOutlined';

/** Phones (spec 1 §2): a floating edit button opens the metadata in a side drawer. */
export function MobileMetadataDrawer({
  open,
  onOpen,
  onClose,
  showFab,
  editable,
  saving,
  dirty,
  onSave,
  children,
}: {
  open: boolean;
  onOpen(): void;
  onClose(): void;
  showFab: boolean;
  editable: boolean;
  saving: boolean;
  dirty: boolean;
  onSave(): void;
  children: ReactNode;
}) {
  return (
    <>
      {showFab && (
        <Fab
          color="secondary"
          aria-label={editable ? 'Edit metadata' : 'Show metadata'}
          onClick={onOpen}
          sx={{ position: 'fixed', right: 16, bottom: 16 }}
        >
          <EditOutlined />
        </Fab>
      )}
      <Drawer
        anchor="right"
        open={open}
        onClose={onClose}
        // Above the top bar (which sits over the navigation drawer).
        sx={{ zIndex: (theme) => theme.zIndex.modal }}
        // The fields keep their values while closed (the form does not unregister them).
        slotProps={{
          paper: {
            sx: { width: 'min(100vw, 420px)' },
            role: 'dialog',
            'aria-modal': true,
            'aria-label': 'Metadata',
          },
        }}
      >
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', p: 2, pb: 1 }}
        >
          <Typography variant="h2" component="h2">
            Metadata
          </Typography>
          <IconButton aria-label="Close metadata" onClick={onClose}>
            <Close />
          </IconButton>
        </Stack>
        {/* The top padding keeps the first outlined field's floating label (which sits above
            its box) inside the scrolling area: without it the label was cut off. */}
        <Box
          data-testid="metadata-drawer-fields"
          sx={{ px: 2, pt: 1.5, pb: 2, overflow: 'auto', flex: 1 }}
        >
          {children}
        </Box>
        {editable && (
          <Box sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
            <Button fullWidth variant="contained" disabled={saving || !dirty} onClick={onSave}>
              Save
            </Button>
          </Box>
        )}
      </Drawer>
    </>
  );
}
