import { SessionProvider } from '../session/session-provider';
import { AppShell } from '../shell/app-shell';
export { sessionStartQueryOptions } from '../session/start-session';
export { loadWelcomeDialog } from '../session/load-welcome-dialog';

/**
 * The session and the signed-in frame, in their own chunk (issue 16 item 4): the landing and
 * register pages never download the shell, its dialogs, menus and realtime client.
 */
export function SignedInShell() {
  return (
    <SessionProvider>
      <AppShell />
    </SessionProvider>
  );
}
