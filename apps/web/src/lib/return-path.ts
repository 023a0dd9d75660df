const NON_RETURNABLE = ['/landingpage', '/login', '/callback', '/errorloading'];

/**
 * A same-origin path to go back to after sign-in; anything else (absolute or protocol-relative
 * urls, the sign-in pages themselves) falls back to Home so redirectTo cannot send users off-site.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return '/';
  const pathname = value.split(/[?#]/)[0]?.toLowerCase() ?? '';
  return NON_RETURNABLE.includes(pathname) ? '/' : value;
}
