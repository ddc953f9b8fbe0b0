import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from './api';
import { clearDraftsOf, clearSession, getStoredUser, hasDraftsOf } from './session';

/** Set by a logout the user already confirmed (unsaved grades included): the next move is not asked again. */
let leavingConfirmed = false;

/** Whether the move under way is a confirmed logout (`components/LeaveGuard` lets it through without asking). */
export function isLeavingConfirmed(): boolean {
  return leavingConfirmed;
}

function confirmLeaving(): void {
  leavingConfirmed = true;
  setTimeout(() => {
    leavingConfirmed = false;
  }, 0);
}

/** Whether logging out now would discard typed grades this user has not saved (the menu asks first). */
export function logoutDiscardsDrafts(): boolean {
  const userId = getStoredUser()?.id;
  return userId !== undefined && hasDraftsOf(userId);
}

/**
 * The one logout, wherever it is offered: the user's unsaved grades are dropped, the server ends the token (the
 * session ends here whatever it answers), the cache is emptied and the sign-in page opens without the screen's own
 * unsaved-work question (the logout's question covered it).
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    const userId = getStoredUser()?.id;
    if (userId !== undefined) clearDraftsOf(userId);
    try {
      await api('/logout', { method: 'POST' });
    } catch {
      // The token is dropped locally whatever the server answers.
    }
    clearSession();
    queryClient.clear();
    confirmLeaving();
    navigate('/login', { replace: true });
  };
}
