/** Identity (§7): the person-info call and what a client needs to sign in. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../plugins/auth';
import { personInfo } from '../../operations/users/person-info';
import { ADMIN_CLIENT_ID, SIGN_IN_SCOPE } from '../../auth/oidc/provider';
import { API_KEY_HEADER } from '../../auth/api-keys';
import { PersonInfo, SignInConfig } from './schemas';

export const identityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.canopy;
  const tags = ['Identity'];

  app.get(
    '/identity/personinfo',
    {
      schema: {
        tags,
        summary: "The signed-in caller's profile (name, preferred_username, email, roles)",
        response: { 200: PersonInfo },
      },
    },
    (request) => personInfo(db, actorOf(request)),
  );

  app.get(
    '/identity/config',
    {
      schema: {
        tags,
        summary: 'How to sign in: the OpenID issuer, client id and scopes',
        security: [],
        response: { 200: SignInConfig },
      },
      config: { public: true },
    },
    async () => {
      const { external, mode } = config.auth;
      return {
        mode: mode === 'gateway' ? 'gateway' : external ? 'external' : 'embedded',
        authority: external ? external.issuer : `${config.publicUrl}/oidc`,
        client_id: external ? external.clientId || null : ADMIN_CLIENT_ID,
        scope: SIGN_IN_SCOPE,
        api_key_header: API_KEY_HEADER,
      };
    },
  );
};
