import express from 'express';
import type { AddressInfo } from 'node:net';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { apiErrorHandler, MAX_STREAMS, sendJsonArray } from './rest';

/**
 * sendJsonArray over real HTTP, with a producer that has far more to send than the sockets hold (16 MB): a client
 * that stops reading is cut off once it has taken nothing for the stall time, and the producer is told to stop; a
 * client that reads slowly but steadily gets the whole list; the streams at once are capped; HEAD asks the producer
 * for nothing.
 */
const STALL_MS = 1_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Produced = { batches: number; told: 'go on' | 'stop' | 'running' };

describe('sendJsonArray and its clients (real HTTP)', () => {
  let server: Server;
  let base = '';
  let produced: Produced[] = [];
  const last = () => produced[produced.length - 1];

  beforeAll(async () => {
    const app = express();
    // /list?batches=160&size=100: `batches` batches of 1,000 items of about `size` characters
    app.get('/list', async (req, res) => {
      const batches = Number(req.query.batches ?? 160);
      const item = JSON.stringify({ padding: 'x'.repeat(Number(req.query.size ?? 100) - 14) });
      await sendJsonArray(
        res,
        async (write) => {
          const mine: Produced = { batches: 0, told: 'running' };
          produced.push(mine);
          for (let i = 0; i < batches; i++) {
            mine.batches++;
            if (!(await write(Array<string>(1000).fill(item)))) {
              mine.told = 'stop';
              return;
            }
          }
          mine.told = 'go on';
        },
        STALL_MS,
      );
    });
    app.use(apiErrorHandler);
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  beforeEach(() => (produced = []));
  afterAll(() => {
    server.closeAllConnections(); // a failed test's client may still hold its answer
    return new Promise((resolve) => server.close(resolve));
  });

  /** Reads the answer, `pauseMs` between chunks, and says how it ended. */
  function read(path: string, pauseMs: number): Promise<{ outcome: string; bytes: number }> {
    return new Promise((resolve, reject) => {
      let bytes = 0;
      request(`${base}${path}`, (res: IncomingMessage) => {
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          res.pause();
          setTimeout(() => res.resume(), pauseMs);
        });
        res.on('close', () => resolve({ outcome: res.complete ? 'ended' : 'cut off', bytes }));
      })
        .on('error', reject)
        .end();
    });
  }

  /** A client that takes the answer's first bytes and then no more (what it was sent is kept for a later read). */
  function stalled(): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      request(`${base}/list`, (answer) => answer.once('data', () => resolve(answer.pause())))
        .on('error', reject)
        .end();
    });
  }

  async function until(what: string, check: () => boolean) {
    for (const started = Date.now(); !check(); await sleep(20)) {
      if (Date.now() - started > 5_000) throw new Error(`not within 5 s: ${what}`);
    }
  }

  it('cuts off a client that takes nothing for the stall time, and tells the producer to stop', async () => {
    const res = await stalled();
    const started = Date.now();
    await until('the producer is told to stop', () => last().told !== 'running');
    expect(last().told).toBe('stop');
    expect(Date.now() - started).toBeGreaterThanOrEqual(STALL_MS / 2);
    expect(last().batches).toBeLessThan(160);
    // What the sockets held still arrives; then the answer ends short.
    const ended = new Promise((resolve) => res.on('close', () => resolve(res.complete ? 'complete' : 'cut off')));
    res.resume();
    expect(await ended).toBe('cut off');
  });

  it('sends the whole list to a client that reads fast', async () => {
    const answer = await read('/list?batches=160&size=100', 0);
    expect(answer).toEqual({ outcome: 'ended', bytes: 2 + (100 + 2) * 160 * 1000 - 2 });
    expect(produced).toEqual([{ batches: 160, told: 'go on' }]);
  });

  it('sends the whole list to a client that reads slowly but keeps reading', async () => {
    const answer = await read('/list?batches=160&size=100', 5);
    expect(answer).toEqual({ outcome: 'ended', bytes: 2 + (100 + 2) * 160 * 1000 - 2 });
    expect(produced).toEqual([{ batches: 160, told: 'go on' }]);
  }, 30_000);

  it(`streams ${MAX_STREAMS} answers at once, and tells one more that the venue is busy`, async () => {
    const clients = [];
    for (let i = 0; i < MAX_STREAMS; i++) clients.push(await stalled());
    const busy = await fetch(`${base}/list`);
    expect([busy.status, busy.headers.get('retry-after'), await busy.json()]).toEqual([
      503,
      '5',
      {
        message: 'Checkpoint is very busy right now. Please try again in a moment.',
        error: 'Checkpoint is very busy right now. Please try again in a moment.',
        code: 'SERVICE_UNAVAILABLE',
      },
    ]);
    expect(produced).toHaveLength(MAX_STREAMS);
    clients[0].destroy();
    await until('the first stream ends', () => produced[0].told === 'stop');
    expect((await read('/list?batches=2', 0)).outcome).toBe('ended');
    for (const client of clients) client.destroy();
    await until('every stream ends', () => produced.every((p) => p.told !== 'running'));
  });

  it('answers HEAD without asking the producer for anything', async () => {
    const head = await fetch(`${base}/list`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type')]).toEqual([200, 'application/json; charset=utf-8']);
    expect(produced).toEqual([]);
  });
});
