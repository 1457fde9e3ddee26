// The bench's baseline upstream: a bare express app answering a fixed JSON like a top-20 board,
// in a process of its own as every real service is.
import express from 'express';
import { listen } from '@warriors/kit';
import { BARE_PATH } from './bare-route';

const payload = Array.from({ length: 20 }, (_, i) => ({ id: `user-${i}`, name: `Warrior ${i}`, username: `warrior_${i}`, points: 1000 - i * 7, rank: i + 1 }));
const app = express();
app.get(BARE_PATH, (_req, res) => {
  res.json(payload);
});
app.get('/readyz', (_req, res) => {
  res.json({ status: 'ready' });
});
void listen(app, Number(process.env.PORT ?? 0));
