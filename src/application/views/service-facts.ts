// The versions the driving adapters print in pages and server info, and the protocol limits they
// enforce (which the documents quote). Constants, not judgments, so they are handed on from the
// domain as they are.
export { METHODOLOGY_VERSION } from '../../domain/scan/methodology.js';
export {
  MAX_NAMES_PER_VERIFY,
  MAX_REQUEST_BODY_BYTES,
  MCP_ASSUMED_PROTOCOL_VERSION,
  MCP_MAX_BATCH_MESSAGES,
  MCP_PROTOCOL_VERSIONS,
  REGISTRY_API_VERSION,
  SERVICE_VERSION,
} from '../../domain/service-info.js';
