import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { FlowlineLogo } from '../../components/brand/flowline-logo';

/** Pages outside the signed-in shell (no app bar): the brand on top, then the content. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ px: { xs: 2, md: 4 }, py: 2 }}>
        <ButtonBase
          component={RouterLink}
          to="/landingpage"
          aria-label="Flowline home"
          sx={{ borderRadius: 1, p: 0.5 }}
        >
          <FlowlineLogo height={32} />
        </ButtonBase>
      </Box>
      <Box component="main" sx={{ px: { xs: 2, md: 4 }, pb: 6, maxWidth: 960, mx: 'auto' }}>
        {children}
      </Box>
    </Box>
  );
}
