import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation, useMatch, useNavigation } from 'react-router';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useFeatureFlags } from '../../features/feature-flags/api';
import { useSession } from '../../features/session/use-session';
import type { ChatLinkState } from './chat-link';
import { TopBar, TopBarSpacer } from './top-bar';
import { Navigation } from './navigation';
import { SystemNotifications } from './system-notifications';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';
import { useLoadedModule } from '../routes/use-loaded-module';
import { loadWelcomeDialog, loadedWelcomeDialog } from '../session/load-welcome-dialog';
import { loadChatPanel } from './load-chat-panel';

// Behind a feature flag and a click: its code loads when the Messages button is pointed at or
// focused, and the panel mounts when first opened — not with every page (issue 16 item 4).
const ChatPanel = lazy(async () => ({ default: (await loadChatPanel()).ChatPanel }));
const RealtimeNotifications = lazy(async () => ({
  default: (await import('../realtime/realtime-notifications')).RealtimeNotifications,
}));
// The field tickets' offline queue (issue 32 item 2): tickets kept on the phone go out at start.
const FieldTicketQueueRunner = lazy(async () => ({
  default: (await import('../../features/field-tickets/queue/queue-runner')).FieldTicketQueueRunner,
}));

/** The signed-in frame (spec 2 §2.1): top bar, left navigation, page content. */
export function AppShell() {
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('md'));
  const onDocument = useMatch('/documents/:id') !== null;
  const navigation = useNavigation();
  const { messagingFlag } = useFeatureFlags();
  const { user, isAdministrator } = useSession();
  const [mobileNavOpen, setMobileNavOpen] = useState(false);
  const [chatOpen, setChatOpen] = useState(false);
  // Mounted when first opened, then kept (closed) so that it keeps its place when reopened.
  const [chatMounted, setChatMounted] = useState(false);
  if (chatOpen && !chatMounted) setChatMounted(true);
  // A chat mail's link (/chat?channel=…) arrives as navigation state: the panel opens on it,
  // fresh for each followed link (its key).
  const location = useLocation();
  const linkedChannel = (location.state as Partial<ChatLinkState> | null)?.chatChannel;
  const [chatLinkKey, setChatLinkKey] = useState<string | null>(null);
  if (linkedChannel !== undefined && chatLinkKey !== location.key) {
    setChatLinkKey(location.key);
    setChatOpen(true);
  }
  const showNavigation = !onDocument;
  // The socket waits until the page has painted (issue 16 item 4).
  const painted = useAfterFirstPaint();

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SystemNotifications />
      {painted && (
        <Suspense fallback={null}>
          <RealtimeNotifications />
          <FieldTicketQueueRunner />
        </Suspense>
      )}
      <TopBar
        compact={mobile}
        showMenuButton={mobile && showNavigation}
        onMenuClick={() => setMobileNavOpen(true)}
        onChatClick={() => setChatOpen(true)}
      />
      {showNavigation && (
        <Navigation
          mobile={mobile}
          mobileOpen={mobileNavOpen}
          onMobileClose={() => setMobileNavOpen(false)}
        />
      )}
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, bgcolor: 'background.default' }}>
        <TopBarSpacer compact={mobile} />
        {navigation.state === 'loading' && <LinearProgress aria-label="Loading page" />}
        <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1600 }}>
          <Outlet />
        </Box>
      </Box>
      {messagingFlag && chatMounted && (
        <Suspense
          fallback={
            <LinearProgress
              aria-label="Loading messages"
              sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 'tooltip' }}
            />
          }
        >
          <ChatPanel
            key={chatLinkKey ?? 'chat'}
            open={chatOpen}
            onClose={() => setChatOpen(false)}
            initialChannel={linkedChannel || null}
          />
        </Suspense>
      )}
      {user.showWelcomeMessage && isAdministrator && <WelcomeDialog />}
    </Box>
  );
}

/** Its code is usually here already: the shell's loader fetched it when the session said so. */
function WelcomeDialog() {
  const module = useLoadedModule(loadedWelcomeDialog, loadWelcomeDialog);
  return module ? <module.WelcomeDialog /> : null;
}
