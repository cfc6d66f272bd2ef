import { METHODOLOGY_VERSION } from '../../../domain/scan/methodology.js';
import { revisionsMarkdown } from '../../../domain/scan/methodology-markdown.js';
import { SERVICE_VERSION } from '../../../domain/service-info.js';

/** /developers.md: the quick start. */
export function developersGuide(baseUrl: string): string {
  return `# Vetted quick start

\`\`\`sh
curl -s ${baseUrl}/verify/example.com
curl -s "${baseUrl}/verify/example.com?signals=true"
curl -s -X POST ${baseUrl}/api/scan -H 'content-type: application/json' -d '{"domain":"example.com"}'
\`\`\`

Rule: proceed only when \`success\` is true and \`data.verified\` is true; otherwise send to human review.
The full reference is [/api.md](${baseUrl}/api.md); agents can use [MCP](${baseUrl}/mcp.md).
`;
}

/** /integration.md: how to call Vetted from code. */
export function integrationGuide(baseUrl: string): string {
  return `# Integrating Vetted

## TypeScript (fetch)

\`\`\`ts
const res = await fetch(\`${baseUrl}/verify/\${encodeURIComponent(domain)}?signals=true\`);
const body = await res.json();
const trusted = body.success === true && body.data.verified === true;
const guidance = body.success ? body.data.agent_guidance : undefined; // action, safe_actions, max_transaction_usd
\`\`\`

## Python (requests)

\`\`\`python
body = requests.get(f"${baseUrl}/verify/{domain}", params={"signals": "true"}, timeout=5).json()
trusted = body.get("success") is True and body["data"].get("verified") is True
\`\`\`

## MCP clients

Point any MCP client at \`${baseUrl}/mcp\` (Streamable HTTP); see [/mcp.md](${baseUrl}/mcp.md).

Honour \`Cache-Control\` (verify answers may be cached for 5 minutes to an hour) and
\`Retry-After\` on 429 and 503.
`;
}

/** /verify.md: how to get a domain verified. */
export function verificationGuide(baseUrl: string): string {
  return `# How to get verified

1. \`POST ${baseUrl}/register\` with \`{"domain", "entity_name", "entity_type", "contact_email", "website"}\`.
2. Publish the proof from the answer (also mailed to you):
   - DNS: a TXT record \`vetted-verification=<code>\` at \`_vetted-challenge.<domain>\` (covers the domain and its subdomains), or
   - Web: the line \`verification_code: <code>\` at \`https://<domain>/.well-known/vetted-verification.txt\` (covers that host only).
3. Open the confirmation link from the mail. Vetted checks the proof then; you may open the link again until it works (7 days).
4. Keep the proof in place: it is checked again every 30 days, and three failures over 72 hours revoke the verification.

A verification lasts one year; register again to renew it.
`;
}

/** /changelog.md: the version history. */
export function changelog(): string {
  return `# Changelog

## ${SERVICE_VERSION}

- Registry reads: /status, /verify, /lookup, the self-verification document.
- Scans on request under methodology ${METHODOLOGY_VERSION} (revisions below); signed reports as HTML, JSON and Markdown.
- Scan budgets shared across instances; readiness on /verify.
- MCP endpoint (2025-11-25, 2025-06-18, 2025-03-26): 2025-11-25 preferred, with serverInfo title, description and websiteUrl, and invalid tool arguments as VALIDATION_ERROR results (SEP-1303); Host checked as well as Origin.
- CORS: public reads shared with every origin; POST /mcp and the writes with the allowed origins, preflights answered.
- Registration with DNS or well-known proofs and e-mail confirmation.
- Trust signals, agent guidance and lookalike protection.
- Signed verdicts: GET /verify (and the MCP tools verify_domain and check_trust with format "jws") as a compact JWS signed with the report key of /.well-known/jwks.json, with iat and exp; \`vetted verify-signature\` checks one offline. Every verify answer says Vary: Accept.
- Watches and events: POST /watches (and MCP watch_domain, unwatch_domain) for signed Standard Webhooks when a domain is verified, revoked, expired, blocked, unblocked, rescanned or changes readiness; each registry write announced once across instances; retries for 24 hours.
- Declarations looked for (never scored): agents.md, llms.txt, MCP server card, A2A agent card, x402, OpenAPI, Markdown negotiation, API catalog (RFC 9727), OAuth protected resource metadata (RFC 9728), OAuth authorization server metadata (RFC 8414 or OpenID Connect discovery), Web Bot Auth key directory, Agent Skills index, UCP business profile, ACP discovery document, AP2 extension of the A2A agent card, the homepage Link header (RFC 8288) and WebMCP tool forms. Each report records its declaration set (\`declaration_set\`, listed in /methodology.md); a report made before a declaration was added does not list it, and comparisons say \`not_looked_for\` rather than absent.

## Methodology revisions

${revisionsMarkdown().join('\n')}`;
}

/** /docs: the documentation entry, as Markdown. */
export function docsIndex(baseUrl: string): string {
  const docs = [
    ['developers.md', 'Quick start'],
    ['api.md', 'API reference'],
    ['openapi.json', 'OpenAPI 3.1 description'],
    ['integration.md', 'Integration guides'],
    ['verify.md', 'How to get verified'],
    ['mcp.md', 'MCP configuration'],
    ['agents.md', 'Agent manifest'],
    ['methodology.md', 'Scan methodology'],
    ['changelog.md', 'Version history'],
  ];
  return `# Vetted documentation\n\n${docs.map(([path, title]) => `- [${title}](${baseUrl}/${path})`).join('\n')}\n`;
}
