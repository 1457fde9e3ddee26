// The ledger's queries, one file per concern: the user lock, applying entries, holds and bonuses, points read for boards and stats.
export * from './ledger/user-lock.store';
export * from './ledger/entries.store';
export * from './ledger/holds.store';
export * from './ledger/points.store';
export * from './ledger/reversals.store';
