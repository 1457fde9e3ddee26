import { markReadIn, undoOnFailure } from './api';

describe('optimistic bell reads', () => {
  it('keeps a change whose request succeeds and takes it back when the request fails', async () => {
    const undo = jest.fn();
    await undoOnFailure({ undo }, Promise.resolve({ data: {} }));
    expect(undo).not.toHaveBeenCalled();
    await undoOnFailure({ undo }, Promise.reject(new Error('Request failed with 500')));
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it('marks only the named item read', () => {
    const items = [
      { id: 'a', is_read: false },
      { id: 'b', is_read: false },
    ];
    markReadIn(items, 'b');
    expect(items).toEqual([
      { id: 'a', is_read: false },
      { id: 'b', is_read: true },
    ]);
  });
});
