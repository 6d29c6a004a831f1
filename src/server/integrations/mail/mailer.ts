// Outgoing email (password-reset links, issue 27), only when the deployment sets SMTP_URL.
import nodemailer from "nodemailer";

export interface MailConfig {
  /** smtp://user:pass@host:port (STARTTLS when the server offers it) or smtps:// (TLS from the start). */
  smtpUrl: string;
  /** The From header: SMTP_FROM, else no-reply at PUBLIC_URL's host. */
  from: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** A connection per message (resets are rare: nothing is held open); a send that hangs ends within 30 s. */
export function createMailer(config: MailConfig): Mailer {
  const url = new URL(config.smtpUrl);
  const secure = url.protocol === "smtps:";
  const transport = nodemailer.createTransport(
    {
      host: url.hostname,
      port: Number(url.port) || (secure ? 465 : 587),
      secure,
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    },
    { from: config.from },
  );
  return {
    async send(mail) {
      await transport.sendMail(mail);
    },
  };
}
