import { AUTHENTICATOR_APP, messages } from '@outpost/contracts/messages';
import { isApiError } from '@/lib/api-error';
import { MissingTokensError } from '@/lib/start-session';

export type LoginFailure = {
  message: string;
  /** Two-factor is on: show the verification code field. */
  needsVerification: boolean;
  /** 'info': the server asks for the code (nothing went wrong); 'error' otherwise. */
  tone: 'error' | 'info';
  /**
   * Where the code comes from, when the answer says: 'app' (an authenticator app, nothing is
   * sent), 'sent' (a new code went by SMS or email); undefined when it does not say.
   */
  codeFrom?: 'app' | 'sent';
};

/** What the login page shows for a failed login (spec 1 section 8 "Login"). */
export function loginFailure(error: unknown): LoginFailure {
  if (error instanceof MissingTokensError)
    return { message: messages.login.processingFailed, needsVerification: false, tone: 'error' };
  if (isApiError(error) && error.kind === 'Server') {
    if (error.status === 401 && error.message.includes('Extended validation')) {
      const asked = error.message.includes('Extended validation required');
      const fromApp = error.message.includes(AUTHENTICATOR_APP);
      return {
        message: `${messages.login.twoFactorRequired} ${error.message}`,
        needsVerification: true,
        tone: asked ? 'info' : 'error',
        ...(fromApp ? { codeFrom: 'app' } : asked ? { codeFrom: 'sent' } : {}),
      };
    }
    if (error.status === 401 && error.message.includes('unknown username or incorrect password')) {
      return { message: messages.login.badCredentials, needsVerification: false, tone: 'error' };
    }
    // Rate limiting answers a clear sentence: show it as it is.
    if (error.status === 429)
      return { message: error.message, needsVerification: false, tone: 'error' };
  }
  return { message: messages.login.loadFailed, needsVerification: false, tone: 'error' };
}

/** The message for /login?reason=... */
export function sessionReasonMessage(reason: string): string {
  if (reason === 'session-expired') return messages.session.expired;
  if (reason === 'bio-auth-error') return messages.session.bioAuth;
  return messages.session.other;
}
