-- An entry its owner deleted (Undo, or Delete on a row of their current local day) keeps its row,
-- marked with the time of the deletion: the activity.deleted event that reverses it leaves from the
-- outbox in the same transaction, and every read of entries (feed, summaries, stats, exports) skips it.
alter table activities add column deleted_at timestamptz;
