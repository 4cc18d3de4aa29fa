/**
 * The demo's micro-app: the newsletter sign-up that ships in packages/server/microapps,
 * registered for the demo site with one instance, which the Home page shows.
 */
import type { OpContext } from '../operations/context';
import { registerMicroapp } from '../operations/microapps/register-microapp';

export const DEMO_NEWSLETTER_INSTANCE_ID = '7e000000-0000-4000-8000-0000000a0101';

export async function seedMicroapps(ctx: OpContext, siteId: string): Promise<void> {
  await registerMicroapp(ctx, {
    microapp_id: 'newsletter',
    site_id: siteId,
    name: 'Newsletter',
    description: 'A newsletter sign-up form (a custom element, no build step).',
    versions: [
      {
        version: '1',
        runtime: 'module',
        module_url: '/microapps/newsletter/1/newsletter.js',
        element_name: 'canopy-newsletter',
      },
    ],
    registeredclientapis: [],
  });
  await ctx.db
    .insertInto('microapp_instances')
    .values({
      instance_id: DEMO_NEWSLETTER_INSTANCE_ID,
      microapp_id: 'newsletter',
      instance_name: 'Home page sign-up',
      instance_version: '1',
      unique_name: 'newsletter-home-page-sign-up',
      ad_groups_modify: 'PORTAL-EDITOR',
      status: 0,
      configuration: JSON.stringify({
        heading: 'The Canopy Corp newsletter',
        description: 'Case studies and events, once a month. No spam.',
        'button-label': 'Sign me up',
        'success-message': 'Thanks for signing up!',
      }),
      created_by: ctx.actor.username,
      created_date: new Date().toISOString(),
    })
    .execute();
}
