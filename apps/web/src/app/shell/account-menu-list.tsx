import { useNavigate } from 'react-router';
import Badge from '@mui/material/Badge';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import Logout from '@mui/icons-material/Logout';
import { canEditOwnProfile } from '@flowline/shared';
import { useSession } from '../../features/session/use-session';
import { useAuth } from '../auth/auth-context';

/**
 * The account menu's list (account-menu.tsx): its own chunk, loaded when the menu is first opened
 * or about to be (pointer over, focus), so that the first paint of every page does without MUI's
 * Menu, Popover and MenuList (issue 33 item 6).
 */
export function AccountMenuList({
  menuId,
  buttonId,
  anchor,
  onClose,
  unread,
  invitationCount,
  onChangeAccount,
}: {
  menuId: string;
  buttonId: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  unread: number;
  invitationCount: number;
  onChangeAccount: () => void;
}) {
  const { user, companies } = useSession();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const close = onClose;
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
          onChangeAccount();
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
    <Menu
      id={menuId}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ list: { 'aria-labelledby': buttonId } }}
    >
      {items.filter(Boolean)}
    </Menu>
  );
}
