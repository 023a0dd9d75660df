import type { ApiAuth } from '../../lib/api-client';

export interface AuthSnapshot {
  /** `loading` until the issuer configuration and any stored session are read. */
  status: 'loading' | 'ready' | 'error';
  isAuthenticated: boolean;
  /** Set while the end-session redirect is under way, so guards do not start a new sign-in. */
  signingOut: boolean;
}

/** The sign-in machinery, behind an interface so tests can supply a fake one. */
export interface AuthClient extends ApiAuth {
  subscribe(listener: () => void): () => void;
  getSnapshot(): AuthSnapshot;
  /** Loads the issuer configuration and restores a stored session; safe to call repeatedly. */
  start(): Promise<void>;
  /** Redirects to the issuer; comes back to /callback and then to `returnTo`. */
  signIn(returnTo: string): Promise<void>;
  /** Completes the redirect at /callback; resolves to the path to return to. */
  completeSignIn(): Promise<string>;
  /** Ends the local and the issuer session; the issuer sends the browser back to /landingpage. */
  signOut(): Promise<void>;
}
