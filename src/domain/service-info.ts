/** The service's own name, as printed in documents and the User-Agent. */
export const SERVICE_NAME = 'Vetted';

/** The release; the same as package.json's version (a test keeps them equal). */
export const SERVICE_VERSION = '0.1.0';

/** The version of the registry API reference the service implements. */
export const REGISTRY_API_VERSION = '1.1.0';

/** The MCP protocol revisions the endpoint speaks, newest first: the first is answered to a client asking for any other. */
export const MCP_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'] as const;

/** The MCP revision assumed for a request without MCP-Protocol-Version, as the specification says. */
export const MCP_ASSUMED_PROTOCOL_VERSION: (typeof MCP_PROTOCOL_VERSIONS)[number] = '2025-03-26';

/** The most messages one MCP batch (2025-03-26) may carry: the SDK's own ceiling. */
export const MCP_MAX_BATCH_MESSAGES = 100;

/** The most domain names one POST /verify (or one check_trust call) may ask about. */
export const MAX_NAMES_PER_VERIFY = 100;

/** The largest request body the service reads (HTTP writes and POST /mcp), in bytes. */
export const MAX_REQUEST_BODY_BYTES = 64 * 1024;
