import { useState } from 'react';
import { ProfilePopup } from './ProfilePopup';

interface Target {
  userId: string;
  name: string;
}

/** The state of a board's profile popup: `open` from a name, `popup` to render. */
export function useProfilePopup() {
  const [target, setTarget] = useState<Target | null>(null);
  const popup = target && <ProfilePopup userId={target.userId} name={target.name} onClose={() => setTarget(null)} />;
  return { open: (userId: string, name: string) => setTarget({ userId, name }), popup };
}
