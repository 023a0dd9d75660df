import { useId } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';

/** Spec 2 §2.5, behind the messaging flag: the panel's place in the shell; threads arrive later. */
export function ChatPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // Above the fixed app bar (drawer + 1), which would otherwise hide the panel's title.
      sx={{ zIndex: (t) => t.zIndex.drawer + 2 }}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: 360 } },
          'aria-labelledby': titleId,
          role: 'dialog',
        },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', p: 2 }}>
        <Typography id={titleId} variant="h2">
          Messages
        </Typography>
        <IconButton aria-label="Close messages" onClick={onClose}>
          <Close />
        </IconButton>
      </Stack>
      <Box sx={{ px: 2 }}>
        <Typography color="text.secondary">
          Conversations with your connections will appear here. Coming soon.
        </Typography>
      </Box>
    </Drawer>
  );
}
