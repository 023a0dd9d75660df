import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import RuleFolderOutlined from '@mui/icons-material/RuleFolderOutlined';
import RuleOutlined from '@mui/icons-material/RuleOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import AlternateEmailOutlined from '@mui/icons-material/AlternateEmailOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import HubOutlined from '@mui/icons-material/HubOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import AssignmentTurnedInOutlined from '@mui/icons-material/AssignmentTurnedInOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import PendingActionsOutlined from '@mui/icons-material/PendingActionsOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import ToggleOnOutlined from '@mui/icons-material/ToggleOnOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { useSession } from '../../features/session/use-session';
import { useDocumentTypes } from '../../features/document-types/api';
import { useFeatureFlags } from '../../features/feature-flags/api';
import { TopBarSpacer } from './top-bar';
import Badge from '@mui/material/Badge';
import { usePendingInvitationCount } from '../../features/invitations/api';
import { inboxKeys, useInboxUnreadCount, useMyApprovalsCount } from '../../features/inbox/counts';
import {
  Terminology,
  UserType,
  canChangeData,
  pluralizeTerm,
  receivesTaxDocuments,
} from '@flowline/shared';
import { useTerm } from '../../features/terminology/api';
import {
  adminNavLinks,
  supportNavLinks,
  userNavLinks,
  type NavIcon,
  type NavLinkItem,
} from './nav-links';
import { visuallyHidden } from '../../components/visually-hidden';

export const DRAWER_WIDTH = 256;

const icons: Record<NavIcon, SvgIconComponent> = {
  home: HomeOutlined,
  inbox: InboxOutlined,
  approvals: AssignmentTurnedInOutlined,
  exceptions: RuleFolderOutlined,
  document: DescriptionOutlined,
  logo: ImageOutlined,
  profiles: AccountTreeOutlined,
  legal: GavelOutlined,
  ach: AccountBalanceOutlined,
  users: GroupOutlined,
  apiKeys: VpnKeyOutlined,
  codingRules: RuleOutlined,
  priceBooks: RequestQuoteOutlined,
  payments: PaymentsOutlined,
  tax: ReceiptLongOutlined,
  approvalPolicies: TaskAltOutlined,
  connections: HubOutlined,
  invitations: MailOutlined,
  system: CampaignOutlined,
  jobs: PendingActionsOutlined,
  inboundEmail: AlternateEmailOutlined,
  audit: HistoryOutlined,
  terminology: TranslateOutlined,
  flags: ToggleOnOutlined,
};

/** The Invitations link carries the count of live invitations (spec 2 §2.7). */
function InvitationsIcon() {
  const count = usePendingInvitationCount();
  return (
    <Badge
      badgeContent={count > 0 ? count : null}
      color="error"
      max={99}
      data-testid="invitations-badge"
    >
      <MailOutlined fontSize="small" />
    </Badge>
  );
}

/** The Inbox link carries the count of received documents nobody has opened yet. */
function InboxIcon() {
  const count = useInboxUnreadCount();
  return (
    <Badge
      badgeContent={count > 0 ? count : null}
      color="primary"
      max={999}
      data-testid="inbox-badge"
      // The label says it in words (InboxLabel); the number alone would read oddly before 'Inbox'.
      slotProps={{ badge: { 'aria-hidden': true } }}
    >
      <InboxOutlined fontSize="small" />
    </Badge>
  );
}

/** 'My approvals' carries how many invoices wait for the user's approval (issue 29 item 3). */
function MyApprovalsIcon() {
  const count = useMyApprovalsCount();
  return (
    <Badge
      badgeContent={count > 0 ? count : null}
      color="secondary"
      max={999}
      data-testid="my-approvals-badge"
      slotProps={{ badge: { 'aria-hidden': true } }}
    >
      <AssignmentTurnedInOutlined fontSize="small" />
    </Badge>
  );
}

function MyApprovalsLabel({ label }: { label: string }) {
  const count = useMyApprovalsCount();
  return (
    <>
      {label}
      {count > 0 && <Box component="span" sx={visuallyHidden}>{` (${count} waiting)`}</Box>}
    </>
  );
}

function InboxLabel({ label }: { label: string }) {
  const count = useInboxUnreadCount();
  return (
    <>
      {label}
      {count > 0 && <Box component="span" sx={visuallyHidden}>{` (${count} unread)`}</Box>}
    </>
  );
}

/**
 * Opening a document marks it read, on a page the navigation does not see: the count is asked
 * again after each change of page (one small count query).
 */
function useRefreshInboxCountOnNavigate() {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void queryClient.invalidateQueries({ queryKey: inboxKeys.unreadCount() });
  }, [pathname, queryClient]);
}

function NavEntry({ link, onNavigate }: { link: NavLinkItem; onNavigate?: () => void }) {
  const Icon = icons[link.icon];
  return (
    <li>
      <ListItemButton
        component={NavLink}
        to={link.to}
        end={link.to === '/'}
        onClick={onNavigate}
        sx={{
          mx: 1,
          py: 0.5,
          '&.active': { bgcolor: '#DDEBEE', color: 'primary.main', fontWeight: 600 },
          '&.active .MuiListItemIcon-root': { color: 'primary.main' },
        }}
      >
        <ListItemIcon sx={{ minWidth: 36 }}>
          {link.icon === 'invitations' ? (
            <InvitationsIcon />
          ) : link.icon === 'inbox' ? (
            <InboxIcon />
          ) : link.icon === 'approvals' ? (
            <MyApprovalsIcon />
          ) : (
            <Icon fontSize="small" />
          )}
        </ListItemIcon>
        <ListItemText
          primary={
            link.icon === 'inbox' ? (
              <InboxLabel label={link.label} />
            ) : link.icon === 'approvals' ? (
              <MyApprovalsLabel label={link.label} />
            ) : (
              link.label
            )
          }
          slotProps={{ primary: { sx: { fontWeight: 'inherit' } } }}
        />
      </ListItemButton>
    </li>
  );
}

function NavigationContent({ mobile, onNavigate }: { mobile: boolean; onNavigate?: () => void }) {
  const { isAdministrator, company, user } = useSession();
  const supportLinks = user.userType === UserType.Global ? supportNavLinks : [];
  const documentTypes = useDocumentTypes().data ?? [];
  const flags = useFeatureFlags();
  const profilesLabel = pluralizeTerm(useTerm(Terminology.OrgUnit));
  const connectionsLabel = pluralizeTerm(useTerm(Terminology.Party));
  const adminLinks = isAdministrator
    ? adminNavLinks({ mobile, profilesLabel, connectionsLabel })
    : [];
  useRefreshInboxCountOnNavigate();

  return (
    <nav aria-label="Main navigation">
      {mobile && (
        // The top bar has no room for the company name on small screens.
        <Typography data-testid="selected-company-name" sx={{ px: 2, pt: 2, fontWeight: 600 }}>
          {company.name}
        </Typography>
      )}
      <List dense>
        {userNavLinks(documentTypes, flags, {
          canApprove: canChangeData({ roles: user.roles, userType: user.userType }),
          taxDocuments: receivesTaxDocuments(company.partyTypeIds),
          partyTypeIds: company.partyTypeIds,
        }).map((link) => (
          <NavEntry key={link.to} link={link} onNavigate={onNavigate} />
        ))}
      </List>
      {adminLinks.length > 0 && (
        <>
          <Divider />
          <List
            dense
            aria-labelledby="nav-admin-heading"
            subheader={
              <ListSubheader id="nav-admin-heading" disableSticky sx={{ lineHeight: 2.5, mt: 1 }}>
                Administration
              </ListSubheader>
            }
          >
            {adminLinks.map((link) => (
              <NavEntry key={link.to} link={link} onNavigate={onNavigate} />
            ))}
          </List>
        </>
      )}
      {supportLinks.length > 0 && (
        <>
          <Divider />
          <List
            dense
            aria-labelledby="nav-support-heading"
            subheader={
              <ListSubheader id="nav-support-heading" disableSticky sx={{ lineHeight: 2.5, mt: 1 }}>
                Support
              </ListSubheader>
            }
          >
            {supportLinks.map((link) => (
              <NavEntry key={link.to} link={link} onNavigate={onNavigate} />
            ))}
          </List>
        </>
      )}
    </nav>
  );
}

/** Permanent drawer on desktop, temporary (hamburger) drawer below md. */
export function Navigation({
  mobile,
  mobileOpen,
  onMobileClose,
}: {
  mobile: boolean;
  mobileOpen: boolean;
  onMobileClose: () => void;
}) {
  if (mobile) {
    return (
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
        slotProps={{ paper: { sx: { width: DRAWER_WIDTH }, 'aria-label': 'Navigation menu' } }}
      >
        <TopBarSpacer compact />
        <NavigationContent mobile onNavigate={onMobileClose} />
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="permanent"
      sx={{ width: DRAWER_WIDTH, flexShrink: 0 }}
      slotProps={{
        paper: {
          sx: {
            width: DRAWER_WIDTH,
            boxSizing: 'border-box',
            borderRight: 1,
            borderColor: 'divider',
          },
        },
      }}
    >
      <Toolbar />
      <NavigationContent mobile={false} />
    </Drawer>
  );
}
