// The shell's authentication listener (SPEC 2.3, 4): on window focus, renew inside the renew period, re-authenticate when expired.
import { useEffect } from 'react';
import { navigateTo } from '../navigation';
import { authUrl, currentAppPath } from './auth-urls';
import { refreshSession } from './session';
import { getSession } from './session-store';
import { tokenPhase } from './token-phase';

export function onWindowFocus(now: number = Date.now()): void {
  const session = getSession();
  if (!session) return;
  const phase = tokenPhase(session, now);
  if (phase === 'renew') void refreshSession();
  else if (phase === 'expired') navigateTo(authUrl('refresh', { destination: currentAppPath(), authenticationOptional: true }));
}

export function useAuthListener(): void {
  useEffect(() => {
    const listener = () => onWindowFocus();
    window.addEventListener('focus', listener);
    return () => window.removeEventListener('focus', listener);
  }, []);
}
