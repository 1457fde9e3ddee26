import { act, cleanup, renderHook } from '@testing-library/react';
import { IDLE_WAIT_LIMIT_MS, useWhenIdle } from './use-when-idle';

describe('useWhenIdle', () => {
  const idleCallbacks: Array<{ run: IdleRequestCallback; timeout: number | undefined }> = [];
  const cancelled: number[] = [];
  beforeEach(() => {
    idleCallbacks.length = 0;
    cancelled.length = 0;
    window.requestIdleCallback = (run, options) => idleCallbacks.push({ run, timeout: options?.timeout });
    window.cancelIdleCallback = (handle) => void cancelled.push(handle);
  });
  afterEach(() => {
    // Unmounted while the stubs are still there (testing-library's own cleanup comes after this).
    cleanup();
    // jsdom has neither: the fallback test below runs without them.
    Reflect.deleteProperty(window, 'requestIdleCallback');
    Reflect.deleteProperty(window, 'cancelIdleCallback');
  });

  it('is false until the browser idles, within the wait limit, then true', () => {
    const { result } = renderHook(() => useWhenIdle());
    expect(result.current).toBe(false);
    expect(idleCallbacks).toHaveLength(1);
    expect(idleCallbacks[0]!.timeout).toBe(IDLE_WAIT_LIMIT_MS);
    act(() => idleCallbacks[0]!.run({ didTimeout: false, timeRemaining: () => 50 }));
    expect(result.current).toBe(true);
  });

  it('gives up its idle request when unmounted first', () => {
    const { unmount } = renderHook(() => useWhenIdle());
    unmount();
    expect(cancelled).toEqual([1]);
  });

  it('turns true after the current task where the browser cannot say when it idles', () => {
    Reflect.deleteProperty(window, 'requestIdleCallback');
    jest.useFakeTimers();
    try {
      const { result } = renderHook(() => useWhenIdle());
      expect(result.current).toBe(false);
      act(() => jest.runOnlyPendingTimers());
      expect(result.current).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
