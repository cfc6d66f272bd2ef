/** The service's own name, as printed in documents and the User-Agent. */
export const SERVICE_NAME = 'Vetted';

/** The release; the same as package.json's version (a test keeps them equal). */
export const SERVICE_VERSION = '0.1.0';

/** The version of the registry API reference the service implements. */
export const REGISTRY_API_VERSION = '1.1.0';

/** The MCP protocol revisions the endpoint speaks, newest first: the first is answered to a client asking for any other. */
export const MCP_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'] as const;
