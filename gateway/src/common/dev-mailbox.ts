import { BlockList, isIPv4 } from 'node:net';
import express, { type Router } from 'express';
import { escapeHtml } from './html';
import { readMailbox } from './mailer';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether the client (req.ip: behind a trusted proxy, the address it forwarded for) is this machine. */
function isThisMachine(ip: string | undefined): boolean {
  if (!ip) return false;
  const v4 = ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
  return isIPv4(v4) ? LOOPBACK.check(v4, 'ipv4') : LOOPBACK.check(ip, 'ipv6');
}

/**
 * Development only: the messages the file mailer wrote, so a newcomer without SMTP
 * can open the confirmation mail and click its link. Shown to this machine alone: the
 * mail holds every account's confirmation and reset links, and a development server
 * listens on every interface.
 */
export function devMailboxRouter(dataDir: string): Router {
  const router = express.Router();
  router.use('/dev/mailbox', (req, res, next) => {
    if (isThisMachine(req.ip)) return next();
    res.status(403).type('text').send('The dev mailbox is open to this machine only.');
  });
  router.get('/dev/mailbox', (_req, res) => {
    const rows = readMailbox(dataDir)
      .map(
        (m) =>
          `<tr><td>${escapeHtml(new Date(m.date).toLocaleString('en-US'))}</td><td>${escapeHtml(m.to)}</td>` +
          `<td><a href="/dev/mailbox/${encodeURIComponent(m.id)}">${escapeHtml(m.subject)}</a></td></tr>`,
      )
      .join('');
    res.type('html').send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title>
      <style>body{font-family:system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem}table{width:100%;border-collapse:collapse}td,th{padding:.5rem;border-bottom:1px solid #ddd;text-align:left}</style>
      </head><body><h1>Dev mailbox</h1><p>Mail written by Checkpoint while no SMTP server is configured. Newest first.</p>
      <table><thead><tr><th>Sent</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows || '<tr><td colspan="3">No mail yet.</td></tr>'}</tbody></table></body></html>`,
    );
  });
  router.get('/dev/mailbox/:id', (req, res) => {
    const mail = readMailbox(dataDir).find((m) => m.id === req.params.id);
    if (!mail) {
      res.status(404).type('text').send('No such message.');
      return;
    }
    res.type('html').send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title>
      <style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem}header{border-bottom:1px solid #ddd;margin-bottom:1rem}</style>
      </head><body><header><p><a href="/dev/mailbox">← Dev mailbox</a></p><p><b>To:</b> ${escapeHtml(mail.to)}<br><b>Subject:</b> ${escapeHtml(mail.subject)}</p></header>${mail.html}</body></html>`,
    );
  });
  return router;
}
