import { installOfflineSync, type SyncEventLike, type SyncWorkerScope } from './offline-sync';

describe('installOfflineSync', () => {
  it("asks every open window to send its queue on the 'pending-logs' sync, and ignores other tags", async () => {
    let listener: ((event: SyncEventLike) => void) | undefined;
    const messages: unknown[][] = [[], []];
    const scope: SyncWorkerScope = {
      addEventListener: (_type, handler) => {
        listener = handler;
      },
      clients: { matchAll: async () => messages.map((inbox) => ({ postMessage: (message: unknown) => inbox.push(message) })) },
    };
    installOfflineSync(scope);
    const waited: Promise<unknown>[] = [];
    listener!({ tag: 'other', waitUntil: (work) => waited.push(work) });
    expect(waited).toHaveLength(0);
    listener!({ tag: 'pending-logs', waitUntil: (work) => waited.push(work) });
    await Promise.all(waited);
    expect(messages).toEqual([[{ type: 'pending-logs' }], [{ type: 'pending-logs' }]]);
  });
});
