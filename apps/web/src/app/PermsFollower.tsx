import { useQueryClient } from '@tanstack/react-query';
import { useLiveMessages, useLiveReconnected } from './live';

/**
 * Keeps the console's permissions current without a new login: when the live socket says this
 * user's permissions changed (a role of theirs, or their roles), and when it comes back after
 * being down (a change may have been missed), the user info is read again. The guard, the menu
 * and the routes follow it; a screen the user may no longer see goes to /401.
 */
export function PermsFollower() {
  const queryClient = useQueryClient();
  const reread = () => void queryClient.invalidateQueries({ queryKey: ['userinfo'] });
  useLiveMessages((message) => {
    if (message.type === 'perms') reread();
  });
  useLiveReconnected(reread);
  return null;
}
