import { Router, type RequestHandler } from 'express';
import { CampaignIdParam, CreateCampaignBody, UpdateCampaignBody } from '@warriors/contracts';
import { currentUserId, parse } from '@warriors/kit';
import type { createCampaign } from '../use-cases/create-campaign.use-case';
import type { deleteCampaign } from '../use-cases/delete-campaign.use-case';
import type { joinCampaign } from '../use-cases/join-campaign.use-case';
import type { leaveGoal } from '../use-cases/leave-goal.use-case';
import type { listCampaigns } from '../use-cases/list-campaigns.use-case';
import type { updateCampaign } from '../use-cases/update-campaign.use-case';

/** The campaign operations, each built in service.ts from its use-case file. */
export interface Campaigns {
  list: ReturnType<typeof listCampaigns>;
  create: ReturnType<typeof createCampaign>;
  join: ReturnType<typeof joinCampaign>;
  update: ReturnType<typeof updateCampaign>;
  deleteOrLeave: ReturnType<typeof deleteCampaign>;
  leaveGoal: ReturnType<typeof leaveGoal>;
}

/**
 * Every campaign route needs the signed-in user (`auth`, the service's requireAuth, also refuses
 * deleted accounts); ownership is checked by the use cases.
 */
export function campaignsRoutes(campaigns: Campaigns, auth: RequestHandler): Router {
  const router = Router();

  router.get('/api/campaigns', auth, async (req, res) => {
    res.json(await campaigns.list(currentUserId(req)));
  });

  // The dashboard posts to /api/campaigns (with an icon), the goals screen to /api/campaigns/create.
  for (const path of ['/api/campaigns', '/api/campaigns/create']) {
    router.post(path, auth, async (req, res) => {
      const userId = currentUserId(req);
      const body = parse(CreateCampaignBody, req.body);
      res.status(201).json(await campaigns.create(userId, body));
    });
  }

  router.post('/api/campaigns/:id/join', auth, async (req, res) => {
    const userId = currentUserId(req);
    const { id } = parse(CampaignIdParam, req.params, 'path');
    res.status(201).json(await campaigns.join(userId, id));
  });

  router.put('/api/campaigns/:id', auth, async (req, res) => {
    const userId = currentUserId(req);
    const { id } = parse(CampaignIdParam, req.params, 'path');
    const body = parse(UpdateCampaignBody, req.body ?? {});
    res.json(await campaigns.update(userId, id, body));
  });

  router.delete('/api/campaigns/:id', auth, async (req, res) => {
    const userId = currentUserId(req);
    const { id } = parse(CampaignIdParam, req.params, 'path');
    res.json(await campaigns.deleteOrLeave(userId, id));
  });

  router.delete('/api/user_goals/:id', auth, async (req, res) => {
    const userId = currentUserId(req);
    const { id } = parse(CampaignIdParam, req.params, 'path');
    res.json(await campaigns.leaveGoal(userId, id));
  });

  return router;
}
