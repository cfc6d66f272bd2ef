import { inject, injectable } from 'inversify';
import { CheckSignedVerdict } from '../../../application/verdict/check-signed-verdict.js';
import type { CliCommand, CommandSpec } from '../cli-command.js';
import type { CliIo } from '../cli-io.js';
import { parseJsonFile, readText } from '../read-files.js';

interface VerifySignatureInput {
  readonly file: string;
  readonly jwks?: string;
  readonly checkpoint?: string;
  readonly json: boolean;
}

const SPEC: CommandSpec<VerifySignatureInput> = {
  name: 'verify-signature',
  summary: 'check a signed verify answer offline',
  arguments: [{ name: 'FILE', help: 'the answer: a compact JWS, as GET /verify/{domain} answers to Accept: application/jose' }],
  options: {
    jwks: {
      type: 'string',
      value: 'JWKS',
      help: "the keys to check it against, a file saved from /.well-known/jwks.json; this deployment's own key by default",
    },
    checkpoint: {
      type: 'string',
      value: 'CHECKPOINT',
      help: "a signed checkpoint of the issuer's transparency log (saved from /log/checkpoint): also check that the verdict's log leaf is included in it",
    },
    json: { type: 'boolean', help: 'print {valid, key_id, claims}, or {valid, reason} when invalid' },
  },
  details: [
    "Checks the EdDSA signature and the expiry; with --checkpoint, also the checkpoint's signature by the same keys and the inclusion proof the verdict carries (its log claim) against the checkpoint's root. Exit 0 valid (one line naming signer, subject and validity), 1 invalid or expired (the reason on stderr), 2 an unreadable FILE, JWKS or CHECKPOINT.",
  ],
  parse: (args) => ({ file: args.positionals[0]!, jwks: args.string('jwks'), checkpoint: args.string('checkpoint'), json: args.flag('json') }),
};

/** `vetted verify-signature FILE [--jwks JWKS] [--json]`: CheckSignedVerdict. */
@injectable()
export class VerifySignatureCommand implements CliCommand<VerifySignatureInput> {
  static readonly spec = SPEC;
  readonly spec = SPEC;

  constructor(@inject(CheckSignedVerdict) private readonly checkSignedVerdict: CheckSignedVerdict) {}

  async run(input: VerifySignatureInput, io: CliIo): Promise<number> {
    const jwks = input.jwks === undefined ? undefined : parseJsonFile(input.jwks, await readText(input.jwks));
    const checkpoint = input.checkpoint === undefined ? undefined : await readText(input.checkpoint);
    const check = await this.checkSignedVerdict.run(await readText(input.file), jwks, checkpoint);
    if (input.json)
      io.out(
        JSON.stringify(
          check.valid
            ? {
                valid: true,
                key_id: check.keyId,
                claims: check.claims,
                ...(check.log ? { log: { leaf_index: check.log.leafIndex, tree_size: check.log.treeSize } } : {}),
              }
            : { valid: false, reason: check.reason },
          null,
          2,
        ),
      );
    else if (check.valid)
      io.out(
        verdictSummary(check.claims, check.keyId) +
          (check.log
            ? `; ${check.log.leafIndex === null ? 'the log held no entry about it' : `log entry ${check.log.leafIndex} included`} in the checkpoint of ${check.log.treeSize} entries`
            : ''),
      );
    else io.err(`vetted: invalid: ${check.reason}`);
    return check.valid ? 0 : 1;
  }
}

/** One line about a valid signed answer: who signed it, about what, and until when it holds. */
function verdictSummary(claims: Readonly<Record<string, unknown>>, keyId: string): string {
  const at = (seconds: unknown) => (typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : 'unknown');
  return `valid: ${String(claims.sub)} (verified ${String(claims.verified)}) signed by ${String(claims.iss)} with key ${keyId} at ${at(claims.iat)}, valid until ${at(claims.exp)}`;
}
