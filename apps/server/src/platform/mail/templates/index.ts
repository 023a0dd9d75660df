export { connectionRequestMail, type ConnectionRequestMailInput } from './connection-request';
export { documentReceivedMail, type DocumentReceivedMailInput } from './document-received';
export { formatMailDate, invitationMail, type InvitationMailInput } from './invitation';
export { invitationRejectedMail, type InvitationRejectedMailInput } from './invitation-rejected';
export {
  escapeHtml,
  listUnsubscribeHeaders,
  unsubscribeUrl,
  type RenderedMail,
} from './render-mail';
export { temporaryPasswordMail, type TemporaryPasswordMailInput } from './temporary-password';
export {
  emailChangeConfirmationMail,
  emailChangeNoticeMail,
  membershipInvitationMail,
} from './account-identity';
export { documentStatusMail, type DocumentStatusMailInput } from './document-status';
export { notificationDigestMail, type NotificationDigestMailInput } from './notification-digest';
export { noticeMail, type NoticeMailInput } from './notice';
export { approvalWaitingMail, type ApprovalWaitingMailInput } from './approval-waiting';
