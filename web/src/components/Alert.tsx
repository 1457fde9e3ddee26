import type { ReactNode } from 'react';

/** Errors are a red box announced at once (role alert); successes a green status line. */
export function Alert({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
