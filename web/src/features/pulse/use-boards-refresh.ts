import { useEffect, useMemo } from 'react';
import { BOARDS_CHANGED_GAP_MS, createCoalescer } from '@warriors/contracts';
import { useAppDispatch } from '../../lib/hooks';
import { api } from '../../lib/api';

/** What a boards change moves on the dashboard: every leaderboard, the ranks and Shots Fired. */
export const BOARDS_CHANGED_TAGS = ['Leaderboard', 'MyStanding', 'RecentActivity'] as const;

/**
 * A 'boards.changed' handler that refetches the open boards, ranks and Shots Fired at most once a gap:
 * at once for the first, then once at the end of a gap that brought more, whatever the server sends
 * (several social instances, or a reconnect, may each send their own).
 */
export function useBoardsRefresh(): () => void {
  const dispatch = useAppDispatch();
  const coalescer = useMemo(() => createCoalescer(() => dispatch(api.util.invalidateTags([...BOARDS_CHANGED_TAGS])), { gapMs: BOARDS_CHANGED_GAP_MS, settle: false }), [dispatch]);
  useEffect(() => () => coalescer.stop(), [coalescer]);
  return coalescer.notify;
}
