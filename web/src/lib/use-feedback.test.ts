import { act, renderHook } from '@testing-library/react';
import { SUCCESS_NOTE_MS, useFeedback } from './use-feedback';

describe('useFeedback', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('clears a success note after a while', () => {
    const { result } = renderHook(() => useFeedback());
    act(() => result.current.succeed('Profile saved successfully!'));
    expect(result.current.feedback).toEqual({ tone: 'success', text: 'Profile saved successfully!' });
    act(() => jest.advanceTimersByTime(SUCCESS_NOTE_MS - 1));
    expect(result.current.feedback).not.toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(result.current.feedback).toBeNull();
  });

  it('keeps an error until the next try, and an error replacing a success is not cleared by its timer', () => {
    const { result } = renderHook(() => useFeedback());
    act(() => result.current.succeed('Saved'));
    act(() => result.current.fail('Failed to save profile'));
    act(() => jest.advanceTimersByTime(SUCCESS_NOTE_MS * 3));
    expect(result.current.feedback).toEqual({ tone: 'error', text: 'Failed to save profile' });
  });
});
