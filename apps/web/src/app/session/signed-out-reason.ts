/**
 * Why the app signed the user out (no company to work in, issue 27 item 23): kept for the browser
 * tab so the landing page the sign-out ends on still says it, instead of a silent return.
 */
const KEY = 'flowline.signedOutReason';

export function rememberSignedOutReason(message: string) {
  try {
    window.sessionStorage.setItem(KEY, message);
  } catch {
    // Storage refused (private mode): the message was on screen before the sign-out.
  }
}

export function readSignedOutReason(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Said once: the landing page forgets it after showing it. */
export function forgetSignedOutReason() {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was stored.
  }
}
