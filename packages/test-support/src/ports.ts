import net from 'node:net';

/**
 * Each jest worker takes the ports of its tests' own servers from a band of its own, below the
 * kernel's ephemeral range (32768 and up). A port the kernel hands out (listen(0), or the local end
 * of any outgoing connection) could be taken by another worker's server between the pick and the
 * listen; then a readiness check may be answered by that other process, and a test talks to the
 * wrong server. Six bands of 2,000 ports from 20,000: more workers share bands, still checked.
 */
const FIRST_PORT = 20_000;
const BAND_SIZE = 2_000;
const BANDS = 6;
const band = (Math.max(1, Number(process.env.JEST_WORKER_ID ?? 1)) - 1) % BANDS;
/** Where in its band this module starts: a random place, since jest loads it afresh for every test file. */
let offset = Math.floor(Math.random() * BAND_SIZE);

const canListen = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** A port nothing listens on right now, for a server of the test's own. */
export async function freePort(): Promise<number> {
  for (let tried = 0; tried < BAND_SIZE; tried++) {
    const port = FIRST_PORT + band * BAND_SIZE + (offset++ % BAND_SIZE);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port in ${FIRST_PORT + band * BAND_SIZE}-${FIRST_PORT + (band + 1) * BAND_SIZE - 1}`);
}
