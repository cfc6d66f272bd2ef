// The package entry: the domain, the application's use cases and ports (to write adapters of your
// own, or fakes for tests), and the composition root.
export * from './domain/index.js';
export { AppError, isAppError, type ErrorCode, type ErrorDetails } from './application/errors.js';
export { AddEntity } from './application/registry/add-entity.js';
export { GetStatus } from './application/operations/get-status.js';
export { ListEntities } from './application/registry/list-entities.js';
export { LookupEntity } from './application/registry/lookup-entity.js';
export { ManageBlocklist } from './application/registry/manage-blocklist.js';
export { VerifyDomain } from './application/verdict/verify-domain.js';
export { AppConfig } from './application/ports/app-config.js';
export { Blocklist } from './application/ports/blocklist.js';
export { Clock } from './application/ports/clock.js';
export { EntityRepository, type NewEntity } from './application/ports/entity-repository.js';
export { Logger } from './application/ports/logger.js';
export { RegistryReader } from './application/ports/registry-reader.js';
export { SchemaMigrator } from './application/ports/schema-migrator.js';
export { buildContainer, type ContainerOptions } from './main.js';
export { startService, type RunningService } from './service.js';
export { main } from './cli.js';
// What an embedding service binds its own MCP tools and route areas to (ContainerOptions.modules).
export { MCP_TOOL, type ToolCaller, type ToolHints, type VettedTool } from './adapters/mcp/vetted-tool.js';
export { READS_STORED_DATA } from './adapters/mcp/tools/tool-args.js';
export { HttpRoutes } from './adapters/shared/http-routes.js';
export { bindHttpArea, type HttpArea, type HttpOperations } from './adapters/http/openapi/http-operations.js';
