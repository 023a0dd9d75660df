import { lazy, Suspense, useId, useState } from 'react';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import AccountCircle from '@mui/icons-material/AccountCircle';
import { useUnreadNotificationCount } from '../../features/notifications/api';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';
import { useMyMembershipInvitations } from '../../features/membership-invitations/api';

// Loaded when first opened: the first paint of every page does without it (issue 16 item 4).
const ChangeAccountDialog = lazy(async () => ({
  default: (await import('./change-account-dialog')).ChangeAccountDialog,
}));

/** The menu's list: its code when the menu is about to open (issue 33 item 6). */
const loadAccountMenuList = () => import('./account-menu-list');
const AccountMenuList = lazy(async () => ({
  default: (await loadAccountMenuList()).AccountMenuList,
}));
const prefetchAccountMenuList = () => void loadAccountMenuList().catch(() => undefined);

export function AccountMenu() {
  // The badges are asked for once the page has painted (issue 16 item 4).
  const painted = useAfterFirstPaint();
  const unread = useUnreadNotificationCount({ enabled: painted });
  const invitationCount = useMyMembershipInvitations({ enabled: painted }).data?.length ?? 0;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Stays mounted once opened so its closing transition plays.
  const [menuUsed, setMenuUsed] = useState(false);
  if (anchor !== null && !menuUsed) setMenuUsed(true);
  const [changeAccountOpen, setChangeAccountOpen] = useState(false);
  // Stays mounted once opened so its closing transition plays.
  const [changeAccountUsed, setChangeAccountUsed] = useState(false);
  if (changeAccountOpen && !changeAccountUsed) setChangeAccountUsed(true);
  const menuId = useId();
  const buttonId = useId();
  const open = anchor !== null;

  return (
    <>
      <IconButton
        id={buttonId}
        color="inherit"
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        onPointerEnter={prefetchAccountMenuList}
        onFocus={prefetchAccountMenuList}
        onTouchStart={prefetchAccountMenuList}
      >
        <Badge badgeContent={unread} color="error" max={99} variant="dot" invisible={unread === 0}>
          <AccountCircle />
        </Badge>
      </IconButton>
      {menuUsed && (
        <Suspense fallback={null}>
          <AccountMenuList
            menuId={menuId}
            buttonId={buttonId}
            anchor={anchor}
            onClose={() => setAnchor(null)}
            unread={unread}
            invitationCount={invitationCount}
            onChangeAccount={() => setChangeAccountOpen(true)}
          />
        </Suspense>
      )}
      {changeAccountUsed && (
        <Suspense fallback={null}>
          <ChangeAccountDialog
            open={changeAccountOpen}
            onClose={() => setChangeAccountOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
