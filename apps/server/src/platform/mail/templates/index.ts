export { connectionRequestMail, type ConnectionRequestMailInput } from './connection-request';
export { documentReceivedMail, type DocumentReceivedMailInput } from './document-received';
export { formatMailDate, invitationMail, type InvitationMailInput } from './invitation';
export {
  escapeHtml,
  listUnsubscribeHeaders,
  unsubscribeUrl,
  type RenderedMail,
} from './render-mail';
export { temporaryPasswordMail, type TemporaryPasswordMailInput } from './temporary-password';
