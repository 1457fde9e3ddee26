import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PendingLog } from './offline-queue';

/**
 * The signed-in broker's logs waiting on this device (a mirror of the device's queue, which is the
 * truth): shown in the log panel and counted in the goal rings until the server has them.
 */
export interface PendingLogsState {
  entries: PendingLog[];
}

const pendingLogsSlice = createSlice({
  name: 'pendingLogs',
  initialState: { entries: [] } as PendingLogsState,
  reducers: {
    /** The queue as read back from the device after a change. */
    pendingLogsRead: (state, action: PayloadAction<PendingLog[]>) => {
      state.entries = action.payload;
    },
  },
  selectors: {
    selectPendingLogs: (state) => state.entries,
  },
});

export const pendingLogsReducer = pendingLogsSlice.reducer;
export const { pendingLogsRead } = pendingLogsSlice.actions;
export const { selectPendingLogs } = pendingLogsSlice.selectors;

/** Entries still to be sent: those the server refused wait for the broker instead, and count nowhere. */
export const waiting = (entries: readonly PendingLog[]) => entries.filter((entry) => entry.refusal === null);
