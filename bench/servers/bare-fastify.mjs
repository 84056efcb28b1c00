// Baseline: a bare Fastify 5 JSON hello-world, the same framework Folio runs on.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
const port = Number(process.env.PORT ?? 0);
const address = await app.listen({ host: '127.0.0.1', port });
process.stdout.write(`READY ${address}\n`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
