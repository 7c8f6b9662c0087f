import { holds } from '@roompilot/contract';
import { useCurrentUser } from './user';

/**
 * Whether the signed-in user holds a key (or `*`). A visitor (no keys) may look at every screen
 * but holds nothing, so the screens hide their write actions from them.
 */
export function useHolds(key: string): boolean {
  const { guard } = useCurrentUser();
  return holds(guard.perms, key);
}
