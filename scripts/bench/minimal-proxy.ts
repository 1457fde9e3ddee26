// The machine's ceiling as the developers' guide measured it (about 7,300 requests/s on its 2-core
// machines): one express app whose only middleware is http-proxy-middleware, in front of the bare
// JSON server (BARE_URL). Our gateway adds request ids, helmet, rate limits and routing to this.
import http from 'node:http';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { listen } from '@warriors/kit';

const app = express();
app.use(createProxyMiddleware({ target: process.env.BARE_URL, agent: new http.Agent({ keepAlive: true }) }));
void listen(app, Number(process.env.PORT ?? 0));
