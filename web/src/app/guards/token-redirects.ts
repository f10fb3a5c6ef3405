// Registration and gift links (SPEC 2.1) go to the auth host's pages; a link without a usable token goes home.
import { replace, type LoaderFunctionArgs } from 'react-router-dom';
import { paths } from '../../config/paths';

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

export function giftLoginRedirect({ params }: LoaderFunctionArgs) {
  const token = params.giftToken;
  throw replace(isUsableToken(token) ? paths.auth.loginWithGift(token) : paths.root);
}

export function homeRedirect() {
  throw replace(paths.root);
}
