import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { loadConfig } from '../config';
import { LocalDiskStorage, S3Storage, storageFor } from './storage';

describe('storage', () => {
  it('keeps files under the data folder and serves them under /uploads of the origin', async () => {
    const root = mkdtempSync(join(tmpdir(), 'storage-'));
    const storage = new LocalDiskStorage(root);
    await storage.put('products/a-sm.webp', Buffer.from('x'), 'image/webp');
    expect(readFileSync(join(root, 'products/a-sm.webp'), 'utf8')).toBe('x');
    expect(storage.url('products/a-sm.webp', 'https://shop.example')).toBe(
      'https://shop.example/uploads/products/a-sm.webp',
    );
    await storage.remove(['products/a-sm.webp', 'products/missing.webp']);
    expect(existsSync(join(root, 'products/a-sm.webp'))).toBe(false);
  });

  it('refuses keys that could leave its folder', async () => {
    const storage = new LocalDiskStorage(mkdtempSync(join(tmpdir(), 'storage-')));
    await expect(storage.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/unsafe/);
    await expect(storage.put('/etc/passwd', Buffer.from('x'), 'image/webp')).rejects.toThrow(/unsafe/);
  });

  it('uses S3 when a bucket is configured, with public URLs from S3_PUBLIC_URL or the endpoint', () => {
    const s3 = storageFor(loadConfig({ S3_BUCKET: 'media', S3_ENDPOINT: 'http://minio:9000', DATA_DIR: tmpdir() }));
    expect(s3).toBeInstanceOf(S3Storage);
    expect(s3.url('bar/x-lg.webp', 'https://ignored.example')).toBe('http://minio:9000/media/bar/x-lg.webp');
    const cdn = storageFor(
      loadConfig({ S3_BUCKET: 'media', S3_PUBLIC_URL: 'https://cdn.example/', DATA_DIR: tmpdir() }),
    );
    expect(cdn.url('bar/x-lg.webp', '')).toBe('https://cdn.example/bar/x-lg.webp');
    expect(storageFor(loadConfig({ DATA_DIR: tmpdir() }))).toBeInstanceOf(LocalDiskStorage);
  });

  it('gives up on an S3 endpoint that takes the connection and never answers, instead of waiting for ever', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const config = loadConfig({ S3_BUCKET: 'media', S3_ENDPOINT: endpoint, DATA_DIR: tmpdir() });
      const s3 = new S3Storage(
        { ...config.s3, bucket: 'media', accessKeyId: 'k', secretAccessKey: 's' },
        { connectionTimeout: 300, requestTimeout: 300, maxAttempts: 1 },
      );
      const started = Date.now();
      await expect(s3.put('bar/x-lg.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
