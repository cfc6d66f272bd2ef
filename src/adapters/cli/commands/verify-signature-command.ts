import { inject, injectable } from 'inversify';
import { CheckSignedVerdict } from '../../../application/verdict/check-signed-verdict.js';
import type { CliCommand, CommandSpec } from '../cli-command.js';
import type { CliIo } from '../cli-io.js';
import { parseJsonFile, readText } from '../read-files.js';

interface VerifySignatureInput {
  readonly file: string;
  readonly jwks?: string;
  readonly json: boolean;
}

const SPEC: CommandSpec<VerifySignatureInput> = {
  name: 'verify-signature',
  summary: 'check a signed verify answer offline',
  arguments: [{ name: 'FILE', help: 'the answer: a compact JWS, as GET /verify/{domain} answers to Accept: application/jose' }],
  options: {
    jwks: { type: 'string', value: 'JWKS', help: "the keys to check it against, a file saved from /.well-known/jwks.json; this deployment's own key by default" },
    json: { type: 'boolean', help: 'print {valid, key_id, claims}, or {valid, reason} when invalid' },
  },
  details: ['Checks the EdDSA signature and the expiry. Exit 0 valid (one line naming signer, subject and validity), 1 invalid or expired (the reason on stderr), 2 an unreadable FILE or JWKS.'],
  parse: (args) => ({ file: args.positionals[0]!, jwks: args.string('jwks'), json: args.flag('json') }),
};

/** `vetted verify-signature FILE [--jwks JWKS] [--json]`: CheckSignedVerdict. */
@injectable()
export class VerifySignatureCommand implements CliCommand<VerifySignatureInput> {
  static readonly spec = SPEC;
  readonly spec = SPEC;

  constructor(@inject(CheckSignedVerdict) private readonly checkSignedVerdict: CheckSignedVerdict) {}

  async run(input: VerifySignatureInput, io: CliIo): Promise<number> {
    const jwks = input.jwks === undefined ? undefined : parseJsonFile(input.jwks, await readText(input.jwks));
    const check = await this.checkSignedVerdict.run(await readText(input.file), jwks);
    if (input.json) io.out(JSON.stringify(check.valid ? { valid: true, key_id: check.keyId, claims: check.claims } : { valid: false, reason: check.reason }, null, 2));
    else if (check.valid) io.out(verdictSummary(check.claims, check.keyId));
    else io.err(`vetted: invalid: ${check.reason}`);
    return check.valid ? 0 : 1;
  }
}

/** One line about a valid signed answer: who signed it, about what, and until when it holds. */
function verdictSummary(claims: Readonly<Record<string, unknown>>, keyId: string): string {
  const at = (seconds: unknown) => (typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : 'unknown');
  return `valid: ${String(claims.sub)} (verified ${String(claims.verified)}) signed by ${String(claims.iss)} with key ${keyId} at ${at(claims.iat)}, valid until ${at(claims.exp)}`;
}
