import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import { useSession } from '../../features/session/use-session';
import { useFeatureFlags } from '../../features/feature-flags/api';
import { useChatUnreadCount } from '../../features/chat/api';
import { FlowlineLogo } from '../../components/brand/flowline-logo';
import { CompanyLogo } from '../../features/logo/company-logo';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';
import { searchBoxFrameSx } from './search-box-frame';
import { ConnectionsButton } from './connections-button';
import { AccountMenu } from './account-menu';
import { prefetchChatPanel } from './load-chat-panel';

// The search's Autocomplete and TextField are a third of the shell's code: they load beside the
// page instead of before the first paint, behind a stand-in of the same size (issue 16 item 4).
const LazySearchBox = lazy(async () => ({ default: (await import('./search-box')).SearchBox }));

function SearchBox() {
  const standIn = (
    <Box sx={searchBoxFrameSx}>
      <Box sx={{ height: 40, borderRadius: 2, bgcolor: 'background.paper', opacity: 0.9 }} />
    </Box>
  );
  // Its code is asked for once the page has painted, not in competition with it.
  if (!useAfterFirstPaint()) return standIn;
  return (
    <Suspense fallback={standIn}>
      <LazySearchBox />
    </Suspense>
  );
}

/** The space the fixed app bar takes: one row on desktop, two (search below) when compact. */
export function TopBarSpacer({ compact }: { compact: boolean }) {
  return (
    <>
      <Toolbar />
      {compact && <Toolbar variant="dense" />}
    </>
  );
}

/** Opens the chat panel; the red badge counts unread messages of the other companies (issue 15). */
function MessagesButton({ onClick }: { onClick: () => void }) {
  const unread = useChatUnreadCount({ enabled: useAfterFirstPaint() });
  return (
    <IconButton
      color="inherit"
      aria-label={unread > 0 ? `Messages, ${unread} unread` : 'Messages'}
      onClick={onClick}
      // The panel's code is fetched on the way to a click, not with every page.
      onPointerEnter={prefetchChatPanel}
      onFocus={prefetchChatPanel}
      onTouchStart={prefetchChatPanel}
      // Room for a two- or three-character badge inside the button (its click target).
      sx={{ px: unread > 9 ? 1.75 : 1 }}
    >
      {/* No content at zero: the hidden badge's "0" would otherwise be part of the name. */}
      <Badge
        badgeContent={unread > 0 ? unread : undefined}
        color="error"
        max={99}
        overlap="circular"
      >
        <ForumOutlined />
      </Badge>
    </IconButton>
  );
}

export function TopBar({
  compact,
  showMenuButton,
  onMenuClick,
  onChatClick,
}: {
  /** Below md: the search moves to a second row and the company name to the navigation. */
  compact: boolean;
  showMenuButton: boolean;
  onMenuClick: () => void;
  onChatClick: () => void;
}) {
  const { company } = useSession();
  const { messagingFlag } = useFeatureFlags();

  return (
    <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
        {showMenuButton && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Open navigation"
            onClick={onMenuClick}
          >
            <MenuIcon />
          </IconButton>
        )}
        <ButtonBase
          component={RouterLink}
          to="/"
          aria-label="Flowline home"
          sx={{ borderRadius: 1, p: 0.5, flexShrink: 0 }}
        >
          <FlowlineLogo tone="light" height={30} />
        </ButtonBase>
        {!compact && <SearchBox />}
        <Box sx={{ flexGrow: 1 }} />
        <ConnectionsButton compact={compact} />
        {messagingFlag && <MessagesButton onClick={onChatClick} />}
        {!compact && (
          // Only where there is room for it beside the search; the name always says whose it is.
          <Box sx={{ display: { xs: 'none', lg: 'flex' }, flexShrink: 0 }}>
            <CompanyLogo companyId={company.id} companyName={company.name} height={32} />
          </Box>
        )}
        {!compact && (
          <Typography
            component="span"
            data-testid="selected-company-name"
            noWrap
            // Where the logo shows (lg), the search gives way first so the name stays whole
            // (issue 27 item 29); only a name longer than 280 px is cut (its title says it all).
            sx={{
              maxWidth: { md: 200, lg: 280 },
              minWidth: 0,
              flexShrink: { md: 1, lg: 0 },
              fontWeight: 600,
            }}
            title={company.name}
          >
            {company.name}
          </Typography>
        )}
        <AccountMenu />
      </Toolbar>
      {compact && (
        <Toolbar variant="dense" sx={{ pb: 1 }}>
          <SearchBox />
        </Toolbar>
      )}
    </AppBar>
  );
}
