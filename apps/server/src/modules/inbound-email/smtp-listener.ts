import type { AddressInfo } from 'node:net';
import type { SMTPServerSession } from 'smtp-server';
import { loadSmtpServer } from '../../platform/heavy-modules';
import { companyCodeOfInboundAddress, inboundEmailMessages as msg } from '@flowline/shared';
import {
  checkRecipient,
  MailRefusal,
  receiveMessage,
  type InboundDeps,
  type RecipientCompany,
} from './service';

/**
 * The inbound SMTP listener (INBOUND_SMTP_PORT; docs/inbound-email.md). It answers refusals in
 * SMTP itself: an unknown mailbox or a sender over its hourly limit at RCPT TO, a message too
 * large, with too many or forbidden attachments at the end of DATA. TLS and authentication are
 * left to the relay in front of it (it listens on loopback by default).
 */

export interface InboundListener {
  port: number;
  close(): Promise<void>;
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

type Session = SMTPServerSession & { flowlineCompany?: RecipientCompany };

function smtpError(refusal: MailRefusal): Error {
  return Object.assign(new Error(refusal.message), { responseCode: refusal.responseCode });
}

export async function startInboundListener(
  deps: InboundDeps,
  log: Log,
  opts: { host: string; port: number },
): Promise<InboundListener> {
  const SMTPServer = await loadSmtpServer();
  const server = new SMTPServer({
    name: deps.config.domain,
    banner: 'Flowline inbound mail',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: deps.config.maxBytes,
    logger: false,
    maxClients: 50,
    socketTimeout: 60_000,
    onMailFrom(address, _session, callback) {
      if (!address.address) return callback(smtpError(new MailRefusal(550, msg.senderRequired)));
      callback();
    },
    onRcptTo(address, session: Session, callback) {
      if (session.flowlineCompany) {
        return callback(smtpError(new MailRefusal(452, msg.oneRecipient)));
      }
      const code = companyCodeOfInboundAddress(address.address, deps.config.domain);
      checkRecipient(
        deps,
        address.address,
        session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        code,
      )
        .then((company) => {
          session.flowlineCompany = company;
          callback();
        })
        .catch((error: unknown) => {
          if (error instanceof MailRefusal) return callback(smtpError(error));
          log.warn({ err: error }, 'inbound mail: recipient check failed');
          callback(smtpError(new MailRefusal(451, msg.temporaryFailure)));
        });
    },
    onData(stream, session: Session, callback) {
      const company = session.flowlineCompany;
      const sender = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
      if (!company) {
        stream.resume();
        return callback(smtpError(new MailRefusal(503, 'No valid recipient')));
      }
      receiveMessage(deps, company, sender, stream)
        .then((result) => {
          log.info(
            { companyId: company.id, documents: result.documentIds.length },
            'inbound mail received',
          );
          callback(null, `Received ${result.documentIds.length} document(s)`);
        })
        .catch((error: unknown) => {
          if (error instanceof MailRefusal) return callback(smtpError(error));
          log.warn({ err: error }, 'inbound mail failed');
          callback(smtpError(new MailRefusal(451, msg.temporaryFailure)));
        });
    },
  });
  server.on('error', (err) => log.warn({ err }, 'inbound SMTP listener error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
