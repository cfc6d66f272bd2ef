import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { ContainerModuleLoadOptions, Newable } from 'inversify';
import { HttpRoutes } from '../../shared/http-routes.js';
import type { AnswerComponents } from './answer-schemas.js';

/**
 * The OpenAPI operations of one route area, made from the answers' components (so that a test
 * swapping an answer schema sees it in every operation that answers it).
 */
export type HttpOperations = (answers: AnswerComponents) => Operation[];

/** One OpenAPI operation: a route config with its operationId and tags required, so that generated clients name their methods. */
export type Operation = RouteConfig & { readonly operationId: string; tags: string[] };

/** The set of every area's operations: the OpenAPI document is made from it. */
export const HTTP_OPERATIONS = Symbol('HttpOperations');

/** A route area's class: it mounts its routes, and declares their OpenAPI operations beside them. */
export interface HttpArea extends Newable<HttpRoutes> {
  readonly operations: HttpOperations;
}

/**
 * Binds `area` to the set of route areas and its operations to the OpenAPI document's set: one
 * call, so that no area serves a route the document does not describe.
 */
export function bindHttpArea(bind: ContainerModuleLoadOptions['bind'], area: HttpArea, as: 'instance' | 'service' = 'instance'): void {
  if (as === 'service') bind<HttpRoutes>(HttpRoutes).toService(area);
  else bind<HttpRoutes>(HttpRoutes).to(area);
  bind<HttpOperations>(HTTP_OPERATIONS).toConstantValue(area.operations);
}
