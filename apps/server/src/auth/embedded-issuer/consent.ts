import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { AppError } from '../../errors';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * Flowline's own SPA is first-party: consent is granted without a page. The grant receives exactly what
 * the consent prompt reports missing (OIDC scopes, claims and the API's resource scopes).
 * Returns the URL that resumes the authorization request.
 */
export async function grantFirstPartyConsent(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  interaction: Interaction,
  firstPartyClientId: string,
): Promise<string> {
  const { params, session, prompt } = interaction;
  if (params.client_id !== firstPartyClientId || !session) {
    throw new AppError(400, 'consent_not_supported', 'This application cannot be authorised here.');
  }
  const grant = interaction.grantId
    ? await provider.Grant.find(interaction.grantId)
    : new provider.Grant({ accountId: session.accountId, clientId: firstPartyClientId });
  if (!grant) throw new AppError(400, 'grant_not_found', 'The sign-in request has expired.');

  const details = prompt.details;
  const scopes = stringList(details.missingOIDCScope);
  if (scopes.length > 0) grant.addOIDCScope(scopes.join(' '));
  const claims = stringList(details.missingOIDCClaims);
  if (claims.length > 0) grant.addOIDCClaims(claims);
  const resourceScopes = details.missingResourceScopes;
  if (resourceScopes && typeof resourceScopes === 'object') {
    for (const [indicator, list] of Object.entries(resourceScopes)) {
      grant.addResourceScope(indicator, stringList(list).join(' '));
    }
  }
  const grantId = await grant.save();
  return provider.interactionResult(
    req,
    res,
    { consent: { grantId } },
    { mergeWithLastSubmission: true },
  );
}
