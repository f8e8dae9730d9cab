// POST /api/webhooks/stripe and /api/webhooks/patreon: mounted before the same-origin check,
// because providers send no Origin; their signatures are checked instead (actions/webhooks.ts).
import { Hono } from 'hono';
import { receivePatreon, receiveStripe } from '../actions/webhooks';
import type { AppEnv } from '../app-env';

export const webhookReceiverRoutes = new Hono<AppEnv>().post('/stripe', receiveStripe).post('/patreon', receivePatreon);
