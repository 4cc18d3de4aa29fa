/** What an external provider or a gateway says about the person signing in. */

/** The issuer name gateway identities are linked under. */
export const GATEWAY_ISSUER = 'gateway';

export interface ExternalProfile {
  /** 'oidc' for an external issuer, 'gateway' for gateway headers. */
  source: 'oidc' | 'gateway';
  /** The issuer's URL, or GATEWAY_ISSUER. */
  issuer: string;
  subject: string;
  username?: string | undefined;
  given_name?: string | undefined;
  family_name?: string | undefined;
  email?: string | undefined;
  /** Role ids or names; null when the provider says nothing about roles. */
  roles: string[] | null;
}
