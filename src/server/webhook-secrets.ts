// The webhook receivers' signing secrets (docs/product.md#webhooks): the configured one, else in
// development the fixed development secret, so a test event (and the development checkout,
// decision 41) can be signed with no file edited.
import { type Env, isDevelopment } from '../env';
import { HttpError } from './errors';
import { log } from './log';

type WebhookSource = 'stripe' | 'patreon';

/** Development secrets, so a test event can be sent with no file edited (README, "Webhooks"). */
const DEV_WEBHOOK_SECRETS = { stripe: 'whsec_life7_dev', patreon: 'patreon_life7_dev' } as const;

export function secretFor(env: Env, source: WebhookSource): string {
  const configured = source === 'stripe' ? env.STRIPE_WEBHOOK_SECRET : env.PATREON_WEBHOOK_SECRET;
  if (configured) return configured;
  if (isDevelopment(env)) return DEV_WEBHOOK_SECRETS[source];
  log('error', 'Webhook refused: its secret is not configured', { source });
  throw new HttpError(503, 'This webhook is not configured');
}
