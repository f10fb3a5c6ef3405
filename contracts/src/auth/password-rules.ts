/** Password and registration-mode rules (SPEC 5, issue 3), shared by the form and the server. */
import * as v from 'valibot';
import { LIMITS } from '../constants';
import { AUTH_MESSAGES } from './token';

/** The most common passwords of at least 10 characters (public breach lists); refused outright. */
const COMMON = new Set(
  [
    '1234567890', '12345678910', '0123456789', '1234567891', '123456789a', 'qwertyuiop', 'password1', 'password12',
    'password123', 'password1234', 'passw0rd123', 'iloveyou12', 'iloveyou123', 'qwerty1234', 'qwerty12345', '1q2w3e4r5t',
    '1qaz2wsx3edc', 'zaq12wsxcde', 'aaaaaaaaaa', '1111111111', '0000000000', '9876543210', 'abcdefghij', 'abc1234567',
    'welcome123', 'welcome1234', 'letmein123', 'football123', 'baseball123', 'superman123', 'princess123', 'sunshine123',
    'monkey12345', 'dragon12345', 'trustno1234', 'changeme123', 'administrator', 'qwertyuiop123', 'asdfghjkl1',
    'asdfghjkl123', 'zxcvbnm123', 'michael123', 'jennifer123', 'password!', 'password!1', 'p@ssw0rd123', 'p@ssword123',
    'demo-password', 'test123456', 'testtest12', 'computer123', 'internet123', 'starwars123', 'pokemon123',
  ].map((p) => p.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

export const passwordRule = v.pipe(
  v.string(AUTH_MESSAGES.passwordRequired),
  v.nonEmpty(AUTH_MESSAGES.passwordRequired),
  v.minLength(LIMITS.passwordMin, AUTH_MESSAGES.passwordMin),
  v.maxLength(LIMITS.passwordMax, AUTH_MESSAGES.passwordMax),
  v.check((p) => !isCommonPassword(p), AUTH_MESSAGES.passwordCommon),
);

export const registrationPasswordsSchema = v.pipe(
  v.object({ password: passwordRule, passwordConfirm: v.pipe(v.string(AUTH_MESSAGES.passwordRequired), v.nonEmpty(AUTH_MESSAGES.passwordRequired)) }),
  v.forward(
    v.partialCheck([['password'], ['passwordConfirm']], (i) => i.password === i.passwordConfirm, AUTH_MESSAGES.passwordMismatch),
    ['passwordConfirm'],
  ),
);

export const loginSchema = v.object({
  username: v.pipe(v.string(), v.trim(), v.nonEmpty('Username or e-mail is required.'), v.maxLength(254)),
  password: v.pipe(v.string(), v.nonEmpty(AUTH_MESSAGES.passwordRequired), v.maxLength(LIMITS.passwordMax)),
});
