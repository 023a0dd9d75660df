import { PASSWORD_MIN_LENGTH } from '@flowline/shared';
import { OIDC_MOUNT, alert, escapeHtml, layout } from './html';

export const MESSAGES = {
  invalidCredentials: 'Invalid email or password.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a minute and try again.',
  passwordMismatch: 'Passwords do not match.',
  passwordUnchanged: 'The new password must be different from the temporary password.',
} as const;

export const interactionPath = (uid: string) =>
  `${OIDC_MOUNT}/interaction/${encodeURIComponent(uid)}`;

export function loginPage(opts: { uid: string; email?: string; error?: string }): string {
  const email = opts.email ?? '';
  const describedBy = opts.error ? ' aria-describedby="form-error" aria-invalid="true"' : '';
  return layout({
    title: 'Sign in to Flowline',
    body: `${alert(opts.error)}
<form method="post" action="${interactionPath(opts.uid)}/login" class="form">
<div class="field">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${describedBy}${email ? '' : ' autofocus'}>
</div>
<div class="field">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${describedBy}${email ? ' autofocus' : ''}>
</div>
<button type="submit" class="button primary">Sign in</button>
</form>`,
  });
}

/**
 * The forced password change. `novalidate`: the browser's own bubble for a too-short password says
 * nothing of our rule and is not announced like the page's messages, so the server's rule answers
 * with the form's message (issue 27 item 29); `minlength` stays as a hint to password managers.
 */
export function passwordPage(opts: { uid: string; email: string; error?: string }): string {
  const invalid = opts.error ? ' aria-invalid="true"' : '';
  return layout({
    title: 'Change your password',
    body: `<p class="intro">You signed in with a temporary password. Choose a new password to continue.</p>
${alert(opts.error)}
<form method="post" action="${interactionPath(opts.uid)}/password" class="form" novalidate>
<input type="hidden" name="username" autocomplete="username" value="${escapeHtml(opts.email)}">
<div class="field">
<label for="newPassword">New password</label>
<input id="newPassword" name="newPassword" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN_LENGTH}" aria-describedby="password-hint${opts.error ? ' form-error' : ''}"${invalid} autofocus>
<p class="hint" id="password-hint">At least ${PASSWORD_MIN_LENGTH} characters, with letters and digits.</p>
</div>
<div class="field">
<label for="confirmPassword">Confirm new password</label>
<input id="confirmPassword" name="confirmPassword" type="password" autocomplete="new-password" required${invalid}>
</div>
<button type="submit" class="button primary">Change password</button>
</form>`,
  });
}

/** A page with a message and one way onwards: errors, signed out. */
export function messagePage(opts: {
  title: string;
  message: string;
  link: { href: string; label: string };
}): string {
  return layout({
    title: opts.title,
    body: `<p class="intro">${escapeHtml(opts.message)}</p>
<p><a class="button primary" href="${escapeHtml(opts.link.href)}">${escapeHtml(opts.link.label)}</a></p>`,
  });
}

/**
 * The end-session confirmation. oidc-provider's form carries the xsrf token; `logout=yes` ends the whole
 * session (not just this client's), and logout.js submits it at once so users do not confirm twice.
 */
/**
 * The end-session page. Only a request carrying a valid id_token_hint (the app's own sign-out)
 * is submitted automatically; a bare link from another site gets a confirmation the user clicks,
 * so it cannot sign anyone out.
 */
export function logoutPage(providerForm: string, confirmed: boolean): string {
  const form = providerForm.replace(
    '</form>',
    '<input type="hidden" name="logout" value="yes"/><button type="submit" class="button primary">Sign out</button></form>',
  );
  if (confirmed)
    return layout({
      title: 'Signing you out',
      head: `<script src="${OIDC_MOUNT}/assets/logout.js" defer></script>`,
      body: `<p class="intro">One moment while we sign you out of Flowline.</p>\n${form}`,
    });
  return layout({
    title: 'Sign out of Flowline?',
    body: `<p class="intro">Do you want to sign out of Flowline?</p>\n${form}`,
  });
}
