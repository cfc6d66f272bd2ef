import { inject, injectable } from 'inversify';
import { coveringNames, type DomainName } from '../../domain/domain-name.js';
import { verdictClaims } from '../../domain/signed-verdict.js';
import { AppConfig } from '../ports/app-config.js';
import { Clock } from '../ports/clock.js';
import { ReportSigner } from '../ports/report-signer.js';
import { TransparencyLog } from '../ports/transparency-log.js';
import { AssessTrust } from '../trust/assess-trust.js';
import { VerifyDomain, type VerifyOutcome } from './verify-domain.js';
import { verifyView, type VerifyAnswer } from '../views/registry-view.js';
import { trustView, type TrustAnswer } from '../views/trust-view.js';
import { CounterpartyBindings } from '../ports/counterparty-bindings.js';

/** The `log` claim of a signed verdict (see SignVerdict). */
export interface LogClaim {
  /** The latest leaf about the name (or a name covering it) in the checkpoint's tree; null when there is none. */
  readonly leaf_index: number | null;
  /** That leaf's bytes as text: the event's RFC 8785 JSON, whose hash the proof starts from. */
  readonly leaf: string | null;
  readonly tree_size: number;
  /** The signed checkpoint (a C2SP signed note) of the tree of tree_size. */
  readonly checkpoint: string;
  /** The RFC 9162 inclusion proof of the leaf in that tree, base64 hashes. */
  readonly inclusion_path: readonly string[];
}

/** A verify answer signed so that an agent can keep it and check it offline. */
export interface SignedVerdict {
  /** The answer as the views give it (an expired verification included: `expired` true). */
  readonly answer: VerifyAnswer | TrustAnswer;
  /** The compact JWS of the answer's claims (see verdictClaims). */
  readonly jws: string;
  /** How long the answer may be cached, as for its JSON form. */
  readonly cacheSeconds: number;
}

/**
 * GET /verify/{domain} as a compact JWS (`Accept: application/jose` or `?format=jws`) and the
 * MCP tools verify_domain and check_trust with `format: "jws"`: the same answer as the JSON form,
 * signed with the report-signing Ed25519 key published in /.well-known/jwks.json, with `iat` and
 * an `exp` at the answer's cache lifetime, and, for a verified entity, the payment destinations and
 * keys bound to it now (`counterparty`). Reads only, like the unsigned answer.
 */
@injectable()
export class SignVerdict {
  constructor(
    @inject(VerifyDomain) private readonly verifyDomain: VerifyDomain,
    @inject(AssessTrust) private readonly assessTrust: AssessTrust,
    @inject(ReportSigner) private readonly signer: ReportSigner,
    @inject(Clock) private readonly clock: Clock,
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(CounterpartyBindings) private readonly bindings: CounterpartyBindings,
    @inject(TransparencyLog) private readonly log?: TransparencyLog,
  ) {}

  /**
   * Where the verdict stands in the transparency log: the latest leaf about the name or a name
   * covering it, within the latest signed checkpoint, with that checkpoint and the leaf's inclusion
   * proof, so that an agent can check offline that the log holds what the verdict was judged from.
   * None before the first checkpoint.
   */
  private async logClaim(domain: DomainName): Promise<LogClaim | undefined> {
    const head = await this.log?.head();
    if (!this.log || !head?.checkpoint || !head.checkpointSize) return undefined;
    const size = head.checkpointSize;
    const leaf = await this.log.latestAbout(coveringNames(domain), size);
    const base = { tree_size: size, checkpoint: head.checkpoint };
    if (!leaf) return { ...base, leaf_index: null, leaf: null, inclusion_path: [] };
    const path = await this.log.inclusionProof(leaf.index, size);
    return {
      ...base,
      leaf_index: leaf.index,
      leaf: new TextDecoder().decode(leaf.entry),
      inclusion_path: path.map((hash) => Buffer.from(hash).toString('base64')),
    };
  }

  async run(domain: string, options: { signals: boolean; external?: boolean }): Promise<SignedVerdict> {
    const { baseUrl } = this.config;
    let outcome: VerifyOutcome;
    let answer: VerifyAnswer | TrustAnswer;
    if (options.signals) {
      const trust = await this.assessTrust.run(domain, { external: options.external === true });
      [outcome, answer] = [trust, trustView(trust, baseUrl).answer];
    } else {
      outcome = await this.verifyDomain.run(domain);
      answer = verifyView(outcome, baseUrl).answer;
    }
    const log = await this.logClaim(outcome.verdict.domain);
    const claims = verdictClaims(answer, baseUrl, outcome.verdict.domain, this.clock.now(), outcome.cacheSeconds);
    // What the verified entity may be paid at and signs with, as bound now: part of what is signed.
    const bound = outcome.verdict.kind === 'verified' ? await this.bindings.ofEntity(outcome.verdict.entity.id) : [];
    const counterparty = bound.map((b) => ({ kind: b.kind, value: b.value, how: b.how, since: b.since }));
    const jws = await this.signer.signCompactJws({ ...claims, ...(counterparty.length > 0 ? { counterparty } : {}), ...(log ? { log } : {}) });
    return { answer, jws, cacheSeconds: outcome.cacheSeconds };
  }
}
