import type { ReactNode } from 'react';
import './Alert.css';

/** Errors are a red box announced at once (role alert); successes a green status line, warnings an amber one. */
export function Alert({ tone, children }: { tone: 'error' | 'success' | 'warning'; children: ReactNode }) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
