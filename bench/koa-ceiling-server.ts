// Koa's own ceiling here: the same kind of JSON answer with no work behind it.
import Koa from 'koa';

const app = new Koa();
app.use((ctx) => {
  ctx.set('Cache-Control', 'public, max-age=300');
  ctx.body = { success: true, data: { domain: ctx.path.slice(8), verified: false, entity: null } };
});
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ msg: 'listening', port: (server.address() as { port: number }).port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
