import type { NudgeType } from '@warriors/contracts';

export interface NudgeChoice {
  type: NudgeType;
  /** The button's text. */
  label: string;
  /** The button's accessible name, naming the warriors it goes to. */
  name: (who: string) => string;
  /** The confirmation once the server took it. */
  sent: string;
}

/** Every nudge a warrior can send, in the order a profile offers them. */
export const NUDGES = {
  props: { type: 'props', label: 'Props', name: (who) => `Give props to ${who}`, sent: 'Props sent!' },
  cheer: { type: 'cheer', label: 'Cheer', name: (who) => `Cheer ${who}`, sent: 'Cheer sent!' },
  encourage: { type: 'encourage', label: 'Encourage', name: (who) => `Encourage ${who}`, sent: 'Encouragement sent!' },
  challenge: { type: 'challenge', label: 'Challenge', name: (who) => `Challenge ${who} to a prospecting battle`, sent: 'Challenge sent!' },
} as const satisfies Record<NudgeType, NudgeChoice>;
