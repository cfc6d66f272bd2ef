import type { Router } from '@koa/router';
import { expect } from 'chai';
import { ContainerModule, inject, injectable } from 'inversify';
import { z } from 'zod';
// Only what the package root exports, as an embedding service imports it.
import { bindHttpArea, Clock, type HttpOperations, type HttpRoutes } from '../../src/index.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** A route area as an embedding service would add one: its routes and their operations in one class, and one binding. */
@injectable()
class ServiceTimeRoutes implements HttpRoutes {
  static readonly operations: HttpOperations = () => [
    {
      method: 'get',
      operationId: 'getServiceTime',
      path: '/time',
      tags: ['operations'],
      summary: 'The service clock',
      responses: { 200: { description: 'The instant.', content: { 'application/json': { schema: z.object({ now: z.string() }) } } } },
    },
  ];

  constructor(@inject(Clock) private readonly clock: Clock) {}

  mount(router: Router): void {
    router.get('/time', (ctx) => {
      ctx.body = { now: this.clock.now().toISOString() };
    });
  }
}

const added = new ContainerModule(({ bind }) => bindHttpArea(bind, ServiceTimeRoutes));

describe('an HTTP route area added as one class and one binding', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService(databaseKinds()[0]!, {}, { modules: [added] });
  });
  after(() => t?.stop());

  it('serves its route, and OpenAPI and /docs describe it from the declaration beside the mount', async () => {
    expect(((await (await t.get('/time')).json()) as { now: string }).now).to.match(/^\d{4}-/);
    const document = (await (await t.get('/openapi.json')).json()) as { paths: Record<string, Record<string, { summary: string }>> };
    expect(document.paths['/time']?.get?.summary).to.equal('The service clock');
    expect(document.paths['/verify/{domain}']?.get).to.not.equal(undefined);
    expect(await (await t.get('/docs')).text()).to.contain('The service clock');
  });
});
