import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { GUIDANCE_ACTIONS, type GuidanceAction } from '../../domain/trust/agent-guidance.js';
import { AppError } from '../errors.js';
import { AppConfig } from '../ports/app-config.js';
import { VettedApi } from '../ports/vetted-api.js';

/** What a deployed Vetted said about one name, as `vetted check` prints it. */
export interface RemoteCheck {
  readonly domain: string;
  /** The guidance's action; undefined when the service refused the question (`refusal`). */
  readonly action: GuidanceAction | undefined;
  /** The guidance's reason, the refusal's message, or the verdict in words for PROCEED. */
  readonly reason: string;
  readonly verified: boolean;
  readonly expired: boolean;
  readonly trustScore: number | undefined;
  readonly trustLevel: string | undefined;
  /** The answer's data (or, for EXPIRED, the error's fields) as the service sent them. */
  readonly answer: Record<string, unknown> | undefined;
  readonly refusal: { readonly code: string; readonly message: string; readonly retryAfterSeconds?: number } | undefined;
}

// The fields read of a trust answer; the rest is passed on as it came.
const TrustFields = z.looseObject({
  domain: z.string(),
  verified: z.boolean(),
  trust_score: z.number().optional(),
  trust_level: z.string().optional(),
  agent_guidance: z.looseObject({ action: z.enum(GUIDANCE_ACTIONS), reason: z.string().optional() }),
});
const Envelope = z.union([
  z.looseObject({ success: z.literal(true), data: z.looseObject({}) }),
  z.looseObject({
    success: z.literal(false),
    error: z.looseObject({ code: z.string(), message: z.string(), retry_after_seconds: z.number().optional() }),
  }),
]);

/**
 * Asks a deployed Vetted (`url`, VETTED_URL, else this configuration's own BASE_URL) for the trust
 * answer of a name, as a client: nothing is read or written here, and the answer is the service's.
 */
@injectable()
export class CheckRemote {
  constructor(
    @inject(VettedApi) private readonly api: VettedApi,
    @inject(AppConfig) private readonly config: Pick<AppConfig, 'baseUrl' | 'vettedUrl'>,
  ) {}

  /** Where a check goes when no `--url` is given. */
  defaultUrl(): string {
    return this.config.vettedUrl ?? this.config.baseUrl;
  }

  async run(domain: string, options: { readonly url?: string; readonly external: boolean }): Promise<RemoteCheck> {
    const url = options.url ?? this.defaultUrl();
    const { status, body } = await this.api.verify(url, domain, { external: options.external });
    const envelope = Envelope.safeParse(body);
    if (!envelope.success) throw new AppError('SERVICE_UNAVAILABLE', `${url} answered ${status} with something other than a Vetted answer.`);
    const sent = envelope.data;
    if (sent.success) return checkOf(domain, sent.data, false);
    const { code, message, retry_after_seconds } = sent.error;
    if (code === 'EXPIRED') return checkOf(domain, sent.error, true);
    const refusal = { code, message, ...(retry_after_seconds === undefined ? {} : { retryAfterSeconds: retry_after_seconds }) };
    return {
      domain,
      action: undefined,
      reason: message,
      verified: false,
      expired: false,
      trustScore: undefined,
      trustLevel: undefined,
      answer: undefined,
      refusal,
    };
  }
}

function checkOf(asked: string, fields: Record<string, unknown>, expired: boolean): RemoteCheck {
  const parsed = TrustFields.safeParse(fields);
  if (!parsed.success) throw new AppError('SERVICE_UNAVAILABLE', `the answer about ${asked} carries no agent guidance: is this a Vetted service?`);
  const trust = parsed.data;
  const reason = trust.agent_guidance.reason ?? (trust.verified ? `${trust.domain} is verified.` : `${trust.domain}: ${trust.trust_level ?? 'no'} trust.`);
  return {
    domain: trust.domain,
    action: trust.agent_guidance.action,
    reason,
    verified: trust.verified,
    expired,
    trustScore: trust.trust_score,
    trustLevel: trust.trust_level,
    answer: fields,
    refusal: undefined,
  };
}
