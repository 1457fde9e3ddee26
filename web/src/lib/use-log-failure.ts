import { useEffect } from 'react';

/** Failed background loads are only logged, not shown (spec point 8); once per distinct error. */
export function useLogFailure(error: unknown, message: string): void {
  useEffect(() => {
    if (error) console.error(message, error);
  }, [error, message]);
}
