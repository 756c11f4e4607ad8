// The portal as the browser journeys see it: the built server, a local EVM chain (chain.mjs) it reads USDT
// payments from, and a real SMTP server on 127.0.0.1 that the portal
// sends its mail to. Each received mail is written to $E2E_MAIL_DIR as JSON for the tests to read. Stops with the
// portal (Playwright ends it after the run).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { startChain } from './chain.mjs';

const mailDir = process.env.E2E_MAIL_DIR;
if (!mailDir) throw new Error('E2E_MAIL_DIR is not set');
mkdirSync(mailDir, { recursive: true });

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received += 1;
        const record = {
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
        };
        writeFileSync(
          path.join(mailDir, `${String(received).padStart(4, '0')}.json`),
          JSON.stringify(record),
        );
        callback();
      })
      .catch((err) => callback(err));
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = smtp.server.address().port;

const chain = await startChain();
writeFileSync(
  path.join(process.env.DATA_DIR ?? mailDir, 'chain.json'),
  JSON.stringify({ url: chain.url, token: chain.token, receiver: chain.receiver }),
);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const portal = spawn(
  process.execPath,
  [path.join(root, process.env.E2E_SERVER_MAIN ?? 'packages/server/dist/main.js')],
  {
    env: {
      ...process.env,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ERC20_RPC_URL: chain.url,
      ERC20_TOKEN_ADDRESS: chain.token,
      ERC20_DECIMALS: '6',
      ERC20_RECEIVE_ADDRESS: chain.receiver,
      ERC20_CONFIRMATIONS: '2',
      ERC20_START_BLOCK: '0',
      CHAIN_POLL_SECONDS: '1',
      // Behind a proxy as in production: test accounts register from addresses of their own (session.ts).
      TRUST_PROXY: 'true',
    },
    stdio: 'inherit',
  },
);
const stop = () => portal.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
portal.on('exit', (code) => {
  chain.stop();
  smtp.close(() => process.exit(code ?? 0));
});
