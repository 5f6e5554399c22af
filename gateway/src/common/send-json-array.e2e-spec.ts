import express from 'express';
import type { AddressInfo } from 'node:net';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { sendJsonArray } from './rest';

/**
 * sendJsonArray over real HTTP, with a producer that has far more to send than the sockets hold (16 MB): a client
 * that stops reading is cut off once it has taken nothing for the stall time, and the producer is told to stop; a
 * client that reads slowly but steadily gets the whole list.
 */
const BATCHES = 160;
const ITEM = JSON.stringify({ padding: 'x'.repeat(90) });
const STALL_MS = 1_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sendJsonArray and a client that stops reading (real HTTP)', () => {
  let server: Server;
  let url = '';
  let produced: { batches: number; told: 'go on' | 'stop' | 'running' } = { batches: 0, told: 'running' };

  beforeAll(async () => {
    const app = express();
    app.get('/list', async (_req, res) => {
      produced = { batches: 0, told: 'running' };
      await sendJsonArray(
        res,
        async (write) => {
          for (let i = 0; i < BATCHES; i++) {
            produced.batches++;
            if (!(await write(Array<string>(1000).fill(ITEM)))) {
              produced.told = 'stop';
              return;
            }
          }
          produced.told = 'go on';
        },
        STALL_MS,
      );
    });
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/list`;
  });
  afterAll(() => {
    server.closeAllConnections(); // a failed test's client may still hold its answer
    return new Promise((resolve) => server.close(resolve));
  });

  /** Reads the answer, `pauseMs` between chunks, and says how it ended. */
  function read(pauseMs: number): Promise<{ outcome: string; bytes: number }> {
    return new Promise((resolve, reject) => {
      let bytes = 0;
      request(url, (res: IncomingMessage) => {
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          res.pause();
          setTimeout(() => res.resume(), pauseMs);
        });
        res.on('end', () => resolve({ outcome: 'ended', bytes }));
        res.on('error', (err) => resolve({ outcome: err.message, bytes }));
      })
        .on('error', reject)
        .end();
    });
  }

  it('cuts off a client that takes nothing for the stall time, and tells the producer to stop', async () => {
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      request(url, (answer) => answer.once('data', () => resolve(answer.pause()))) // the first bytes, then no more
        .on('error', reject)
        .end();
    });
    const started = Date.now();
    while (produced.told === 'running' && Date.now() - started < 5_000) await sleep(20);
    expect(produced.told).toBe('stop');
    expect(Date.now() - started).toBeGreaterThanOrEqual(STALL_MS / 2);
    expect(produced.batches).toBeLessThan(BATCHES);
    // What the sockets held still arrives; then the answer ends short.
    const ended = new Promise((resolve) => res.on('close', () => resolve(res.complete ? 'complete' : 'cut off')));
    res.resume();
    expect(await ended).toBe('cut off');
  });

  it('sends the whole list to a client that reads slowly but keeps reading', async () => {
    const answer = await read(5);
    expect(answer.outcome).toBe('ended');
    expect(produced).toEqual({ batches: BATCHES, told: 'go on' });
    expect(answer.bytes).toBe(2 + (ITEM.length + 2) * BATCHES * 1000 - 2);
  });
});
