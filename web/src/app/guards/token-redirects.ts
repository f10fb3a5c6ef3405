// Registration and gift links (SPEC 2.1) go to the auth host's pages; a link without a usable token goes home.
import { replace, type LoaderFunctionArgs } from 'react-router-dom';
import { paths } from '../../config/paths';
import { ensureSession } from '../../lib/auth/session';

/** A token is usable when it is one non-blank word of sane length (links get mangled by mail clients). */
export function isUsableToken(value: string | undefined): value is string {
  return !!value && value.trim() === value && value.length <= 512 && /^[^\s/?#]+$/.test(value);
}

export function registrationRedirect({ params }: LoaderFunctionArgs) {
  const token = params.securityToken;
  throw replace(isUsableToken(token) ? paths.auth.register(token) : paths.root);
}

export function giftRegistrationRedirect({ params }: LoaderFunctionArgs) {
  const { email, giftToken } = params;
  const ok = isUsableToken(giftToken) && !!email && email.includes('@');
  throw replace(ok ? paths.auth.gift(email, giftToken) : paths.root);
}

/**
 * A gift's sign-in link. The session a refresh cookie offers is picked up first (a new tab of a signed-in user), so the
 * sign-in page can offer a signed-in customer the one-click claim instead of signing in again.
 */
export async function giftLoginRedirect({ params }: LoaderFunctionArgs) {
  const token = params.giftToken;
  if (!isUsableToken(token)) throw replace(paths.root);
  await ensureSession();
  throw replace(paths.auth.loginWithGift(token));
}

export function homeRedirect() {
  throw replace(paths.root);
}
