/** The "Signed answers" section of /api.md: how to ask for a signed verify answer and check it with any JOSE library. */
export function signedAnswersGuide(baseUrl: string): string {
  return `## Signed answers

\`GET /verify/{domain}\` (also with \`signals=true\`) answers as a compact JWS (RFC 7515) when asked with
\`Accept: application/jose\` or \`?format=jws\`; the MCP tools \`verify_domain\` and \`check_trust\` add it as \`jws\`
beside the answer when called with \`format: "jws"\`. Keep it: it proves later what Vetted said, and when.

- Header: \`{"alg": "EdDSA", "typ": "JWT", "kid": "<key id>"}\`; the key is in \`${baseUrl}/.well-known/jwks.json\`.
- Claims: the fields of the JSON answer's \`data\`, plus \`iss\` (\`${baseUrl}\`), \`sub\` (the domain), \`iat\` and \`exp\`
  (seconds since 1970). \`exp\` is the answer's cache lifetime after \`iat\` (1 hour when verified, 5 minutes otherwise),
  at least 60 s (an expired verification, never cached, is signed for 60 s).
- An expired token is no longer a current answer; it still proves what was said while it held.

Check it with any JOSE library, for example PyJWT (with cryptography) in Python:

\`\`\`python
import jwt, requests
token = requests.get("${baseUrl}/verify/example.com", headers={"accept": "application/jose"}).text
key = jwt.PyJWKClient("${baseUrl}/.well-known/jwks.json").get_signing_key_from_jwt(token)
claims = jwt.decode(token, key.key, algorithms=["EdDSA"], issuer="${baseUrl}")
# claims["verified"], claims["readiness"], claims["exp"] …
\`\`\`

In JavaScript, jose's \`jwtVerify(token, createLocalJWKSet(jwks), { algorithms: ['EdDSA'] })\` does the same.

Offline, with a JWKS saved earlier: \`vetted verify-signature answer.jws --jwks jwks.json\` (exit 0 valid, 1 invalid or expired).
`;
}
