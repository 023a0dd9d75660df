import { lazy, Suspense, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AccountCircle from '@mui/icons-material/AccountCircle';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import Logout from '@mui/icons-material/Logout';
import { canEditOwnProfile } from '@flowline/shared';
import { useSession } from '../../features/session/use-session';
import { useUnreadNotificationCount } from '../../features/notifications/api';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';
import { useMyMembershipInvitations } from '../../features/membership-invitations/api';
import { useAuth } from '../auth/auth-context';

// Loaded when first opened: the first paint of every page does without it (issue 16 item 4).
const ChangeAccountDialog = lazy(async () => ({
  default: (await import('./change-account-dialog')).ChangeAccountDialog,
}));

export function AccountMenu() {
  const { user, companies } = useSession();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  // The badges are asked for once the page has painted (issue 16 item 4).
  const painted = useAfterFirstPaint();
  const unread = useUnreadNotificationCount({ enabled: painted });
  const invitationCount = useMyMembershipInvitations({ enabled: painted }).data?.length ?? 0;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [changeAccountOpen, setChangeAccountOpen] = useState(false);
  // Stays mounted once opened so its closing transition plays.
  const [changeAccountUsed, setChangeAccountUsed] = useState(false);
  if (changeAccountOpen && !changeAccountUsed) setChangeAccountUsed(true);
  const menuId = useId();
  const buttonId = useId();
  const open = anchor !== null;

  const close = () => setAnchor(null);
  const go = (path: string) => {
    close();
    navigate(path);
  };

  const items = [
    companies.length > 1 && (
      <MenuItem
        key="change"
        onClick={() => {
          close();
          setChangeAccountOpen(true);
        }}
      >
        <ListItemIcon>
          <SwapHoriz fontSize="small" />
        </ListItemIcon>
        <ListItemText>Change Account</ListItemText>
      </MenuItem>
    ),
    invitationCount > 0 && (
      <MenuItem key="membership-invitations" onClick={() => go('/membership-invitations')}>
        <ListItemIcon>
          <Badge badgeContent={invitationCount} color="error">
            <GroupAddOutlined fontSize="small" />
          </Badge>
        </ListItemIcon>
        <ListItemText>Invitations to join a company</ListItemText>
      </MenuItem>
    ),
    <MenuItem
      key="notifications"
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      onClick={() => go('/notifications')}
    >
      <ListItemIcon>
        <Badge badgeContent={unread} color="error" max={99}>
          <NotificationsOutlined fontSize="small" />
        </Badge>
      </ListItemIcon>
      <ListItemText>Notifications</ListItemText>
    </MenuItem>,
    canEditOwnProfile(user.userType) && (
      <MenuItem key="profile" onClick={() => go('/profile')}>
        <ListItemIcon>
          <PersonOutlined fontSize="small" />
        </ListItemIcon>
        <ListItemText>Edit my Profile</ListItemText>
      </MenuItem>
    ),
    <MenuItem
      key="logout"
      onClick={() => {
        close();
        void signOut();
      }}
    >
      <ListItemIcon>
        <Logout fontSize="small" />
      </ListItemIcon>
      <ListItemText>Logout</ListItemText>
    </MenuItem>,
  ];

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
      >
        <Badge badgeContent={unread} color="error" max={99} variant="dot" invisible={unread === 0}>
          <AccountCircle />
        </Badge>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {items.filter(Boolean)}
      </Menu>
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
