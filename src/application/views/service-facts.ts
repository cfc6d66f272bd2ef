// The versions the driving adapters print in pages and server info. Constants, not judgments, so
// they are handed on from the domain as they are.
export { METHODOLOGY_VERSION } from '../../domain/scan/methodology.js';
export { MCP_PROTOCOL_VERSIONS, REGISTRY_API_VERSION, SERVICE_VERSION } from '../../domain/service-info.js';
