import path from 'node:path';
import { ESLint } from 'eslint';

// Each case plants one file the lint must refuse (or accept) at a path it never writes: lintText applies
// the repository's eslint.config.mjs as if the file were there.
const ROOT = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

async function importErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

const refused = (reason: string) => [expect.stringMatching(new RegExp(`^no-restricted-imports: .*${reason}`))];

describe('lint: service layers', () => {
  it.each(['pg', 'kysely', 'kysely/helpers/postgres', 'express', 'ioredis', '@nats-io/transport-node', '@warriors/kit', 'node:fs'])(
    'refuses a domain file importing %s',
    async (module) => {
      expect(await importErrors('services/activity/src/domain/planted.ts', `import * as planted from '${module}';\nexport { planted };\n`)).toEqual(
        refused('Domain code is pure rules'),
      );
    },
  );

  it('accepts a domain file importing the contracts', async () => {
    expect(await importErrors('services/activity/src/domain/planted.ts', "export { ActivityType } from '@warriors/contracts';\n")).toEqual([]);
  });

  it('refuses a domain file reaching into the store', async () => {
    expect(await importErrors('services/campaigns/src/domain/planted.ts', "export { SCHEMA } from '../store/schema';\n")).toEqual(refused('Domain code depends on nothing'));
  });

  it('refuses a route calling the store, and accepts one calling a use case', async () => {
    expect(await importErrors('services/auth/src/routes/planted.routes.ts', "export { findUserById } from '../store/users.store';\n")).toEqual(
      refused('Routes call use-cases/, not the store'),
    );
    expect(await importErrors('services/auth/src/routes/planted.routes.ts', "export { signUpUser } from '../use-cases/sign-up-user.use-case';\n")).toEqual([]);
  });

  it('refuses a consumer calling the store, and accepts one calling a use case', async () => {
    expect(await importErrors('services/gamification/src/events/planted.consumer.ts', "export { lockUser } from '../store/ledger.store';\n")).toEqual(
      refused('A consumer calls a use case'),
    );
    expect(await importErrors('services/gamification/src/events/planted.consumer.ts', "export { recordActivities } from '../use-cases/record-activity';\n")).toEqual([]);
  });

  it('refuses a use case importing a route, express or a consumer', async () => {
    const useCase = 'services/campaigns/src/use-cases/planted.ts';
    expect(await importErrors(useCase, "export { campaignRoutes } from '../routes/campaigns.routes';\n")).toEqual(refused('Nothing below the HTTP layer'));
    expect(await importErrors(useCase, "import express from 'express';\nexport const app = express();\n")).toEqual(refused('Only routes/ speak HTTP'));
    expect(await importErrors(useCase, "export { handleActivityLogged } from '../events/activity-logged.consumer';\n")).toEqual(refused('consumers call use-cases'));
  });

  it('refuses a use case importing anything from events/, a type included, and accepts an outgoing event built in domain/', async () => {
    const useCase = 'services/challenges/src/use-cases/planted.ts';
    expect(await importErrors(useCase, "export { challengeInvited } from '../events/challenge-events';\n")).toEqual(refused('build outgoing events in domain/'));
    expect(await importErrors(useCase, "export type { EffectSource } from '../events/effects.listener';\n")).toEqual(refused('events/ holds what comes in'));
    expect(await importErrors(useCase, "export { challengeInvited } from '../domain/challenge-events';\n")).toEqual([]);
  });

  it('accepts service.ts importing every layer, but refuses it a bus reply or express', async () => {
    const root = 'services/auth/src/service.ts';
    const wiring =
      "export { SCHEMA } from './store/users.store';\nexport { signUpUser } from './use-cases/sign-up-user.use-case';\nexport { authRoutes } from './routes/auth.routes';\nexport { toProjection } from './domain/user';\n";
    expect(await importErrors(root, wiring)).toEqual([]);
    expect(await importErrors(root, "export { answerQuestion } from '@warriors/kit';\n")).toEqual(refused('answered in routes/<service>.replies.ts'));
    expect(await importErrors(root, "import express from 'express';\nexport const app = express();\n")).toEqual(refused('Only routes/ speak HTTP'));
  });

  it('refuses a bus reply anywhere but routes/', async () => {
    const reply = "export { answerQuestion } from '@warriors/kit';\n";
    for (const file of ['services/campaigns/src/use-cases/planted.ts', 'services/campaigns/src/events/planted.consumer.ts', 'services/campaigns/src/store/planted.store.ts']) {
      expect(await importErrors(file, reply)).toEqual(refused('answered in routes/<service>.replies.ts'));
    }
    expect(await importErrors('services/campaigns/src/routes/planted.replies.ts', reply)).toEqual([]);
  });

  it('refuses main.ts reaching a layer but through service.ts, a type excepted', async () => {
    const main = 'services/activity/src/main.ts';
    expect(await importErrors(main, "export { projectedUsers } from './store/users.store';\n")).toEqual(refused('main.ts starts the process'));
    expect(await importErrors(main, "export { countActivitiesByWindow } from './use-cases/count-activities-by-window.use-case';\n")).toEqual(refused('main.ts starts the process'));
    expect(await importErrors(main, "export type { VelocityLimits } from './domain/velocity';\nexport { createActivityService } from './service';\n")).toEqual([]);
  });

  it.each(['routes/planted.routes.ts', 'use-cases/planted.ts', 'events/planted.consumer.ts', 'store/planted.store.ts', 'store/ledger/planted.store.ts', 'domain/planted.ts'])(
    'refuses %s importing the service wiring or the process entry',
    async (file) => {
      const up = file.split('/').length === 3 ? '../../' : '../';
      for (const entry of ['service', 'main', 'config', 'index']) {
        expect(await importErrors(`services/gamification/src/${file}`, `export * from '${up}${entry}';\n`)).toEqual(refused('no layer imports them'));
      }
    },
  );

  it('refuses a service importing another service', async () => {
    expect(await importErrors('services/activity/src/use-cases/planted.ts', "export { createAuthService } from '@warriors/auth';\n")).toEqual(
      refused('never imports another service'),
    );
  });
});

describe('lint: web layers', () => {
  it('refuses a feature deep-importing another feature, and accepts its public index', async () => {
    const feature = 'web/src/features/goals/Planted.tsx';
    expect(await importErrors(feature, "export { selectSession } from '../auth/session';\n")).toEqual(refused('only through its public index'));
    expect(await importErrors(feature, "export { selectSession } from '../auth';\n")).toEqual([]);
    expect(await importErrors(feature, "export { selectSession } from '../auth/index';\n")).toEqual([]);
  });

  it("refuses a feature mounting another feature's screen", async () => {
    expect(await importErrors('web/src/features/goals/Planted.tsx', "export { LeaderboardScreen } from '../leaderboard';\n")).toEqual(
      refused('screens are composed in web/src/app'),
    );
  });

  it('refuses the app deep-importing a feature', async () => {
    expect(await importErrors('web/src/app/Planted.tsx', "export { GoalRings } from '../features/goals/GoalRings';\n")).toEqual(refused('only through its public index'));
  });

  it('refuses shared code importing a feature', async () => {
    expect(await importErrors('web/src/components/Planted.tsx', "export { GoalRings } from '../features/goals';\n")).toEqual(refused('Shared code'));
  });

  it('refuses plain redux hooks outside lib/hooks.ts', async () => {
    const code = "import { useSelector } from 'react-redux';\nexport const useName = () => useSelector((state: { name: string }) => state.name);\n";
    expect(await importErrors('web/src/features/goals/Planted.tsx', code)).toEqual(refused('typed hooks'));
    expect(await importErrors('web/src/lib/hooks.ts', code)).toEqual([]);
  });

  it('refuses a feature importing the app layer that composes it', async () => {
    expect(await importErrors('web/src/features/goals/Planted.tsx', "export { useAppSelector } from '../../app/hooks';\n")).toEqual(refused('does not import the app layer'));
  });

  it('refuses an import cycle', async () => {
    // lib/session imports lib/api, so an api that imported the session would close a loop.
    expect(await importErrors('web/src/lib/api.ts', "export { sessionReducer } from './session';\n")).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)]);
  });

  it('refuses the store taking a slice from a feature', async () => {
    expect(await importErrors('web/src/lib/store.ts', "export { GuestOnly } from '../features/auth';\n")).toEqual(refused('Shared code'));
  });

  it('refuses a hook called conditionally', async () => {
    const code = "import { useState } from 'react';\nexport function Planted({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n";
    expect(await importErrors('web/src/components/Planted.tsx', code)).toEqual([expect.stringMatching(/^react-hooks\/rules-of-hooks: /)]);
  });

  it('names components PascalCase.tsx and every other file kebab-case', async () => {
    const code = 'export const planted = 1;\n';
    const naming = [expect.stringMatching(/^check-file\/filename-naming-convention: /)];
    expect(await importErrors('web/src/lib/PlantedRules.ts', code)).toEqual(naming);
    expect(await importErrors('web/src/components/planted_card.tsx', code)).toEqual(naming);
    expect(await importErrors('web/src/lib/planted-rules.ts', code)).toEqual([]);
    expect(await importErrors('web/src/features/goals/use-planted.tsx', code)).toEqual([]);
  });
});

describe('lint: one icon set', () => {
  it('refuses lucide-react outside web/src/components/icons/, which alone maps the icons', async () => {
    const code = "export { Phone } from 'lucide-react';\n";
    for (const file of ['web/src/features/activity/planted.tsx', 'web/src/app/planted.tsx', 'web/src/components/planted.tsx']) {
      expect(await importErrors(file, code)).toEqual(refused('Take icons from web/src/components/icons/'));
    }
    expect(await importErrors('web/src/components/icons/icon.tsx', code)).toEqual([]);
  });
});
